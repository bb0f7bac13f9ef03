/**
 * Compiled docs kept between builds (on disk, in node_modules/.cache, where CI caches are restored) or
 * between watch mode's rebuilds (in memory): a doc whose key (compile-key.ts, with the generator's own
 * version) and whose read files are unchanged is not compiled again. The disk cache never keeps docs
 * that import component code: what that code reads when a later process runs it cannot be known.
 */
import path from 'node:path';
import type { CompiledMarkdown, MarkdownOptions } from '../markdown/compile.ts';
import type { Doc } from '../site/docs.ts';
import { compileKey, DependencyStamps, markdownOptionsKey } from './compile-key.ts';
import type { Entries } from './entries.ts';
import { entryKey } from './entry-store.ts';

export interface BuildCacheOptions {
  dir: string;
  /** Changes with the generator's code and packages: a new generator compiles everything again. */
  generatorKey: string;
  /** The cache is pruned to this size after a build, least recently used entries first. */
  maxBytes: number;
}

/** Relative to the project being built (the current folder), whichever generator builds it. */
export const DEFAULT_CACHE_DIR = path.join('node_modules', '.cache', 'redux-docs', 'pages');
/**
 * Most of it is pages' files, which are hard links to the output's (page-cache.ts): while the output is
 * there, they take no disk space of their own. At 10,000 pages the cache holds ~1.8 GiB.
 */
export const DEFAULT_CACHE_MAX_BYTES = 4 * 1024 * 1024 * 1024;

interface Entry { dependencies: string; compiled: CompiledMarkdown }

const COMPONENT_CODE = /\.[cm]?[jt]sx?$/;

/**
 * One build's (or rebuild's) view of the kept docs: it stamps each read file once, so a watch-mode
 * rebuild makes a new one over the same entries.
 */
export class CompileCache {
  private readonly optionsKey: string;
  private readonly stamps: DependencyStamps;
  private readonly keys = new WeakMap<Doc, string>();

  /** `store` is shared with the page cache (page-cache.ts), whose entries sit beside these; `keepsComponentPages` only where one process reads them back. */
  constructor(readonly store: Entries, readonly generatorKey: string, private readonly markdown: MarkdownOptions, private readonly keepsComponentPages = false) {
    this.optionsKey = markdownOptionsKey(markdown);
    this.stamps = new DependencyStamps(markdown);
  }

  /** Whether the doc may come from the cache (its read files are checked only by `read`). */
  has(doc: Doc): boolean {
    return this.store.has(this.keyOf(doc));
  }

  read(doc: Doc): CompiledMarkdown | undefined {
    const entry = this.store.read<Entry>(this.keyOf(doc));
    return entry && entry.dependencies === this.stamp(entry.compiled.dependencies) ? entry.compiled : undefined;
  }

  write(doc: Doc, compiled: CompiledMarkdown): void {
    if (!this.mayKeep(compiled)) return;
    this.store.write(this.keyOf(doc), { dependencies: this.stamp(compiled.dependencies), compiled } satisfies Entry);
  }

  /** False on disk for a doc that imports component code: what that code reads cannot be known. */
  mayKeep(compiled: CompiledMarkdown): boolean {
    return this.keepsComponentPages || !compiled.dependencies.some((file) => COMPONENT_CODE.test(file));
  }

  /** The files a compile read, as they are now. */
  stamp(files: string[]): string {
    return this.stamps.stamp(files);
  }

  keyOf(doc: Doc): string {
    let key = this.keys.get(doc);
    if (!key) {
      key = entryKey(`${this.generatorKey}\n${compileKey(doc, this.optionsKey, this.markdown)}`);
      this.keys.set(doc, key);
    }
    return key;
  }
}
