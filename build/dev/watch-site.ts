import path from 'node:path';
import { bundleRuntime, type RuntimeBundle } from '../client/bundle.ts';
import { CompileCache } from '../cache/compile-cache.ts';
import { MemoryEntries } from '../cache/entries.ts';
import { contentErrorsOf, formatProblem, rethrow, throwIfAny, type ContentError } from '../errors.ts';
import type { MarkdownOptions } from '../markdown/compile.ts';
import { FilePlan } from '../output/file-plan.ts';
import { PageStep, type WrittenPage } from '../pipeline/page-step.ts';
import { writePagesHere } from '../pipeline/page-queue.ts';
import { sitePages, type SitePages } from '../pipeline/site-pages.ts';
import { completeSite, writeGeneratedPages, writeSharedFiles } from '../pipeline/site-step.ts';
import { compilePages, WorkQueue } from '../pipeline/workers.ts';
import { WrittenPages } from '../pipeline/written-pages.ts';
import { markdownSource, type DocCache } from '../site/docs.ts';
import { markdownOptions, type SiteOptions, type SiteSources } from '../site/load.ts';
import { loadSiteSources } from '../pipeline/site-sources.ts';
import type { DocPageTask } from '../site/routes.ts';
import { TaskTimer } from '../task.ts';
import { bundleRenderer, type Renderer } from './bundles.ts';
import { DevOutput } from './watch-output.ts';

export interface DevSiteOptions extends Omit<SiteOptions, 'outDir'> {
  /** The folder whose `src/` is the theme and runtime (the generator's own, or a copy of it). */
  themeRoot: string;
  /** Watch mode's folder: `site/` is served. */
  devDir: string;
}

/** What one rebuild did, for the terminal line and the browsers' reload decision. */
export interface RebuildReport {
  /** Permalinks whose page was rendered again or removed. */
  changed: string[];
  /** Of those, the pages that are gone. */
  removed: string[];
  /** Every page was rendered again (assets, config, theme or a shared sidebar changed). */
  all: boolean;
  /** Docs compiled again (display paths). */
  recompiled: string[];
  bundled: boolean;
  /** Time per stage: the loading stages of `loadSite`, compile, bundle, render, check links, write. */
  timings: TaskTimer['timings'];
  /** Warnings not printed by an earlier rebuild. */
  newWarnings: string[];
}

/** The site of the last successful rebuild: what the server and the watcher need of it. */
export interface SiteModel extends SiteSources {
  pageCount: number;
  /** Every file a doc's compile read (watch mode watches them). */
  readFiles: string[];
}

const DEV_ASSETS = 'assets/dev';

/**
 * The site in watch mode: every rebuild runs the build's pipeline (pipeline/), on this thread, into a
 * plan of its folder. What a rebuild keeps for the next is the cache the build keeps on disk, here in
 * memory: compiled docs (a save compiles the docs whose inputs changed, on every core) and whole pages
 * (a page is rendered again only when what it is made from changed). The runtime and renderer are
 * bundled again only after a change in `src/` (or in the site data and CSS the runtime embeds).
 * The folder is written only when the whole rebuild succeeded, links checked included.
 */
export class DevSite {
  readonly output: DevOutput;
  model?: SiteModel;
  private readonly docCache: DocCache = new Map();
  private readonly kept = new MemoryEntries();
  private runtime?: { key: string; bundle: RuntimeBundle };
  private renderer?: { renderer: Renderer; id: string };
  /** Bumped by every change in `src/`; the bundles were made from `bundledVersion`. */
  private sourceVersion = 0;
  private bundledVersion = -1;
  /** Each page's files, by permalink, as the folder holds them. */
  private pages = new Map<string, string[]>();
  private shownWarnings = new Set<string>();

  constructor(readonly options: DevSiteOptions) {
    this.output = new DevOutput(path.join(options.devDir, 'site'));
  }

  /** A file in `src/` changed: the next rebuild bundles the runtime and the renderer again. */
  sourceDidChange(): void {
    this.sourceVersion++;
  }

  /** True once a rebuild succeeded: the folder holds a whole site. */
  get hasSite(): boolean {
    return this.pages.size > 0;
  }

  /** Before any rebuild succeeded: a not-found page that says so (the overlay shows the error). */
  writePlaceholder(): void {
    if (this.hasSite) return;
    const html = '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Build failed</title>\n</head>\n<body>\n<p>The first build failed: see the terminal. This page reloads when the problem is fixed.</p>\n</body>\n</html>\n';
    const plan = new FilePlan(() => undefined);
    plan.write('404.html', html);
    this.output.apply(plan.files);
  }

