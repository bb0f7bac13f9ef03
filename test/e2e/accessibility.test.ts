/**
 * An axe-core audit of every route (and the 404 page) in light and in dark mode: no serious or
 * critical violation anywhere. Moderate and minor findings are counted and printed, not asserted.
 * Light mode runs every rule; dark mode, the page being the same but for its colours, runs the rules
 * that read colours (COLOUR_RULES), which were half of a full audit's time.
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

/** Loads `route`, waits for hydration, injects axe and returns its violations. */
async function audit(page: Page, route: string, mode: Mode): Promise<AxeResults['violations']> {
  await page.goto(site.server.origin + route);
  await waitForHydration(page);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), mode, `${route} is in ${mode} mode`);
  await page.addScriptTag({ path: AXE_SCRIPT });
  const results = await page.evaluate(async (rules) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    return axe.run(document, rules ? { resultTypes: ['violations'], runOnly: { type: 'rule', values: rules } } : { resultTypes: ['violations'] });
  }, mode === 'dark' ? COLOUR_RULES : undefined);
  return results.violations;
}

/** Every route audited in one colour mode, in a context of its own; returns the findings and the audit count. */
async function auditAll(mode: Mode): Promise<{ findings: Finding[]; audits: number }> {
  const findings: Finding[] = [];
  let audits = 0;
  const { context, page } = await newPage(site.browser, { viewport: { width: 1280, height: 800 } });
  if (mode === 'dark') {
    await context.addInitScript(() => {
      try {
        localStorage.setItem('theme', 'dark');
      } catch {
        // about:blank has no storage; the site's pages do.
      }
    });
    await page.goto(site.server.origin + '/');
    await page.reload();
    await page.waitForSelector('html[data-theme="dark"]');
  }
  for (const route of ROUTES) {
    const violations = await audit(page, route, mode);
    audits++;
    for (const violation of violations) {
      const targets = violation.nodes.map((node) => JSON.stringify(node.target));
      findings.push({ route, mode, id: violation.id, impact: violation.impact, target: targets[0], count: targets.length });
    }
  }
  await context.close();
  return { findings, audits };
}

test('every route passes axe-core with no serious or critical violation, in light and dark mode', { timeout: 600_000 }, async () => {
  // The two modes run side by side: axe's work is in each page's renderer, one per core.
  const results = await Promise.all((['light', 'dark'] as const).map(auditAll));
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
