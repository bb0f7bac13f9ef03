/**
 * A Docusaurus site's React home page (test/fixtures/docusaurus-pages, built with --allow-component-code)
 * in Chromium: styled by Infima's classes (src/css/infima.css) in the palette its custom.css sets and by its
 * CSS modules, in light and dark mode, at a phone's width and a desktop's; free of console errors, and its
 * Link navigating client-side. Its CSS module reads Infima's variables (src/css/infima-variables.css) and gets
 * Infima's values in each mode; its custom.css's primary colour still colours the theme's links.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, useSiteInBrowser, waitForHydration, waitForNewTitle } from '../helpers/browser.ts';
import { buildWithCli } from '../helpers/cli.ts';
import { projectRoot } from '../helpers/site.ts';

const site = useSiteInBrowser(() => buildWithCli(['--config', 'docusaurus.config.js', '--allow-component-code'], path.join(projectRoot, 'test/fixtures/docusaurus-pages')));

/** The site's custom.css: --ifm-color-primary in light and in dark mode. */
const PRIMARY = { light: 'rgb(15, 118, 110)', dark: 'rgb(45, 212, 191)' };

/** The hero's colours: hero--primary puts it on the site's primary colour. */
function heroColours(page: Page): Promise<{ background: string; text: string }> {
  return page.locator('header.hero').evaluate((hero) => ({ background: getComputedStyle(hero).backgroundColor, text: getComputedStyle(hero.querySelector('.hero__title')!).color }));
}

/** Each feature column's box, in the page's order. */
function columnBoxes(page: Page): Promise<{ x: number; y: number; width: number }[]> {
  return page.locator('.row > .col').evaluateAll((columns) => columns.map((column) => {
    const box = column.getBoundingClientRect();
    return { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width) };
  }));
}

async function openHome(width: number, theme: 'light' | 'dark' = 'light') {
  const opened = await newPage(site.browser, { viewport: { width, height: 800 } });
  if (theme === 'dark') await opened.context.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await opened.page.goto(`${site.server.origin}/`);
  await waitForHydration(opened.page);
  return opened;
}

for (const width of [375, 1280]) {
  test(`at ${width} px the home page shows its hero and features styled, and its Link opens the tutorial without a reload`, async () => {
    const { context, page, problems } = await openHome(width);
    assert.equal(await page.title(), 'Launch with Acme Rockets | Acme Rockets');
    assert.deepEqual(await heroColours(page), { background: PRIMARY.light, text: 'rgb(255, 255, 255)' });
    assert.deepEqual(await page.locator('img[class*="featureSvg"]').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).getBoundingClientRect().height)), [200, 200, 200]);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));

    const title = await page.title();
    await page.getByRole('link', { name: 'Plan your first launch' }).click();
    await page.waitForURL(`${site.server.origin}/docs/intro`);
    await page.locator('h1', { hasText: 'Tutorial Intro' }).waitFor();
    // The title follows the heading, in an effect after the page has rendered.
    await waitForNewTitle(page, title);
    assert.equal(await page.evaluate(() => (window as unknown as { marker?: string }).marker), 'same document');
    assert.equal(await page.title(), 'Tutorial Intro | Acme Rockets');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test("at 1280 px the three col--4 columns of a row sit side by side, a third of the container's width each", async () => {
  const { context, page } = await openHome(1280);
  const columns = await columnBoxes(page);
  const row = await page.locator('.row').evaluate((element) => Math.round(element.getBoundingClientRect().width));
  assert.equal(columns.length, 3);
  assert.deepEqual(columns.map((column) => column.y), [columns[0].y, columns[0].y, columns[0].y], 'one line');
  assert.ok(columns[0].x < columns[1].x && columns[1].x < columns[2].x, JSON.stringify(columns));
  for (const column of columns) assert.ok(Math.abs(column.width - row / 3) <= 1, `${column.width} px of a ${row} px row`);
  // Infima's container: 1140 px wide with 1 rem of padding, its row reaching into that padding.
  assert.equal(await page.locator('.react-page section .container').evaluate((element) => element.getBoundingClientRect().width), 1140);
  assert.equal(row, 1140);
  await context.close();
});

test('at 375 px the columns stack, each as wide as the row, as below 997 px on Docusaurus', async () => {
  const { context, page } = await openHome(375);
  const columns = await columnBoxes(page);
  const row = await page.locator('.row').evaluate((element) => Math.round(element.getBoundingClientRect().width));
  assert.deepEqual(columns.map((column) => column.width), [row, row, row]);
  assert.deepEqual(columns.map((column) => column.x), [columns[0].x, columns[0].x, columns[0].x]);
  assert.ok(columns[0].y < columns[1].y && columns[1].y < columns[2].y, JSON.stringify(columns));
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 375), 'nothing wider than the window');
  await context.close();
});

