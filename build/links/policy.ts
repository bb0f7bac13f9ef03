/**
 * The config's verdict on broken links (`onBrokenLinks`, `onBrokenAnchors`), the same in the build
 * and in watch mode: ignored, printed as warnings, or one error that lists them all.
 */
import { brokenLinkProblem, formatBrokenLink, type BrokenLink, type LinkReport } from './checker.ts';
import { ContentError, ContentErrors } from '../errors.ts';
import type { SiteConfig } from '../../src/shared/types.ts';

export const BROKEN_LINK_FIX = 'Fix them, or set onBrokenLinks / onBrokenAnchors to "warn" in site.config.ts.';

/** A broken link in the error model: `dead link /x` in the Markdown file and line that wrote it. */
export function brokenLinkError(link: BrokenLink): ContentError {
  return new ContentError({ rule: `links/${link.kind}`, message: brokenLinkProblem(link), file: link.source, line: link.line, fix: BROKEN_LINK_FIX });
}

/** One content error per link; its message is the build's report: a line per link, then a summary. */
export class BrokenLinksError extends ContentErrors {
  constructor(readonly links: BrokenLink[]) {
    const lines = links.map(formatBrokenLink);
    super(links.map(brokenLinkError), `${lines.join('\n')}\n${links.length} broken link${links.length === 1 ? '' : 's'} found. ${BROKEN_LINK_FIX}`);
    this.name = 'BrokenLinksError';
  }
}

/** Throws a BrokenLinksError for the links the config fails on; returns the warning lines for the rest. */
export function enforceLinkPolicy(report: LinkReport, config: Pick<SiteConfig, 'onBrokenLinks' | 'onBrokenAnchors'>): string[] {
  const failing: BrokenLink[] = [];
  const warnings: string[] = [];
  for (const link of report.broken) {
    const policy = link.kind === 'anchor' ? config.onBrokenAnchors : config.onBrokenLinks;
    if (policy === 'warn') warnings.push(formatBrokenLink(link));
    else if (policy === 'throw') failing.push(link);
  }
  if (failing.length > 0) throw new BrokenLinksError(failing);
  return warnings;
}
