/**
 * Pages kept whole between builds (or watch mode's rebuilds): a page's files are restored into the
 * output from what its entry kept of them (entries.ts: blobs to hard-link on disk, content hashes watch
 * mode's folder holds), not compiled, rendered or written, when everything it is made from is
 * unchanged. A generated page (a category's index, a theme page) is made from its route and body; a
 * doc's page from its compiled Markdown's key and read files (compile-cache.ts), the doc's front
 * matter and dates, its place in the sidebar and its neighbours, the sidebar it shows, and what every
 * page is rendered with (the config, the site data, the theme script, the runtime's URLs, hence the
 * theme). A sidebar label change renders again the pages showing that sidebar; a theme change, every
 * page.
 */
import type { Warning } from '../errors.ts';
import { byteLength } from '../fs-utils.ts';
import type { PageLinkIndex } from '../links/checker.ts';
import type { CompiledMarkdown } from '../markdown/compile.ts';
import type { OutputFiles } from '../output-layout.ts';
import type { DocPageTask } from '../site/routes.ts';
import type { RouteData, SidebarItem } from '../../src/shared/types.ts';
import type { CompileCache } from './compile-cache.ts';
import { digest } from './compile-key.ts';
import type { KeptFile } from './entries.ts';
import { entryKey } from './entry-store.ts';

/** A page made without Markdown: its route and the body HTML the build made for it. */
export interface GeneratedInput { route: RouteData; body?: string }

/** What a page's render wrote, to keep. */
interface WrittenFiles { files: OutputFiles; htmlDigest: string; links?: PageLinkIndex; unlisted?: boolean }

/** A stored page: what the build keeps of it, and its files as blobs to link into the output. */
export interface StoredPage {
  files: (KeptFile & { source: string })[];
  htmlDigest: string;
  links: PageLinkIndex;
  unlisted?: boolean;
  warnings: Warning[];
}

interface Entry {
  /** The compile's read files and their stamp when the page was stored. */
  dependencies: string[];
  stamp: string;
  files: KeptFile[];
  htmlDigest: string;
  links: Omit<PageLinkIndex, 'ids'> & { ids: string[] };
  unlisted?: boolean;
  warnings: Warning[];
}

export class PageCache {
  private readonly sidebarKeys = new Map<string, string>();

  /** `renderKey`: a hash of what every page of this build is rendered with. */
  constructor(private readonly compileCache: CompileCache, private readonly renderKey: string, private readonly sidebars: Record<string, SidebarItem[]>) {}

  read(task: DocPageTask): StoredPage | undefined {
    return this.readEntry(this.keyOf(task));
  }

  /** A generated page (a category's index, a theme page): made from its input alone, with what every page is rendered with. */
  readGenerated(input: GeneratedInput): StoredPage | undefined {
    return this.readEntry(this.generatedKeyOf(input));
  }

  private readEntry(key: string): StoredPage | undefined {
    const { store } = this.compileCache;
    const entry = store.read<Entry>(key);
    if (!entry || entry.stamp !== this.compileCache.stamp(entry.dependencies)) return undefined;
    const files = store.keptFiles(key, entry.files);
    return files && { files, htmlDigest: entry.htmlDigest, unlisted: entry.unlisted, warnings: entry.warnings, links: { ...entry.links, ids: new Set(entry.links.ids) } };
  }

  /** Keeps the page's files, just written below `outDir`, as the entry's blobs. */
  write(task: DocPageTask, compiled: CompiledMarkdown, outDir: string, page: WrittenFiles): void {
    if (this.compileCache.mayKeep(compiled)) this.writeEntry(this.keyOf(task), compiled.dependencies, compiled.warnings, outDir, page);
  }

  writeGenerated(input: GeneratedInput, outDir: string, page: WrittenFiles): void {
    this.writeEntry(this.generatedKeyOf(input), [], [], outDir, page);
  }

  private writeEntry(key: string, dependencies: string[], warnings: Warning[], outDir: string, { files, htmlDigest, links, unlisted }: WrittenFiles): void {
    if (!links) return;
    const { store } = this.compileCache;
    const kept = store.keepFiles(key, outDir, files.map(([file, contents]) => ({ path: file, bytes: byteLength(contents), contents })));
    if (!kept) return;
    const entry: Entry = {
      dependencies, stamp: this.compileCache.stamp(dependencies), files: kept, htmlDigest,
      links: { ...links, ids: [...links.ids] }, unlisted, warnings,
    };
    store.write(key, entry);
  }

  private generatedKeyOf(input: GeneratedInput): string {
    const sidebarName = input.route.sidebarName;
    return entryKey(`generated\n${this.compileCache.generatorKey}\n${this.renderKey}\n${JSON.stringify(input)}\n${sidebarName ? this.sidebarKey(sidebarName) : ''}`);
  }

  private keyOf({ doc, placement, neighbours, versions }: DocPageTask): string {
    const sidebar = placement && this.sidebarKey(placement.sidebarName);
    const page = JSON.stringify([{ ...doc, body: undefined }, placement, neighbours, sidebar, versions]);
    return entryKey(`page\n${this.compileCache.keyOf(doc)}\n${this.renderKey}\n${page}`);
  }

  private sidebarKey(name: string): string {
    let key = this.sidebarKeys.get(name);
    if (key === undefined) this.sidebarKeys.set(name, (key = digest(JSON.stringify(this.sidebars[name] ?? null))));
    return key;
  }
}
