/**
 * Every route of the site (and /errors?code=3 and the 404 page) in a real Chromium, each loaded
 * once for all of these checks (one load per check took 3.3 minutes; one sweep does them all):
 *
 * - hydration: the route hydrates without a single console error or warning, nor one from an
 *   effect just after hydration (such as ?code=N), nor later while the other checks work on it;
 * - accessibility: an axe-core audit with every rule in light mode, then, after the navbar's
 *   colour-mode toggle has switched the page to dark as a reader would, the rules that read colours
 *   (COLOUR_RULES) again: the page is the same but for its colours. No serious or critical
 *   violation anywhere; moderate and minor findings are counted and printed, not asserted;
 * - widths: in both colour modes, the viewport is resized through the widths readers use, as a
 *   reader turning a tablet or widening a window would: the page never scrolls sideways (wide code
 *   and tables scroll inside their own box), the navbar's items sit on one line without
 *   overlapping, and below 1280 px the table of contents is a collapsed "On this page" under the
 *   title.
 *
 * The sweep runs once (two lanes side by side, a page each: axe's work is in each page's renderer,
 * one per core) and records what it saw; each check is its own test, which asserts on that record,
 * so a failure names the check and the route.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { AxeResults, ImpactValue } from 'axe-core';
import type { Page } from 'playwright-core';
import { newPage, useSiteInBrowser, waitForHydration } from '../helpers/browser.ts';
import { ALL_ROUTES, projectRoot } from '../helpers/site.ts';

const AXE_SCRIPT = path.join(projectRoot, 'node_modules/axe-core/axe.min.js');
const ROUTES = [...ALL_ROUTES, '/errors?code=3', '/no/such/page'];
const BLOCKING: ImpactValue[] = ['serious', 'critical'];
/** The rules whose outcome depends on the colours: the text's contrast, and a link told from its text. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
/** axe audits at this width (the site's desktop layout, with the TOC column). */
const AUDIT_WIDTH = 1280;
const HEIGHT = 800;
const WIDTHS = [375, 768, 1024, 1280, 1440];
/** Where the TOC column appears (site.css). */
const TOC_COLUMN_FROM = 1280;

const site = useSiteInBrowser();

type Mode = 'light' | 'dark';

interface Layout {
  scrollWidth: number;
  clientWidth: number;
  navbarProblems: string[];
  toc: 'none' | 'column' | 'collapsed' | 'open' | 'both';
}

/** What the sweep saw on one route. */
interface RouteRecord {
  route: string;
  /** Console errors and warnings and uncaught exceptions up to 20 ms after hydration. */
  consoleProblems: string[];
  /** And those after that, while the route was audited, switched between modes and resized. */
  laterProblems: string[];
  /** <html data-theme> as the route opened. */
  openingTheme: string | undefined;
  axe: { mode: Mode; violations: AxeResults['violations'] }[];
  widths: Record<Mode, { hasToc: boolean; layouts: { width: number; layout: Layout }[] }>;
}

/**
 * What a reader would see go wrong on the page, measured in the browser. A string, not a function:
 * tsx would wrap the helpers' names in a function the page does not have.
 */
const MEASURE_LAYOUT = `(() => {
  const visible = (element) => element.getBoundingClientRect().width > 0 && getComputedStyle(element).visibility !== 'hidden';
  const navbar = document.querySelector('.navbar-inner').getBoundingClientRect();
  const parts = [document.querySelector('.navbar-toggle'), document.querySelector('.navbar-brand'), ...document.querySelectorAll('.navbar-items > *')]
    .filter((element) => element !== null && visible(element));
  const navbarProblems = [];
  const name = (element) => element.textContent.trim() || element.getAttribute('aria-label') || element.className;
  parts.forEach((part, index) => {
    const box = part.getBoundingClientRect();
    if (box.right > document.documentElement.clientWidth + 0.5) navbarProblems.push('"' + name(part) + '" ends at ' + Math.round(box.right) + ' px');
    if (box.top < navbar.top - 0.5 || box.bottom > navbar.bottom + 0.5) navbarProblems.push('"' + name(part) + '" leaves the navbar line');
    for (const other of parts.slice(index + 1)) {
      const next = other.getBoundingClientRect();
      const overlap = Math.min(box.right, next.right) - Math.max(box.left, next.left);
      if (overlap > 0.5 && Math.min(box.bottom, next.bottom) > Math.max(box.top, next.top)) navbarProblems.push('"' + name(part) + '" overlaps "' + name(other) + '"');
    }
  });
  const column = document.querySelector('.toc-container');
  const collapsible = document.querySelector('.toc-collapsible');
  const columnShown = column !== null && visible(column);
  const collapsibleShown = collapsible !== null && visible(collapsible);
  const toc = columnShown && collapsibleShown ? 'both' : columnShown ? 'column' : collapsibleShown ? (collapsible.open ? 'open' : 'collapsed') : 'none';
  return { scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth, navbarProblems, toc };
})()`;

function measureLayout(page: Page): Promise<Layout> {
  return page.evaluate(MEASURE_LAYOUT) as Promise<Layout>;
}

/**
 * The page's layout at each of WIDTHS in both modes, starting in `mode`: at each width it is
 * measured, switched to the other mode with the toggle and measured again (a resize costs more than
 * a switch). Leaves the viewport at the audit width.
 */
