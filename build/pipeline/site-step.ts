/**
 * The site-level step, after the doc pages, the same for the build, a shard, the merge and watch mode:
 * the generated pages (through the page step), the files every page shares (the client bundle, the
 * sidebars' modules, the static folders' files), then what needs every page: the site files
 * (output/site-files.ts) and the link check, with the config's policy (onBrokenLinks, onBrokenAnchors).
 */
import type { Warning } from '../errors.ts';
import { checkLinks, type PageLinkIndex } from '../links/checker.ts';
import { enforceLinkPolicy } from '../links/policy.ts';
import type { SiteSink } from '../output-layout.ts';
import { writeSiteFiles } from '../output/site-files.ts';
import type { GeneratedInput } from '../cache/page-cache.ts';
import type { SiteSources } from '../site/load.ts';
import type { TaskTimer } from '../task.ts';
import type { PageStep } from './page-step.ts';
import type { WrittenPages } from './written-pages.ts';

/** The generated pages, numbered after the docs in the page list. */
export async function writeGeneratedPages(step: PageStep, generated: GeneratedInput[], pages: WrittenPages): Promise<void> {
  const first = pages.count;
  for (const [index, input] of generated.entries()) await pages.add(first + index, { status: 'fulfilled', value: step.writeGenerated(input) });
}

/** The files every page shares, written once: the client bundle's, the sidebars' modules, the static folders' files. */
export function writeSharedFiles(sink: SiteSink, runtimeFiles: Iterable<[string, string | Uint8Array]>, step: PageStep, sources: SiteSources): void {
  for (const [file, contents] of runtimeFiles) sink.write(file, contents);
  for (const shipped of Object.values(step.sidebars)) for (const [file, contents] of shipped.files) sink.write(file, contents);
  for (const file of sources.staticFiles) sink.copyFile(file.source, file.outputPath);
}

export interface CompleteSiteInput {
  sources: SiteSources;
  /** Every page's links, in page order. */
  linkIndex: PageLinkIndex[];
  themeScript: string;
  renderRedirectPage: (permalink: string) => string;
}

/** The site files and the link check; returns the link problems the config lets through, as warnings. */
export async function completeSite(sink: SiteSink, input: CompleteSiteInput, timer: TaskTimer): Promise<Warning[]> {
  await timer.run('write site files', () => writeSiteFiles(sink, input));
  return timer.run('check links', () => checkSiteLinks(sink, input));
}

function checkSiteLinks(sink: SiteSink, { sources, linkIndex }: CompleteSiteInput): Warning[] {
  const links = checkLinks(linkIndex, sink.listFiles(), sources.config.baseUrl, (file) => sink.readFile(file), sources.themeLinkOrigins, sources.unbuiltRoutes);
  return enforceLinkPolicy(links, sources.config, sources.configDisplayPath);
}
