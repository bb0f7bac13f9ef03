import path from 'node:path';
import { bundleRuntime, type RuntimeBundle } from '../client/bundle.ts';
import { formatProblem } from '../errors.ts';
import type { PageLinkIndex } from '../links/checker.ts';
import type { CompiledMarkdown } from '../markdown/compile.ts';
import { writeSiteFiles } from '../output/site-files.ts';
import { checkSiteLinks } from '../pipeline/site-links.ts';
import { permalinksBySourcePath, type Doc, type DocCache } from '../site/docs.ts';
import { loadSite, markdownOptions, type SiteOptions, type SiteSources } from '../site/load.ts';
import { docRoute } from '../site/routes.ts';
import { categoryBody } from '../pages/generated-bodies.tsx';
import { docPageInput } from '../pages/doc-page-input.ts';
import { pageFiles, type PageContext } from '../pages/route-files.ts';
import { shipSidebars } from '../pages/sidebar-chunks.ts';
import { TaskTimer } from '../task.ts';
import type { RouteData } from '../../src/shared/types.ts';
import { bundleRenderer, type Renderer } from './bundles.ts';
import { CompiledDocs } from './compiled-docs.ts';
import { contentHash, DevOutput, FilePlan, type PlannedFile } from './watch-output.ts';

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

/** A page and what its body is made from: a doc's or a page's compiled Markdown, or HTML the build made (a category index). */
interface SiteRoute { route: RouteData; doc: Doc | undefined; body?: string }

/** The sources with every doc compiled: what one rebuild renders from. */
export interface SiteModel extends SiteSources {
  /** Compiled Markdown by doc id; a doc that was not compiled again keeps the same object. */
  compiled: Map<string, CompiledMarkdown>;
  routes: SiteRoute[];
}

interface PageState {
  /** Everything the page's files are made from; equal signatures mean equal files. */
  signature: string;
  /** Its files: path → hash. */
  files: Map<string, string>;
  /** What the link checker needs; undefined for the not-found page. */
  links?: PageLinkIndex;
}

const DEV_ASSETS = 'assets/dev';

/**
 * The site in watch mode. Every rebuild runs the whole pipeline, but each stage keeps what it
 * made: `CompiledDocs` keeps compiled docs, the runtime and renderer are bundled again only after a
 * change in `src/` (or in the site data and CSS the runtime embeds), and a page is rendered again
 * only when what it is made from changed. A page's files come from `pageFiles`, as in the
 * production build; route chunks are data, so a content edit never runs esbuild.
 * The output folder is written only when the whole rebuild succeeded, links checked included.
 */
