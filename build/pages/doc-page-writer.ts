/**
 * A doc's way from Markdown to files on disk, on whichever thread takes it: compile, render the
 * page, write its files into the staging folder, and hand back only what the rest of the build
 * needs (its links, its HTML for the search index, its warnings). No page is held after it is
 * written, so the build's memory does not grow with the number of pages.
 */
import { markdownSource } from '../site/docs.ts';
import { CompileCache, type BuildCacheOptions } from '../cache/compile-cache.ts';
import { digest } from '../cache/compile-key.ts';
import { PageCache } from '../cache/page-cache.ts';
import type { Warning } from '../errors.ts';
import type { PageLinkIndex } from '../links/checker.ts';
import { compileMarkdown, type CompiledMarkdown, type MarkdownOptions } from '../markdown/compile.ts';
import { DEFAULT_PAGE_LIMITS, pageOutputProblem } from '../markdown/limits.ts';
import { withinTimeBudget } from '../markdown/page-clock.ts';
import { FolderWriter } from '../output/output-folder.ts';
import { pageFiles, type PageContext, type PageFiles, type PageInput } from './route-files.ts';
import { ASSETS_DIR, type RuntimeAssets } from '../output-layout.ts';
import { renderPage, renderRedirectPage } from './render.tsx';
import { docRoute, type DocPageTask } from '../site/routes.ts';
import { shipSidebars, type ShippedSidebar } from './sidebar-chunks.ts';
import { docPageInput } from './doc-page-input.ts';
import type { SidebarItem, SiteConfig, SiteData } from '../../src/shared/types.ts';

/** What a thread needs to write pages; a worker gets it once, at start. */
export interface DocPagesSetup {
  markdown: MarkdownOptions;
  config: SiteConfig;
  site: SiteData;
  sidebars: Record<string, SidebarItem[]>;
  themeScript: string;
  /** The staging output folder. */
  outDir: string;
  /** Compiled docs kept between builds; none with --no-cache. */
  cache?: BuildCacheOptions;
}


/** What the build keeps of a written page. */
export interface WrittenPage {
  permalink: string;
  /** The whole page, for the search index; dropped once Pagefind has it. Absent for a page linked from the build cache: the index reads it back if it needs it. */
  html?: string;
  /** A hash of `html`, made on the page's thread: the search index tells unchanged pages by it. */
  htmlDigest: string;
  /** Undefined for the not-found page. */
  links?: PageLinkIndex;
  /** Left out of the search index. */
  unlisted?: boolean;
  /** Paths below the output folder. */
  files: string[];
  bytes: number;
  warnings: Warning[];
  /** Time this page took on its thread, per step. */
  threadMs: { compile: number; render: number; write: number };
  /** For a doc page, what of it came from the build cache: nothing, its compiled Markdown, or the whole page. */
  fromCache?: 'nothing' | 'compiled' | 'page';
}

/** A doc compiled (or taken from the cache), waiting to be written. */
export interface CompiledDoc { markdown: CompiledMarkdown; compileMs: number; fromCache: boolean }

/**
 * One thread's page writer. Pages need the bundled runtime's URLs, which esbuild produces while
 * the first pages compile: `write` may only be called once `setRuntime` was.
 */
export class DocPageWriter {
  readonly runtimeReady: Promise<void>;
  private resolveRuntime!: () => void;
  private context?: PageContext;
  private readonly output: FolderWriter;
  private readonly cache?: CompileCache;
  private pageCache?: PageCache;
  /** How each sidebar ships; the build writes their modules once. */
  readonly sidebars: Record<string, ShippedSidebar>;

  constructor(private readonly setup: DocPagesSetup) {
    this.output = new FolderWriter(setup.outDir);
    this.cache = setup.cache && new CompileCache(setup.cache, setup.markdown);
    this.sidebars = shipSidebars(setup.sidebars, setup.config.baseUrl, ASSETS_DIR);
    this.runtimeReady = new Promise((resolve) => (this.resolveRuntime = resolve));
  }

  get hasRuntime(): boolean {
    return this.context !== undefined;
  }

