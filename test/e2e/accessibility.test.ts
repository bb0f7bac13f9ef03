/**
 * An axe-core audit of every route (and the 404 page) in light and in dark mode: no serious or
 * critical violation anywhere. Moderate and minor findings are counted and printed, not asserted.
 * Each route is loaded once and audited with every rule in light mode; then the navbar's colour-mode
 * toggle switches it to dark, as a reader would, and the rules that read colours (COLOUR_RULES) run
 * again: the page is the same but for its colours. (A load and a full audit per mode took twice as long.)
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import type { AxeResults, ImpactValue } from 'axe-core';
import type { Page } from 'playwright-core';
import { newPage, useSiteInBrowser, waitForHydration } from '../helpers/browser.ts';
import { ALL_ROUTES, projectRoot } from '../helpers/site.ts';

const AXE_SCRIPT = path.join(projectRoot, 'node_modules/axe-core/axe.min.js');
const ROUTES = [...ALL_ROUTES, '/no/such/page'];
const BLOCKING: ImpactValue[] = ['serious', 'critical'];
/** The rules whose outcome depends on the colours: the text's contrast, and a link told from its text. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

const site = useSiteInBrowser();

type Mode = 'light' | 'dark';

interface Finding { route: string; mode: Mode; id: string; impact: ImpactValue | null | undefined; target: string; count: number }

/** axe's violations on the page as it is now: every rule, or only `rules`. */
function runAxe(page: Page, rules?: string[]): Promise<AxeResults['violations']> {
  return page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, only ? { resultTypes: ['violations'], runOnly: { type: 'rule', values: only } } : { resultTypes: ['violations'] });
    return results.violations;
  }, rules);
}

/** Clicks the navbar's colour-mode toggle (a DOM click: no pointer left hovering it) and waits for `mode`. */
async function switchTo(page: Page, mode: Mode): Promise<void> {
  await page.evaluate(() => (document.querySelector('.color-mode-toggle') as HTMLButtonElement).click());
  await page.waitForSelector(`html[data-theme="${mode}"]`);
}

/** Loads `route`, audits it in light mode with every rule, then in dark mode with the colour rules; leaves it light. */
async function auditRoute(page: Page, route: string): Promise<{ mode: Mode; violations: AxeResults['violations'] }[]> {
  await page.goto(site.server.origin + route);
  await waitForHydration(page);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light', `${route} opens in light mode`);
  await page.addScriptTag({ path: AXE_SCRIPT });
  const light = await runAxe(page);
  await switchTo(page, 'dark');
  const dark = await runAxe(page, COLOUR_RULES);
  await switchTo(page, 'light');
  return [{ mode: 'light', violations: light }, { mode: 'dark', violations: dark }];
}

/** The routes of one lane, audited in a page of its own; returns the findings and the audit count. */
async function auditLane(routes: string[]): Promise<{ findings: Finding[]; audits: number }> {
  const findings: Finding[] = [];
  let audits = 0;
  const { context, page } = await newPage(site.browser, { viewport: { width: 1280, height: 800 } });
  for (const route of routes) {
    for (const { mode, violations } of await auditRoute(page, route)) {
      audits++;
      for (const violation of violations) {
        const targets = violation.nodes.map((node) => JSON.stringify(node.target));
        findings.push({ route, mode, id: violation.id, impact: violation.impact, target: targets[0], count: targets.length });
      }
    }
  }
  await context.close();
  return { findings, audits };
}

test('every route passes axe-core with no serious or critical violation, in light and dark mode', { timeout: 600_000 }, async () => {
  // Two lanes side by side: axe's work is in each page's renderer, one per core.
  const lanes = [ROUTES.filter((_, index) => index % 2 === 0), ROUTES.filter((_, index) => index % 2 === 1)];
  const results = await Promise.all(lanes.map(auditLane));
  const findings = results.flatMap((result) => result.findings);
  const audits = results.reduce((sum, result) => sum + result.audits, 0);
  const blocking = findings.filter((finding) => BLOCKING.includes(finding.impact ?? 'minor'));
  const other = findings.filter((finding) => !BLOCKING.includes(finding.impact ?? 'minor'));
  const byRule = new Map<string, number>();
  for (const finding of other) byRule.set(`${finding.id} (${finding.impact})`, (byRule.get(`${finding.id} (${finding.impact})`) ?? 0) + finding.count);
  console.log(`axe: ${audits} audits; ${blocking.length} serious/critical violations; `
    + `${other.length} moderate/minor violations (${other.reduce((sum, finding) => sum + finding.count, 0)} nodes)`
    + (byRule.size ? `: ${[...byRule].map(([rule, nodes]) => `${rule} ${nodes} nodes`).join(', ')}` : ''));
  assert.equal(audits, ROUTES.length * 2);
  assert.deepEqual(
    blocking.map(({ route, mode, id, impact, target, count }) => `${route} [${mode}] ${id} (${impact}): ${target}${count > 1 ? ` and ${count - 1} more` : ''}`),
    [],
    'serious or critical accessibility violations',
  );
});
