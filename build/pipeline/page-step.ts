/**
 * The per-page step, the same in the build (on whichever thread takes a page) and in watch mode: a doc
 * is restored whole from the cache, or compiled (or its compiled Markdown read back), given its route,
 * rendered, and written as files into a sink. The build's sink is the staging folder and its cache the
 * build cache on disk; watch mode's sink is its plan of files and its cache kept in memory. What the
 * rest of the site needs of a page (its links, its HTML for the search index, its warnings) is handed
 * back; no page is held after it is written.
 */
import { markdownSource, type Doc } from '../site/docs.ts';
import { CompileCache, type BuildCacheOptions } from '../cache/compile-cache.ts';
import { digest } from '../cache/compile-key.ts';
import { EntryStore } from '../cache/entry-store.ts';
import { PageCache, type GeneratedInput, type StoredPage } from '../cache/page-cache.ts';
import type { Warning } from '../errors.ts';
import { byteLength } from '../fs-utils.ts';
import type { PageLinkIndex } from '../links/checker.ts';
import { compileMarkdown, type CompiledMarkdown, type MarkdownOptions } from '../markdown/compile.ts';
import { DEFAULT_PAGE_LIMITS, pageOutputProblem } from '../markdown/limits.ts';
import { withinTimeBudget } from '../markdown/page-clock.ts';
import { markdownCopy } from '../output/llms.ts';
import { FolderWriter } from '../output/output-folder.ts';
import { docBody } from '../pages/generated-bodies.tsx';
import { pageFiles, type PageContext, type PageFiles, type PageInput, type PageRenderer } from '../pages/route-files.ts';
import { renderPage, renderRedirectPage } from '../pages/render.tsx';
import { shipSidebars, type ShippedSidebar } from '../pages/sidebar-chunks.ts';
import type { PageSink, RuntimeAssets } from '../output-layout.ts';
import { docRoute, type DocPageTask } from '../site/routes.ts';
import type { RouteData, SidebarItem, SiteConfig, SiteData } from '../../src/shared/types.ts';

/** What a thread needs to make pages; a worker gets it once, at start. */
export interface PageStepSetup {
  markdown: MarkdownOptions;
  config: SiteConfig;
  site: SiteData;
  sidebars: Record<string, SidebarItem[]>;
  themeScript: string;
  /** Below the output folder: where route chunks and sidebar modules go. */
  assetsDir: string;
}

/** The build's threads: they write into the staging output folder, and keep pages in the build cache (none with --no-cache). */
export interface FolderPageSetup extends PageStepSetup {
  outDir: string;
  cache?: BuildCacheOptions;
}

/** Watch mode renders with the theme bundled afresh after each change in `src/` (dev/bundles.ts); `id` tells bundles apart. */
export interface BundledRenderer { renderer: PageRenderer; id: string }

/** What the build keeps of a page made by any thread. */
export interface WrittenPage {
  permalink: string;
  /** The whole page, for the search index; dropped once Pagefind has it. Absent for a page restored from the cache: the index reads it back if it needs it. */
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
  /** For a doc page, what of it came from the cache: nothing, its compiled Markdown, or the whole page. */
  fromCache?: 'nothing' | 'compiled' | 'page';
}

/** A doc compiled (or taken from the cache), waiting to be written. */
export interface CompiledDoc { markdown: CompiledMarkdown; compileMs: number; fromCache: boolean }

/**
 * One thread's page step. Pages need the bundled runtime's URLs, which esbuild produces while the
 * first pages compile: `write` may only be called once `setRuntime` was.
 */
export class PageStep {
  readonly runtimeReady: Promise<void>;
  private resolveRuntime!: () => void;
  private rejectRuntime!: (error: unknown) => void;
  private context?: PageContext;
  private pageCache?: PageCache;
  /** How each sidebar ships; the site step writes their modules once. */
  readonly sidebars: Record<string, ShippedSidebar>;

  /** A build thread's step: into the staging folder, with the build cache on disk. */
  static inFolder(setup: FolderPageSetup): PageStep {
    const cache = setup.cache && new CompileCache(new EntryStore(setup.cache.dir), setup.cache.generatorKey, setup.markdown);
    return new PageStep(setup, new FolderWriter(setup.outDir), { cache, keptFrom: setup.outDir });
  }

  /** `keptFrom`: the folder the sink's files are kept from (page-cache.ts). */
  constructor(private readonly setup: PageStepSetup, private readonly sink: PageSink, private readonly options: { cache?: CompileCache; keptFrom?: string; renderer?: BundledRenderer } = {}) {
    this.sidebars = shipSidebars(setup.sidebars, setup.config.baseUrl, setup.assetsDir);
    this.runtimeReady = new Promise((resolve, reject) => {
      this.resolveRuntime = resolve;
      this.rejectRuntime = reject;
    });
    this.runtimeReady.catch(() => {}); // whoever waits for it gets the error
  }

  get hasRuntime(): boolean {
    return this.context !== undefined;
  }

  setRuntime(runtime: RuntimeAssets): void {
    const { config, site, themeScript, assetsDir } = this.setup;
    const renderer = this.options.renderer ?? { renderer: { renderPage, renderRedirectPage }, id: '' };
    this.context = { config, site, themeScript, runtime, sidebars: this.sidebars, assetsDir, renderer: renderer.renderer };
    const { cache } = this.options;
    if (cache) this.pageCache = new PageCache(cache, digest(JSON.stringify([config, site, themeScript, runtime, assetsDir, renderer.id])), this.setup.sidebars);
    this.resolveRuntime();
  }

