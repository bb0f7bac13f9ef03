/**
 * MDX tabs in Chromium, on the MDX corpus (test/fixtures/mdx-site) built with the docs-only command:
 * clicks and keys switch them, groupId groups follow one another on the page and on later pages
 * (localStorage `docusaurus.tab.<groupId>`), queryString tabs read and write the URL, and without
 * JavaScript the default tab is the one shown.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, useSiteInBrowser, waitForHydration } from '../helpers/browser.ts';
import { buildWithCli } from '../helpers/cli.ts';
import { projectRoot } from '../helpers/site.ts';

const fixture = path.join(projectRoot, 'test/fixtures/mdx-site');
const site = useSiteInBrowser(() => buildWithCli(['--docs', `${fixture}/docs`, '--sidebars', `${fixture}/sidebars.js`, '--allow-component-code']));

/** Each tab group of the page as `selected tab label / shown panel value`. */
function groups(page: Page): Promise<string[]> {
  return page.$$eval('[data-tabs]', (containers) => containers.map((container) => {
    const selected = container.querySelector('[role="tab"][aria-selected="true"]')?.textContent;
    const shown = [...container.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]')].filter((panel) => !panel.hidden && panel.offsetHeight > 0).map((panel) => panel.dataset.value);
    return `${selected} / ${shown.join(',')}`;
  }));
}

for (const width of [375, 1280]) {
  test(`at ${width} px a click switches every group of its groupId, and later pages open on that choice`, async () => {
    const { context, page, problems } = await newPage(site.browser, { viewport: { width, height: 800 } });
    await page.goto(`${site.server.origin}/install`);
    await waitForHydration(page);
    assert.deepEqual(await groups(page), ['npm / npm', 'npm / npm', 'TypeScript / ts']);
    await page.getByRole('tab', { name: 'Yarn' }).first().click();
    assert.deepEqual(await groups(page), ['Yarn / yarn', 'Yarn / yarn', 'TypeScript / ts']);
    assert.equal(await page.evaluate(() => localStorage.getItem('docusaurus.tab.package-manager')), 'yarn');

    // The router shows the next page without a reload; its group of the same id follows.
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a.pagination-next')!.click());
    await page.waitForURL(`${site.server.origin}/api/store`);
    // The address changes before the page renders, and the page left had groups too.
    await page.locator('h1', { hasText: /^Store$/ }).waitFor();
    await page.waitForFunction(() => document.querySelector('[data-tabs]') !== null);
    assert.deepEqual(await groups(page), ['Yarn / yarn']);
    await page.reload();
    await waitForHydration(page);
    assert.deepEqual(await groups(page), ['Yarn / yarn'], 'a fresh load reads the stored choice');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('the arrow keys, Home and End move between tabs and select them (WAI-ARIA tabs)', async () => {
  const { context, page } = await newPage(site.browser, { viewport: { width: 1024, height: 800 } });
  await page.goto(`${site.server.origin}/install`);
  await waitForHydration(page);
  await page.getByRole('tab', { name: 'npm' }).first().focus();
  const steps: string[] = [];
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowLeft', 'End', 'Home']) {
    await page.keyboard.press(key);
    steps.push(`${key}: ${await page.evaluate(() => document.activeElement?.textContent)} ${(await groups(page))[0]}`);
  }
  assert.deepEqual(steps, [
    'ArrowRight: Yarn Yarn / yarn',
    'ArrowRight: pnpm pnpm / pnpm',
    'ArrowRight: npm npm / npm',
    'ArrowLeft: pnpm pnpm / pnpm',
    'End: pnpm pnpm / pnpm',
    'Home: npm npm / npm',
  ]);
  assert.deepEqual(await page.$$eval('[data-tabs] >> nth=0 >> [role="tab"]', (tabs) => tabs.map((tab) => (tab as HTMLElement).tabIndex)), [0, -1, -1], 'only the selected tab is in the tab order');
  await context.close();
});

test('a queryString group opens on the tab the URL names, and a click writes it back', async () => {
  const { context, page } = await newPage(site.browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(`${site.server.origin}/install?lang=js`);
  await waitForHydration(page);
  assert.equal((await groups(page))[2], 'JavaScript / js');
  await page.getByRole('tab', { name: 'TypeScript' }).click();
  assert.equal(new URL(page.url()).search, '?lang=ts');
  assert.equal((await groups(page))[2], 'TypeScript / ts');
  await context.close();
});

test('without JavaScript the default tab of each group is the one shown', async () => {
  const { context, page } = await newPage(site.browser, { viewport: { width: 375, height: 800 }, javaScriptEnabled: false });
  await page.goto(`${site.server.origin}/install`);
  assert.deepEqual(await page.$$eval('[data-tabs]', (containers) => containers.map((container) => [...container.querySelectorAll<HTMLElement>('[role="tabpanel"]')].filter((panel) => !panel.hidden).map((panel) => panel.dataset.value).join(','))), ['npm', 'npm', 'ts']);
  await context.close();
});
