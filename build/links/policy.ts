/**
 * The config's verdict on broken links (`onBrokenLinks`, `onBrokenAnchors`), the same in the build
 * and in watch mode: ignored, printed as warnings, or one error that lists them all.
 */
import { brokenLinkProblem, formatBrokenLink, formatUnbuiltLink, type BrokenLink, type LinkReport } from './checker.ts';
import { ContentError, ContentErrors } from '../errors.ts';
import type { SiteConfig } from '../../src/shared/types.ts';

/**
 * What to do about broken links, naming the config the build obeyed (`site.config.ts` or a Docusaurus
 * site's config); a docs-only build has none, so the author is told how to give it theirs.
 */
export function brokenLinkFix(configFile: string | undefined): string {
  if (configFile === undefined) return 'Fix them, or pass --config with the site\'s docusaurus.config.js to build with its onBrokenLinks / onBrokenAnchors.';
  return `Fix them, or set onBrokenLinks / onBrokenAnchors to "warn" in ${configFile}.`;
}

/** The advice of `npm run check-links`, which does not know the config: the one a site built with `site.config.ts` gets. */
const BROKEN_LINK_FIX = brokenLinkFix('site.config.ts');

/** A broken link in the error model: `dead link /x` in the file and line that wrote it. */
export function brokenLinkError(link: BrokenLink, fix = BROKEN_LINK_FIX): ContentError {
  return new ContentError({ rule: `links/${link.kind}`, message: brokenLinkProblem(link), file: link.source, line: link.line, fix });
}

/** One content error per link; its message is the build's report: a line per link, then a summary. */
export class BrokenLinksError extends ContentErrors {
  constructor(readonly links: BrokenLink[], fix: string) {
    const lines = links.map(formatBrokenLink);
    super(links.map((link) => brokenLinkError(link, fix)), `${lines.join('\n')}\n${links.length} broken link${links.length === 1 ? '' : 's'} found. ${fix}`);
    this.name = 'BrokenLinksError';
  }
}

/**
 * Throws a BrokenLinksError for the links the config fails on; returns the warning lines for the rest,
 * and one for each link into a route this generator does not build (whatever the policy: the link is
 * not the author's mistake, and it leads to the not-found page all the same).
 * `configFile`: the config the policy came from, as its fix names it (undefined: a docs-only build).
 */
export function enforceLinkPolicy(report: LinkReport, config: Pick<SiteConfig, 'onBrokenLinks' | 'onBrokenAnchors'>, configFile: string | undefined): string[] {
  const failing: BrokenLink[] = [];
  const warnings: string[] = [];
  for (const link of report.broken) {
    const policy = link.kind === 'anchor' ? config.onBrokenAnchors : config.onBrokenLinks;
    if (policy === 'warn') warnings.push(formatBrokenLink(link));
    else if (policy === 'throw') failing.push(link);
  }
  if (failing.length > 0) throw new BrokenLinksError(failing, brokenLinkFix(configFile));
  return [...warnings, ...report.unbuilt.map(formatUnbuiltLink)];
}
