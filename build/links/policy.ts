/**
 * The config's verdict on broken links (`onBrokenLinks`, `onBrokenAnchors`), the same in the build
 * and in watch mode: ignored, warnings, or content errors, one per link, as every other problem is.
 */
import { brokenLinkProblem, unbuiltLinkWarning, type BrokenLink, type LinkReport } from './checker.ts';
import { ContentError, throwIfAny, type Warning } from '../errors.ts';
import type { SiteConfig } from '../../src/shared/types.ts';

/**
 * What to do about broken links, naming the config the build obeyed (`site.config.ts` or a Docusaurus
 * site's config); a docs-only build has none, so the author is told how to give it theirs.
 */
export function brokenLinkFix(configFile: string | undefined): string {
  if (configFile === undefined) return 'Fix the link, or pass --config with the site\'s docusaurus.config.js to build with its onBrokenLinks / onBrokenAnchors.';
  return `Fix the link, or set onBrokenLinks / onBrokenAnchors to "warn" in ${configFile}.`;
}

/** The advice of `npm run check-links`, which does not know the config: the one a site built with `site.config.ts` gets. */
const BROKEN_LINK_FIX = brokenLinkFix('site.config.ts');

/** A broken link in the error model: `dead link /x` in the file and line that wrote it. */
export function brokenLinkError(link: BrokenLink, fix = BROKEN_LINK_FIX): ContentError {
  return new ContentError({ rule: `links/${link.kind}`, message: brokenLinkProblem(link), file: link.source, line: link.line, fix });
}

/** A broken link the config lets through, as a warning. */
export function brokenLinkWarning(link: BrokenLink): Warning {
  const { rule, file, line, message } = brokenLinkError(link);
  return { rule, file, line, message };
}

/**
 * Throws the links the config fails on, a content error each; returns the rest as warnings, and one
 * for each link into a route this generator does not build (whatever the policy: the link is not the
 * author's mistake, and it leads to the not-found page all the same).
 * `configFile`: the config the policy came from, as the fix names it (undefined: a docs-only build).
 */
export function enforceLinkPolicy(report: LinkReport, config: Pick<SiteConfig, 'onBrokenLinks' | 'onBrokenAnchors'>, configFile: string | undefined): Warning[] {
  const policyOf = (link: BrokenLink) => (link.kind === 'anchor' ? config.onBrokenAnchors : config.onBrokenLinks);
  throwIfAny(report.broken.filter((link) => policyOf(link) === 'throw').map((link) => brokenLinkError(link, brokenLinkFix(configFile))));
  return [...report.broken.filter((link) => policyOf(link) === 'warn').map(brokenLinkWarning), ...report.unbuilt.map(unbuiltLinkWarning)];
}