  async rebuild(): Promise<RebuildReport> {
    const timer = new TaskTimer(() => {});
    const sources = await loadSiteSources(this.options, timer, this.docCache);
    const pageList = sitePages(sources);
    const markdown = markdownOptions(sources);
    const cache = new CompileCache(this.kept, '', markdown, true);
    const recompiled = await timer.run('compile markdown', () => this.compileChanged(pageList.docs, cache, markdown, timer));
    const bundled = await timer.run('bundle', () => this.bundle(sources));
    const { plan, written, warnings } = await this.makeSite(sources, pageList, { markdown, cache }, timer);
    const newWarnings = this.unseenWarnings(warnings.map(formatProblem));
    const { changed, removed } = await timer.run('write', () => this.publish(plan, written));
    const readFiles = pageList.docs.flatMap(({ doc }) => cache.read(doc)?.dependencies ?? []);
    this.model = { ...sources, pageCount: written.size, readFiles };
    return { changed: [...changed, ...removed], removed, all: changed.length === written.size, recompiled, bundled, newWarnings, timings: timer.timings };
  }

  /** Every page and file of the site, through the pipeline (pipeline/), into a plan of the folder. */
  private async makeSite(sources: SiteSources, { docs, generated }: SitePages, { markdown, cache }: { markdown: MarkdownOptions; cache: CompileCache }, timer: TaskTimer) {
    const { bundle } = this.runtime!;
    const { renderer } = this.renderer!;
    const plan = new FilePlan((file) => this.output.hashOf(file));
    const themeScript = renderer.themeScript(sources.config.colorMode);
    const step = new PageStep({ markdown, config: sources.config, site: sources.site, sidebars: sources.sidebars.sidebars, themeScript, assetsDir: DEV_ASSETS }, plan, { cache, renderer: this.renderer });
    step.setRuntime(bundle);
    const written = new Map<string, WrittenPage>();
    const pages = new WrittenPages(undefined, undefined, (page) => written.set(page.permalink, page));
    await timer.run('render', () => writePagesHere(new WorkQueue(docs), step, step.runtimeReady, (index, outcome) => pages.add(index, outcome)));
    throwIfAny(pages.errors());
    await writeGeneratedPages(step, generated, pages);
    writeSharedFiles(plan, bundle.files, step, sources);
    const linkWarnings = await completeSite(plan, { sources, linkIndex: pages.linkIndex(), themeScript, renderRedirectPage: renderer.renderRedirectPage }, timer);
    return { plan, written, warnings: [...sources.warnings, ...pages.warnings(), ...linkWarnings] };
  }

  /** Makes the folder hold the plan and drops what the rebuild did not use; returns the pages whose files changed, and those gone. */
  private publish(plan: FilePlan, written: Map<string, WrittenPage>): { changed: string[]; removed: string[] } {
    const changed = [...written.values()].filter((page) => page.files.some((file) => plan.files.get(file)?.hash !== this.output.hashOf(file))).map((page) => page.permalink);
    this.output.apply(plan.files);
    this.kept.sweep();
    const removed = [...this.pages.keys()].filter((permalink) => !written.has(permalink));
    this.pages = new Map([...written.values()].map((page) => [page.permalink, page.files]));
    return { changed, removed };
  }

  /**
   * Compiles, on every core, the docs whose compiled Markdown the cache does not hold (their inputs
   * changed), into the cache, where the page step finds them; returns their display paths.
   */
  private async compileChanged(docs: DocPageTask[], cache: CompileCache, markdown: MarkdownOptions, timer: TaskTimer): Promise<string[]> {
    const changed = docs.map(({ doc }) => doc).filter((doc) => !cache.read(doc));
    let done = 0;
    const outcomes = await compilePages(changed.map(markdownSource), markdown, () => timer.progress(++done, changed.length));
    const errors: ContentError[] = [];
    outcomes.forEach((outcome, index) => {
      if (outcome.status === 'fulfilled') cache.write(changed[index], outcome.value);
      else errors.push(...contentErrorsOf(outcome.reason) ?? rethrow(outcome.reason));
    });
    throwIfAny(errors);
    return changed.map((doc) => doc.displayPath);
  }

  /** Bundles the runtime and the renderer again if `src/` or what the runtime embeds changed; true if it did. */
  private async bundle(sources: SiteSources): Promise<boolean> {
    const { config, site, generatedCss, siteCss, pageStyles } = sources;
    const runtimeKey = `${JSON.stringify(site)}\n${JSON.stringify(pageStyles)}\n${generatedCss}\n${siteCss.css}`;
    const sourceVersion = this.sourceVersion;
    const sourceChanged = sourceVersion !== this.bundledVersion;
    let bundled = false;
    if (sourceChanged || !this.runtime || this.runtime.key !== runtimeKey) {
      const bundle = await bundleRuntime({ themeRoot: this.options.themeRoot, site, generatedCss, siteCss, pageStyles, baseUrl: config.baseUrl, minify: false });
      this.runtime = { key: runtimeKey, bundle };
      bundled = true;
    }
    if (sourceChanged || !this.renderer) {
      this.renderer = await bundleRenderer(this.options.themeRoot);
      bundled = true;
    }
    this.bundledVersion = sourceVersion;
    return bundled;
  }

  /** The warnings not printed by the last rebuild. */
  private unseenWarnings(warnings: string[]): string[] {
    const unseen = warnings.filter((warning) => !this.shownWarnings.has(warning));
    this.shownWarnings = new Set(warnings);
    return unseen;
  }
}
