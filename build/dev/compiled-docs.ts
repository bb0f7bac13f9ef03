/**
 * Watch mode's compiled docs, kept by doc id with a key of everything a doc was compiled from (its
 * text, its place, the compile options, the targets of its `.md` links, the presence of its images):
 * a save compiles the docs whose key changed and nothing else.
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { contentErrorsOf, rethrow, throwIfAny, type ContentError } from '../errors.ts';
import type { CompiledMarkdown, MarkdownOptions } from '../markdown/compile.ts';
import { markdownLinkPath, staticFilePath } from '../markdown/links.ts';
import { compilePages } from '../pages/workers.ts';
import type { Doc } from '../site/docs.ts';

export class CompiledDocs {
  private readonly byId = new Map<string, { key: string; compiled: CompiledMarkdown; dependencies: string }>();
  /** Ids of the docs the last `compile()` compiled; the others came from the cache. */
  recompiled: string[] = [];

  /** Every doc compiled; a doc that was not compiled again keeps the same object. */
  async compile(docs: Doc[], options: MarkdownOptions, onProgress: (done: number, total: number) => void): Promise<Map<string, CompiledMarkdown>> {
    const optionsKey = JSON.stringify([options.staticDirs, options.baseUrl, options.minTocLevel, options.maxTocLevel, options.limits, options.format, options.allowComponentCode, options.embedHosts, options.onBrokenMarkdownLinks]);
    const compiled = new Map<string, CompiledMarkdown>();
    const stale: { doc: Doc; key: string }[] = [];
    for (const doc of docs) {
      const key = compileKey(doc, optionsKey, options);
      const cached = this.byId.get(doc.id);
      if (cached?.key === key && cached.dependencies === dependencyStamp(cached.compiled)) compiled.set(doc.id, cached.compiled);
      else stale.push({ doc, key });
    }
    const sources = stale.map(({ doc }) => ({ sourcePath: doc.sourcePath, displayPath: doc.displayPath, body: doc.body, lineOffset: doc.bodyLineOffset }));
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
      this.byId.set(doc.id, { key, compiled: outcome.value, dependencies: dependencyStamp(outcome.value) });
      compiled.set(doc.id, outcome.value);
      this.recompiled.push(doc.id);
    });
    for (const id of this.byId.keys()) if (!compiled.has(id)) this.byId.delete(id);
    throwIfAny(errors);
    return compiled;
  }
}

/** The partials and modules a page read, as they are now: an edit to one recompiles the page. */
function dependencyStamp({ dependencies }: CompiledMarkdown): string {
  return JSON.stringify(dependencies.map((file) => [file, existsSync(file) ? statSync(file).mtimeMs : 0]));
}

// Over-approximations, which is safe for a cache key: anything that looks like a `.md` link target
// or an absolute path in a link or image. Both resolve as markdown/links.ts resolves them. (Matching
// the `![alt]` before it took quadratic time on a line of many `![`.)
const ABSOLUTE_IMAGE = /\]\(\s*<?(\/[^)\s>#?]+)/g;
const TARGET_STOP = /[\s()<>[\]"'`]/;

/** Every `….md` / `….mdx` word of a text, found from each ".md" backwards (a regex would backtrack on long words). */
function markdownTargets(text: string): Set<string> {
  const targets = new Set<string>();
  for (let index = text.indexOf('.md'); index !== -1; index = text.indexOf('.md', index + 3)) {
    const end = text[index + 3] === 'x' ? index + 4 : index + 3;
    if (end < text.length && /\w/.test(text[end])) continue;
    let start = index;
    while (start > 0 && !TARGET_STOP.test(text[start - 1])) start--;
    if (start < index) targets.add(text.slice(start, end));
  }
  return targets;
}

/** What a doc's compile key needs from its body, found once per parsed doc (watch mode keys every doc on every save). */
const bodyFacts = new WeakMap<Doc, { targets: { target: string; linkPath: string }[]; images: string[]; digest: string }>();

function factsOf(doc: Doc) {
  let facts = bodyFacts.get(doc);
  if (!facts) {
    facts = {
      targets: [...markdownTargets(doc.body)].map((target) => ({
        target,
        linkPath: markdownLinkPath(doc.sourcePath, target),
      })),
      images: [...new Set([...doc.body.matchAll(ABSOLUTE_IMAGE)].map((match) => match[1]))],
      digest: createHash('sha1').update(doc.body).digest('base64'),
    };
    bodyFacts.set(doc, facts);
  }
  return facts;
}

function compileKey(doc: Doc, optionsKey: string, { permalinkBySourcePath, staticDirs }: MarkdownOptions): string {
  const facts = factsOf(doc);
  const linkTargets = facts.targets.map(({ target, linkPath }) => `${target}=${permalinkBySourcePath.get(linkPath) ?? ''}`);
  const images = facts.images.map((image) => {
    return `${image}=${staticDirs.some((dir) => existsSync(path.join(dir, staticFilePath(image))))}`;
  });
  return createHash('sha1')
    .update(JSON.stringify([doc.sourcePath, doc.displayPath, doc.bodyLineOffset, optionsKey, linkTargets, images, facts.digest]))
    .digest('base64');
}