  /** The runtime could not be bundled: pages waiting for it fail with its error, rather than wait for ever. */
  failRuntime(error: unknown): void {
    this.rejectRuntime(error);
  }

  /** The doc's page restored from the cache, if it is there and still what a render would make. */
  async reuse(task: DocPageTask): Promise<WrittenPage | undefined> {
    if (!this.options.cache?.has(task.doc)) return undefined;
    await this.runtimeReady;
    const started = performance.now();
    return this.restore(task.doc.permalink, this.pageCache!.read(task), started);
  }

  /** The page's files put back as the cache kept them, if it has them and the sink can take them. */
  private restore(permalink: string, stored: StoredPage | undefined, started: number): WrittenPage | undefined {
    if (!stored) return undefined;
    const read = performance.now();
    if (!stored.files.every((file) => this.sink.restore(file.path, file.source))) return undefined;
    return {
      permalink, htmlDigest: stored.htmlDigest, links: stored.links, unlisted: stored.unlisted, warnings: stored.warnings,
      files: stored.files.map((file) => file.path), bytes: stored.files.reduce((sum, file) => sum + file.bytes, 0), fromCache: 'page',
      threadMs: { compile: read - started, render: 0, write: performance.now() - read },
    };
  }

  /** A generated page (a category's index, a theme page): restored from the cache, or rendered and written. */
  writeGenerated(input: GeneratedInput): WrittenPage {
    const restored = this.pageCache && this.restore(input.route.permalink, this.pageCache.readGenerated(input), performance.now());
    // `fromCache` counts doc pages (the build cache's summary line); a generated page is not one.
    if (restored) return { ...restored, fromCache: undefined };
    return this.writeRoute(input, (written) => this.pageCache?.writeGenerated(input, this.options.keptFrom ?? '', { ...written, unlisted: input.route.unlisted }));
  }

  async compile({ doc }: DocPageTask): Promise<CompiledDoc> {
    const started = performance.now();
    const { cache } = this.options;
    const cached = cache?.read(doc);
    const markdown = cached ?? await compileMarkdown(markdownSource(doc), this.setup.markdown);
    if (!cached) cache?.write(doc, markdown);
    return { markdown, compileMs: performance.now() - started, fromCache: cached !== undefined };
  }

  /** Renders and writes the page in what is left of its time budget after its compile. */
  write(task: DocPageTask, compiled: CompiledDoc): WrittenPage {
    const { maxPageSeconds } = this.setup.markdown.limits ?? DEFAULT_PAGE_LIMITS;
    return withinTimeBudget(task.doc.displayPath, maxPageSeconds, () => this.writeCompiled(task, compiled), compiled.fromCache ? 0 : compiled.compileMs);
  }

  private writeCompiled(task: DocPageTask, { markdown, compileMs, fromCache }: CompiledDoc): WrittenPage {
    const { doc } = task;
    const route = docRoute(task, markdown, this.setup.config);
    const input = docPageInput(doc, route, markdown, this.setup.config, this.setup.markdown.permalinkBySourcePath);
    const page = this.writeRoute(input, (written) => this.pageCache?.write(task, markdown, this.options.keptFrom ?? '', { ...written, unlisted: route.unlisted }));
    return { ...page, warnings: markdown.warnings, threadMs: { ...page.threadMs, compile: compileMs }, fromCache: fromCache ? 'compiled' : 'nothing' };
  }

  /** Any route's page: a doc's, a generated index or a theme page (home, errors, not found). `written` sees its files once they are written. */
  writeRoute(input: PageInput, written?: (page: PageFiles & { htmlDigest: string }) => void): WrittenPage {
    if (!this.context) throw new Error('internal: a page was written before the runtime was bundled');
    const started = performance.now();
    const page = pageFiles(this.context, input);
    const { files, html, links } = page;
    const bytes = files.reduce((total, [, contents]) => total + byteLength(contents), 0);
    const overLimit = pageOutputProblem(bytes, input.sourceFile ?? input.route.permalink, this.setup.markdown.limits ?? DEFAULT_PAGE_LIMITS);
    if (overLimit) throw overLimit;
    const htmlDigest = digest(html);
    const rendered = performance.now();
    for (const [file, contents] of files) this.sink.write(file, contents);
    written?.({ ...page, htmlDigest });
    return {
      permalink: input.route.permalink, html, htmlDigest, links, unlisted: input.route.unlisted, files: files.map(([file]) => file), bytes, warnings: [],
      threadMs: { compile: 0, render: rendered - started, write: performance.now() - rendered },
    };
  }
}

/** A doc's page input: its body, its links and islands, and its Markdown copy (a React page has none: its body is the MDX that renders it, not its text). */
function docPageInput(doc: Doc, route: RouteData, compiled: CompiledMarkdown, config: SiteConfig, permalinkBySourcePath: Map<string, string>): PageInput {
  return {
    route, body: docBody(doc, compiled.html), sourceFile: doc.displayPath, sourceLinks: compiled.links, islands: compiled.islands, clientPage: compiled.clientPage, assets: compiled.assets,
    markdownCopy: doc.page === 'react' ? undefined : markdownCopy(doc, config, permalinkBySourcePath),
  };
}