test("the button--secondary button--lg is Infima's: light grey with dark text, its padding and text scaled for lg, its border; the theme's own .button outside the page keeps its look", async () => {
  const { context, page } = await openHome(1280);
  const button = page.getByRole('link', { name: 'Plan your first launch' });
  const style = (property: string[]) => button.evaluate((element, names) => Object.fromEntries(names.map((name) => [name, getComputedStyle(element).getPropertyValue(name)])), property);
  assert.deepEqual(await style(['padding', 'border', 'border-radius', 'background-color', 'color', 'font-size', 'font-weight', 'text-decoration-line']), {
    'padding': '8.1px 32.4px',
    'border': '1px solid rgb(235, 237, 240)',
    // Infima's radius is worked out on :root, before the size multiplier: 0.4rem at any size, as on Docusaurus.
    'border-radius': '6.4px',
    'background-color': 'rgb(235, 237, 240)',
    'color': 'rgb(28, 30, 33)',
    'font-size': '18.9px',
    'font-weight': '700',
    'text-decoration-line': 'none',
  });
  await button.hover();
  await page.waitForFunction(() => getComputedStyle(document.querySelector('.react-page .button')!).backgroundColor === 'rgb(212, 213, 216)');
  // A theme's button outside the page's content, as its error boxes render one.
  const themeButton = await page.evaluate(() => {
    const element = document.createElement('button');
    element.className = 'button';
    document.querySelector('main')!.append(element);
    const { padding, borderRadius } = getComputedStyle(element);
    return { padding, borderRadius };
  });
  assert.deepEqual(themeButton, { padding: '10px 22px', borderRadius: '8px' });
  await context.close();
});

test("in dark mode the hero is on the site's dark primary colour with dark text, as Infima's hero--primary is, and the button stays light", async () => {
  const { context, page, problems } = await openHome(1280, 'dark');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  assert.deepEqual(await heroColours(page), { background: PRIMARY.dark, text: 'rgb(0, 0, 0)' });
  assert.equal(await page.getByRole('link', { name: 'Plan your first launch' }).evaluate((element) => getComputedStyle(element).backgroundColor), 'rgb(235, 237, 240)');
  assert.deepEqual(problems, []);
  await context.close();
});

test('reached by client-side navigation from a Markdown page, the home page loads its stylesheet before it is shown', async () => {
  const { context, page, problems } = await newPage(site.browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(`${site.server.origin}/about`);
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));
  await page.locator('a.navbar-brand').click();
  await page.waitForURL(`${site.server.origin}/`);
  await page.locator('header.hero').waitFor();
  // The page's CSS module (centred text) is loaded with it; Infima's classes came with the site's stylesheet.
  assert.equal(await page.locator('header.hero').evaluate((hero) => getComputedStyle(hero).textAlign), 'center');
  assert.equal((await heroColours(page)).background, PRIMARY.light);
  assert.equal(await page.evaluate(() => (window as unknown as { marker?: string }).marker), 'same document');
  assert.deepEqual(problems, []);
  await context.close();
});

/** Infima's values (infima-variables.css) of what the home page's checklist reads, and the theme's text colour. */
const INFIMA = {
  light: { emphasis800: 'rgb(68, 73, 80)', emphasis300: 'rgb(218, 221, 225)', text: 'rgb(28, 30, 33)' },
  dark: { emphasis800: 'rgb(235, 237, 240)', emphasis300: 'rgb(96, 103, 112)', text: 'rgb(227, 227, 227)' },
};

for (const theme of ['light', 'dark'] as const) {
  test(`in ${theme} mode the page's CSS module reads Infima's variables as on Docusaurus: its icon's fill, its border, its heading's colour, weight and line height, its text`, async () => {
    const { context, page, problems } = await openHome(1280, theme);
    const checklist = await page.locator('section[class*="checklist"]').evaluate((section) => {
      const [icon, title, text] = ['svg', 'h2', 'p'].map((selector) => getComputedStyle(section.querySelector(selector)!));
      return {
        iconFill: icon.fill,
        border: getComputedStyle(section).borderTopColor,
        titleColour: title.color,
        titleWeight: title.fontWeight,
        titleLineHeight: parseFloat(title.lineHeight) / parseFloat(title.fontSize),
        textColour: text.color,
        textMarginBottom: text.marginBottom,
        bodyColour: getComputedStyle(document.body).color,
      };
    });
    assert.deepEqual(checklist, {
      iconFill: INFIMA[theme].emphasis800,
      border: INFIMA[theme].emphasis300,
      // --ifm-heading-color is `inherit`: the colour around the heading, the theme's text colour.
      titleColour: INFIMA[theme].text,
      titleWeight: '700',
      titleLineHeight: 1.25,
      // --ifm-font-color-base is the text colour the theme shows.
      textColour: INFIMA[theme].text,
      textMarginBottom: '20px',
      bodyColour: INFIMA[theme].text,
    });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test(`in ${theme} mode the site's own --ifm-color-primary still colours the theme's links, and Infima's link colour and shades follow it`, async () => {
    const { context, page, problems } = await newPage(site.browser, { viewport: { width: 1280, height: 800 } });
    if (theme === 'dark') await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto(`${site.server.origin}/about`);
    await waitForHydration(page);
    // What the link shows, and what a rule of the site reading Infima's link colour and darkest shade gets.
    const colours = await page.locator('.markdown a').first().evaluate((link) => {
      const [ifmLink, darkest] = ['var(--ifm-link-color)', 'var(--ifm-color-primary-darkest)'].map((value) => {
        const span = document.createElement('span');
        span.style.color = value;
        link.parentElement!.append(span);
        return getComputedStyle(span).color;
      });
      return { link: getComputedStyle(link).color, ifmLink, darkest };
    });
    // The site sets the darkest shade too (custom.css): #0b534d in light mode, #209486 in dark mode.
    assert.deepEqual(colours, { link: PRIMARY[theme], ifmLink: PRIMARY[theme], darkest: theme === 'light' ? 'rgb(11, 83, 77)' : 'rgb(32, 148, 134)' });
    assert.deepEqual(problems, []);
    await context.close();
  });
}
