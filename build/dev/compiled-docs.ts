/**
 * Watch mode's compiled docs, kept by doc id with a key of everything a doc was compiled from
 * (cache/compile-key.ts): a save compiles the docs whose key changed and nothing else.
 */
import { compileKey, DependencyStamps, markdownOptionsKey } from '../cache/compile-key.ts';
import { contentErrorsOf, rethrow, throwIfAny, type ContentError } from '../errors.ts';
import type { CompiledMarkdown, MarkdownOptions } from '../markdown/compile.ts';
import { compilePages } from '../pages/workers.ts';
import { markdownSource, type Doc } from '../site/docs.ts';

export class CompiledDocs {
  private readonly byId = new Map<string, { key: string; compiled: CompiledMarkdown; dependencies: string }>();
  /** Ids of the docs the last `compile()` compiled; the others came from the cache. */
  recompiled: string[] = [];

  /** Every doc compiled; a doc that was not compiled again keeps the same object. */
  async compile(docs: Doc[], options: MarkdownOptions, onProgress: (done: number, total: number) => void): Promise<Map<string, CompiledMarkdown>> {
    const optionsKey = markdownOptionsKey(options);
    const stamps = new DependencyStamps(options);
    const compiled = new Map<string, CompiledMarkdown>();
    const stale: { doc: Doc; key: string }[] = [];
    for (const doc of docs) {
      const key = compileKey(doc, optionsKey, options);
      const cached = this.byId.get(doc.id);
      if (cached?.key === key && cached.dependencies === stamps.stamp(cached.compiled.dependencies)) compiled.set(doc.id, cached.compiled);
      else stale.push({ doc, key });
    }
    const sources = stale.map(({ doc }) => markdownSource(doc));
    let done = 0;
    const outcomes = await compilePages(sources, options, () => onProgress(++done, stale.length));
    const errors: ContentError[] = [];
    this.recompiled = [];
    outcomes.forEach((outcome, index) => {
      const { doc, key } = stale[index];
      this.byId.delete(doc.id);
      if (outcome.status === 'rejected') {
        errors.push(...contentErrorsOf(outcome.reason) ?? rethrow(outcome.reason));
        return;
      }
      this.byId.set(doc.id, { key, compiled: outcome.value, dependencies: stamps.stamp(outcome.value.dependencies) });
      compiled.set(doc.id, outcome.value);
      this.recompiled.push(doc.id);
    });
    for (const id of this.byId.keys()) if (!compiled.has(id)) this.byId.delete(id);
    throwIfAny(errors);
    return compiled;
  }
}
