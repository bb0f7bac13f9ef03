/**
 * Doc pages kept whole between builds: a page is written from its stored files, not compiled or
 * rendered, when everything it is made from is unchanged — its compiled Markdown's key and read
 * files (compile-cache.ts), the doc's front matter and dates, its place in the sidebar and its
 * neighbours, the sidebar it shows, and what every page is rendered with (the config, the site
 * data, the theme script, the runtime's URLs, hence the theme). A sidebar label change renders again
 * the pages showing that sidebar; a theme change, every page.
 */
import type { Warning } from '../errors.ts';
import type { PageLinkIndex } from '../links/checker.ts';
import type { CompiledMarkdown } from '../markdown/compile.ts';
import type { PageFiles } from '../pages/page-files.ts';
import type { DocPageTask } from '../pages/page-writer.ts';
import type { SidebarItem } from '../../src/shared/types.ts';
import type { CompileCache } from './compile-cache.ts';
import { digest } from './compile-key.ts';
import { entryKey } from './entry-store.ts';
import { packFiles, unpackFiles } from './file-bundle.ts';

/** A stored page: what the build keeps of it, with its files. */
export interface StoredPage {
  files: [string, Buffer][];
  html: string;
  htmlDigest: string;
  links: PageLinkIndex;
  unlisted?: boolean;
  warnings: Warning[];
}

interface Header {
  /** The compile's read files and their stamp when the page was stored. */
  dependencies: string[];
  stamp: string;
  /** Which of the files is the page's HTML, and its hash. */
  htmlFile: number;
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
    const packed = this.compileCache.store.readBytes(this.keyOf(task));
    if (!packed) return undefined;
    const { header, files } = unpackFiles<Header>(packed);
    if (header.stamp !== this.compileCache.stamp(header.dependencies)) return undefined;
    return {
      files, html: files[header.htmlFile][1].toString('utf8'), htmlDigest: header.htmlDigest, unlisted: header.unlisted, warnings: header.warnings,
      links: { ...header.links, ids: new Set(header.links.ids) },
    };
  }

  write(task: DocPageTask, compiled: CompiledMarkdown, { files, html, htmlDigest, links, unlisted }: PageFiles & { htmlDigest: string; unlisted?: boolean }): void {
    if (!links || !this.compileCache.mayKeep(compiled)) return;
    const header: Header = {
      dependencies: compiled.dependencies, stamp: this.compileCache.stamp(compiled.dependencies),
      htmlFile: files.findIndex(([, contents]) => contents === html), htmlDigest,
      links: { ...links, ids: [...links.ids] }, unlisted, warnings: compiled.warnings,
    };
    this.compileCache.store.writeBytes(this.keyOf(task), packFiles(header, files));
  }

  private keyOf({ doc, placement, neighbours }: DocPageTask): string {
    const sidebar = placement && this.sidebarKey(placement.sidebarName);
    const page = JSON.stringify([{ ...doc, body: undefined }, placement, neighbours, sidebar]);
    return entryKey(`page\n${this.compileCache.keyOf(doc)}\n${this.renderKey}\n${page}`);
  }

  private sidebarKey(name: string): string {
    let key = this.sidebarKeys.get(name);
    if (key === undefined) this.sidebarKeys.set(name, (key = digest(JSON.stringify(this.sidebars[name] ?? null))));
    return key;
  }
}
