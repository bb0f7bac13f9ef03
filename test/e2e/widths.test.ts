/**
 * Every route at the widths readers use, in both colour themes: the page never scrolls sideways
 * (wide code and tables scroll inside their own box), the navbar's items sit on one line without
 * overlapping, and below 1280 px the table of contents is a collapsed "On this page" under the title.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, useSiteInBrowser } from '../helpers/browser.ts';
import { ALL_ROUTES } from '../helpers/site.ts';

const site = useSiteInBrowser();
const WIDTHS = [375, 768, 1024, 1280, 1440];
/** Where the TOC column appears (site.css). */
const TOC_COLUMN_FROM = 1280;

interface Layout {
  scrollWidth: number;
  clientWidth: number;
  navbarProblems: string[];
  toc: 'none' | 'column' | 'collapsed' | 'open' | 'both';
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

// One load per route and theme; the viewport is then resized through the five widths, as a reader
// turning a tablet or widening a window would. The two themes run side by side, a page each.
describe('every route at every width', { concurrency: 2 }, () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`${theme}: at ${WIDTHS.join(', ')} px no route scrolls sideways, the navbar fits, the TOC is where it belongs`, async (t) => {
      const { context, page } = await newPage(site.browser, { viewport: { width: WIDTHS[0], height: 800 }, colorScheme: theme });
      const problems: string[] = [];
      for (const route of ALL_ROUTES) {
        await page.setViewportSize({ width: WIDTHS[0], height: 800 });
        await page.goto(site.server.origin + route);
        const hasToc = await page.locator('.toc, .toc-collapsible').count() > 0;
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          const layout = await measureLayout(page);
          if (layout.scrollWidth > layout.clientWidth) problems.push(`${route} at ${width} px: the page is ${layout.scrollWidth} px wide`);
          for (const problem of layout.navbarProblems) problems.push(`${route} at ${width} px: ${problem}`);
          const expected = !hasToc ? 'none' : width >= TOC_COLUMN_FROM ? 'column' : 'collapsed';
          if (layout.toc !== expected) problems.push(`${route} at ${width} px: table of contents ${layout.toc}, expected ${expected}`);
        }
      }
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