  setRuntime(runtime: RuntimeAssets): void {
    const { config, site, themeScript } = this.setup;
    this.context = {
      config, site, themeScript, runtime,
      sidebars: this.sidebars,
      assetsDir: ASSETS_DIR,
      renderer: { renderPage, renderRedirectPage },
    };
    if (this.cache) this.pageCache = new PageCache(this.cache, digest(JSON.stringify([config, site, themeScript, runtime])), this.setup.sidebars);
    this.resolveRuntime();
  }

  /** The doc's page written from the build cache, if it is there and still what a render would make. */
  async reuse(task: DocPageTask): Promise<WrittenPage | undefined> {
    if (!this.cache?.has(task.doc)) return undefined;
    await this.runtimeReady;
    const started = performance.now();
    const stored = this.pageCache!.read(task);
    if (!stored) return undefined;
    const read = performance.now();
    const { permalink } = task.doc;
    for (const file of stored.files) this.output.linkOrCopyFile(file.source, file.path);
    return {
      permalink, htmlDigest: stored.htmlDigest, links: stored.links, unlisted: stored.unlisted, warnings: stored.warnings,
      files: stored.files.map((file) => file.path), bytes: stored.files.reduce((sum, file) => sum + file.bytes, 0), fromCache: 'page',
      threadMs: { compile: read - started, render: 0, write: performance.now() - read },
    };
  }

  async compile({ doc }: DocPageTask): Promise<CompiledDoc> {
    const started = performance.now();
    const cached = this.cache?.read(doc);
    const markdown = cached ?? await compileMarkdown(markdownSource(doc), this.setup.markdown);
    if (!cached) this.cache?.write(doc, markdown);
    return { markdown, compileMs: performance.now() - started, fromCache: cached !== undefined };
  }

  /** Renders and writes the page in what is left of its time budget after its compile. */
  write(task: DocPageTask, compiled: CompiledDoc): WrittenPage {
    const { maxPageSeconds } = this.setup.markdown.limits ?? DEFAULT_PAGE_LIMITS;
    return withinTimeBudget(task.doc.displayPath, maxPageSeconds, () => this.writeCompiled(task, compiled), compiled.fromCache ? 0 : compiled.compileMs);
  }

  private writeCompiled(task: DocPageTask, { markdown, compileMs, fromCache }: CompiledDoc): WrittenPage {
    const { doc, placement, neighbours } = task;
    const route = docRoute(doc, markdown, placement, this.setup.config, neighbours);
    const input = docPageInput(doc, route, markdown, this.setup.config, this.setup.markdown.permalinkBySourcePath);
    const page = this.writeRoute(input, (written) => this.pageCache?.write(task, markdown, this.output.dir, { ...written, unlisted: route.unlisted }));
    return { ...page, warnings: markdown.warnings, threadMs: { ...page.threadMs, compile: compileMs }, fromCache: fromCache ? 'compiled' : 'nothing' };
  }

  /** Any route's page: a doc's, or a theme page (home, errors, not found). `written` sees its files once they are written. */
  writeRoute(input: PageInput, written?: (page: PageFiles & { htmlDigest: string }) => void): WrittenPage {
    if (!this.context) throw new Error('internal: a page was written before the runtime was bundled');
    const started = performance.now();
    const page = pageFiles(this.context, input);
    const { files, html, links } = page;
    const overLimit = pageOutputProblem(files.reduce((total, [, contents]) => total + Buffer.byteLength(contents), 0), input.sourceFile ?? input.route.permalink, this.setup.markdown.limits ?? DEFAULT_PAGE_LIMITS);
    if (overLimit) throw overLimit;
    const htmlDigest = digest(html);
    const rendered = performance.now();
    const bytesBefore = this.output.bytesWritten;
    for (const [file, contents] of files) this.output.write(file, contents);
    written?.({ ...page, htmlDigest });
    return {
      permalink: input.route.permalink, html, htmlDigest, links, unlisted: input.route.unlisted, files: files.map(([file]) => file), bytes: this.output.bytesWritten - bytesBefore, warnings: [],
      threadMs: { compile: 0, render: rendered - started, write: performance.now() - rendered },
    };
  }
}