async function measureWidths(page: Page, mode: Mode): Promise<RouteRecord['widths']> {
  const hasToc = await page.locator('.toc, .toc-collapsible').count() > 0;
  const widths: RouteRecord['widths'] = { light: { hasToc, layouts: [] }, dark: { hasToc, layouts: [] } };
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    widths[mode].layouts.push({ width, layout: await measureLayout(page) });
    mode = mode === 'dark' ? 'light' : 'dark';
    await switchTo(page, mode);
    widths[mode].layouts.push({ width, layout: await measureLayout(page) });
  }
  await page.setViewportSize({ width: AUDIT_WIDTH, height: HEIGHT });
  return widths;
}

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

/**
 * Loads `route` at the audit width and, on that one load: takes the console problems since the
 * lane's last route up to 20 ms after hydration (before axe is on the page); audits it in light
 * mode with every rule; switches to dark and audits it with the colour rules; measures it at every
 * width in dark and in light; takes the console problems of all that. Leaves it light, with no
 * stored mode, as the next route's reader (a fresh one) would find the site.
 */
async function sweepRoute(page: Page, problems: string[], route: string): Promise<RouteRecord> {
  await page.goto(site.server.origin + route);
  await waitForHydration(page);
  // An effect after hydration (such as ?code=N) must not cause warnings either.
  await page.waitForTimeout(20);
  const consoleProblems = problems.splice(0);
  const openingTheme = await page.evaluate(() => document.documentElement.dataset.theme);
  // The light checks below still run if it opened dark (the accessibility test reports that).
  if (openingTheme !== 'light') await switchTo(page, 'light');
  await page.addScriptTag({ path: AXE_SCRIPT });
  const light = await runAxe(page);
  await switchTo(page, 'dark');
  const dark = await runAxe(page, COLOUR_RULES);
  const widths = await measureWidths(page, 'dark');
  if (await page.evaluate(() => document.documentElement.dataset.theme) !== 'light') await switchTo(page, 'light');
  await page.evaluate(() => localStorage.removeItem('theme'));
  return {
    route,
    consoleProblems,
    laterProblems: problems.splice(0),
    openingTheme,
    axe: [{ mode: 'light', violations: light }, { mode: 'dark', violations: dark }],
    widths,
  };
}

/** The routes of one lane, in a page of its own. */
async function sweepLane(routes: string[]): Promise<RouteRecord[]> {
  const { context, page, problems } = await newPage(site.browser, { viewport: { width: AUDIT_WIDTH, height: HEIGHT } });
  const records: RouteRecord[] = [];
  for (const route of routes) records.push(await sweepRoute(page, problems, route));
  await context.close();
  return records;
}

let sweep: Promise<Map<string, RouteRecord>> | undefined;

/** The one sweep of every route, run by whichever test asks first; in ROUTES order. */
function sweptRoutes(): Promise<Map<string, RouteRecord>> {
  sweep ??= (async () => {
    const lanes = [ROUTES.filter((_, index) => index % 2 === 0), ROUTES.filter((_, index) => index % 2 === 1)];
    const records = (await Promise.all(lanes.map(sweepLane))).flat();
    const byRoute = new Map(records.map((record) => [record.route, record]));
    return new Map(ROUTES.map((route) => [route, byRoute.get(route)!]));
  })();
  return sweep;
}

const SWEEP = { timeout: 600_000 };

test('every route hydrates with no console error or warning', SWEEP, async () => {
  const records = await sweptRoutes();
  assert.equal(records.size, ROUTES.length);
  for (const [route, record] of records) {
    assert.deepEqual(record.consoleProblems.filter((problem) => !problem.includes('404 (Not Found)')), [], `console problems on ${route}`);
    assert.deepEqual(record.laterProblems, [], `console problems on ${route} after hydration, while it was audited, switched between modes and resized`);
  }
});

interface Finding { route: string; mode: Mode; id: string; impact: ImpactValue | null | undefined; target: string; count: number }

test('every route passes axe-core with no serious or critical violation, in light and dark mode', SWEEP, async () => {
  const records = await sweptRoutes();
  const findings: Finding[] = [];
  let audits = 0;
  for (const [route, record] of records) {
    assert.equal(record.openingTheme, 'light', `${route} opens in light mode`);
    for (const { mode, violations } of record.axe) {
      audits++;
      for (const violation of violations) {
        const targets = violation.nodes.map((node) => JSON.stringify(node.target));
        findings.push({ route, mode, id: violation.id, impact: violation.impact, target: targets[0], count: targets.length });
      }
    }
  }
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

describe('every route at every width', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`${theme}: at ${WIDTHS.join(', ')} px no route scrolls sideways, the navbar fits, the TOC is where it belongs`, SWEEP, async () => {
      const records = await sweptRoutes();
      const problems: string[] = [];
      let measured = 0;
      for (const [route, record] of records) {
        const { hasToc, layouts } = record.widths[theme];
        for (const { width, layout } of layouts) {
          measured++;
          if (layout.scrollWidth > layout.clientWidth) problems.push(`${route} at ${width} px: the page is ${layout.scrollWidth} px wide`);
          for (const problem of layout.navbarProblems) problems.push(`${route} at ${width} px: ${problem}`);
          const expected = !hasToc ? 'none' : width >= TOC_COLUMN_FROM ? 'column' : 'collapsed';
          if (layout.toc !== expected) problems.push(`${route} at ${width} px: table of contents ${layout.toc}, expected ${expected}`);
        }
      }
      assert.equal(measured, ROUTES.length * WIDTHS.length);
      assert.deepEqual(problems, []);
    });
  }
});

test('the not-found page has status 404 and says so', async () => {
  const { context, page } = await newPage(site.browser);
  const response = await page.goto(`${site.server.origin}/no/such/page`);
  assert.equal(response?.status(), 404);
  assert.equal(await page.textContent('h1'), 'Page Not Found');
  await context.close();
});