export class DevSite {
  readonly output: DevOutput;
  model?: SiteModel;
  private readonly docCache: DocCache = new Map();
  private readonly compiledDocs = new CompiledDocs();
  private runtime?: { key: string; bundle: RuntimeBundle; files: Map<string, PlannedFile> };
  private renderer?: { renderer: Renderer; id: string };
  /** Bumped by every change in `src/`; the bundles were made from `bundledVersion`. */
  private sourceVersion = 0;
  private bundledVersion = -1;
  private pages = new Map<string, PageState>();
  private readonly bodyIds = new WeakMap<CompiledMarkdown, number>();
  private nextBodyId = 1;
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
    this.output.apply(new Map([['404.html', { hash: 'placeholder', contents: html }]]));
  }

  async rebuild(): Promise<RebuildReport> {
    const timer = new TaskTimer(() => {});
    const model = await this.load(timer);
    const stage = stageClock(timer);
    const bundled = await this.bundle(model);
    stage('bundle');
    const plan = new FilePlan(this.runtime!.files);
    const context = this.pageContext(model, plan);
    const { pages, rendered } = this.renderPages(model, context, plan);
    const linkIndex = [...pages.values()].flatMap((page) => page.links ? [page.links] : []);
    writeSiteFiles(plan, { sources: model, linkIndex, themeScript: context.themeScript, renderRedirectPage: context.renderer.renderRedirectPage });
    plan.addStaticFiles(model.staticFiles);
    stage('render');
    const linkWarnings = checkSiteLinks(model, plan, linkIndex);
    stage('check links');
    const newWarnings = this.unseenWarnings([...model.warnings.map(formatProblem), ...linkWarnings]);
    this.output.apply(plan.files);
    stage('write');
    const removed = [...this.pages.keys()].filter((permalink) => !pages.has(permalink));
    this.pages = pages;
    this.model = model;
    const byId = new Map([...model.docs, ...model.pages].map((doc) => [doc.id, doc.displayPath]));
    const recompiled = this.compiledDocs.recompiled.map((id) => byId.get(id) ?? id);
    return { changed: [...rendered, ...removed], removed, all: rendered.length === model.routes.length, recompiled, bundled, newWarnings, timings: timer.timings };
  }

  /** Bundles the runtime and the renderer again if `src/` or what the runtime embeds changed; true if it did. */
  private async bundle(model: SiteModel): Promise<boolean> {
    const { config, site, generatedCss, siteCss, pageStyles } = model;
    const runtimeKey = `${JSON.stringify(site)}\n${JSON.stringify(pageStyles)}\n${generatedCss}\n${siteCss.css}`;
    const sourceVersion = this.sourceVersion;
    const sourceChanged = sourceVersion !== this.bundledVersion;
    let bundled = false;
    if (sourceChanged || !this.runtime || this.runtime.key !== runtimeKey) {
      const bundle = await bundleRuntime({ themeRoot: this.options.themeRoot, site, generatedCss, siteCss, pageStyles, baseUrl: config.baseUrl, minify: false });
      const files = new Map([...bundle.files].map(([file, contents]) => [file, { hash: contentHash(contents), contents }]));
      this.runtime = { key: runtimeKey, bundle, files };
      bundled = true;
    }
    if (sourceChanged || !this.renderer) {
      this.renderer = await bundleRenderer(this.options.themeRoot);
      bundled = true;
    }
    this.bundledVersion = sourceVersion;
    return bundled;
  }

  /** What every page renders with; plans the sidebar modules. */
  private pageContext(model: SiteModel, plan: FilePlan): DevPageContext {
    const { config, site, sidebars } = model;
    const { bundle } = this.runtime!;
    const { renderer, id: rendererId } = this.renderer!;
    const shippedSidebars = shipSidebars(sidebars.sidebars, config.baseUrl, DEV_ASSETS);
    /** A small sidebar's shared module URL, or a large one's version (its pages' views change with it). */
    const sidebarKeys = new Map<string, string>();
    for (const [name, shipped] of Object.entries(shippedSidebars)) {
      for (const [file, contents] of shipped.files) plan.write(file, contents);
      sidebarKeys.set(name, shipped.sharedUrl ?? contentHash(JSON.stringify(sidebars.sidebars[name])));
    }
    return {
      config, site, themeScript: renderer.themeScript(config.colorMode), runtime: bundle, sidebars: shippedSidebars, assetsDir: DEV_ASSETS, renderer, sidebarKeys,
      pageInputs: JSON.stringify([bundle.runtimeUrl, bundle.cssUrl, rendererId, config, site]),
    };
  }

  /** Every page, rendered again only if its signature changed; returns the pages and the permalinks rendered. */
  private renderPages(model: SiteModel, context: DevPageContext, plan: FilePlan): { pages: Map<string, PageState>; rendered: string[] } {
    const pages = new Map<string, PageState>();
    const rendered: string[] = [];
    const permalinkBySourcePath = permalinksBySourcePath([...model.docs, ...model.pages]);
    for (const { route, doc, body } of model.routes) {
      const compiled = doc ? model.compiled.get(doc.id) : undefined;
      const sidebarName = route.sidebarName;
      const signature = contentHash(`${JSON.stringify(route)}\n${compiled ? this.bodyId(compiled) : body ?? ''}\n${sidebarName ? context.sidebarKeys.get(sidebarName) : ''}\n${doc?.displayPath ?? ''}\n${context.pageInputs}`);
      const previous = this.pages.get(route.permalink);
      if (previous?.signature === signature) {
        for (const [file, hash] of previous.files) plan.keep(file, hash);
        pages.set(route.permalink, previous);
        continue;
      }
      const page = pageFiles(context, doc && compiled ? docPageInput(doc, route, compiled, model.config, permalinkBySourcePath) : { route, body });
      const files = new Map(page.files.map(([file, contents]) => [file, plan.write(file, contents)]));
      pages.set(route.permalink, { signature, files, links: page.links });
      rendered.push(route.permalink);
    }
    return { pages, rendered };
  }

  /** The warnings not printed by the last rebuild. */
  private unseenWarnings(warnings: string[]): string[] {
    const unseen = warnings.filter((warning) => !this.shownWarnings.has(warning));
    this.shownWarnings = new Set(warnings);
    return unseen;
  }

  /** The site loaded and every doc compiled (from the cache where nothing it depends on changed). */
  private async load(timer: TaskTimer): Promise<SiteModel> {
    const sources = await loadSite(this.options, timer, this.docCache);
    const { config, docs, pages, sidebars } = sources;
    const compiled = await timer.run('compile markdown', () => this.compiledDocs.compile([...docs, ...pages], markdownOptions(sources), (done, total) => timer.progress(done, total)));
    const routes: SiteRoute[] = [
      ...docs.map((doc) => ({ route: docRoute(doc, compiled.get(doc.id)!, sidebars.placementByDocId.get(doc.id), config, sources.neighbours.get(doc.id)), doc })),
      ...pages.map((page) => ({ route: docRoute(page, compiled.get(page.id)!, undefined, config), doc: page })),
      ...sources.categoryPages.map((page) => ({ route: page.route, doc: undefined, body: categoryBody(page) })),
      ...sources.themeRoutes.map((route) => ({ route, doc: undefined })),
    ];
    const warnings = [...sources.warnings, ...[...compiled.values()].flatMap((page) => page.warnings)];
    return { ...sources, warnings, compiled, routes };
  }

  private bodyId(compiled: CompiledMarkdown): number {
    let id = this.bodyIds.get(compiled);
    if (id === undefined) {
      id = this.nextBodyId++;
      this.bodyIds.set(compiled, id);
    }
    return id;
  }
}

interface DevPageContext extends PageContext {
  /** Per sidebar, what its pages' signatures include. */
  sidebarKeys: Map<string, string>;
  /** What every page's signature includes: runtime URLs, renderer, config, site data. */
  pageInputs: string;
}

/** Records the time since the previous call under a stage label. */
function stageClock(timer: TaskTimer): (label: string) => void {
  let stageStarted = performance.now();
  return (label) => {
    const now = performance.now();
    timer.timings.push({ label, ms: now - stageStarted });
    stageStarted = now;
  };
}
