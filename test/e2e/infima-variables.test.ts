/**
 * Infima's variables (src/css/infima-variables.css) beside the theme's CSS, in Chromium: for a site that sets
 * none of them, every colour and font of the theme is what it is without them, in light and dark mode, on the
 * page, in a light navbar and in a dark one, but for the two that follow Infima's primary colour. The page is the
 * two stylesheets and a skeleton of the theme's markup, loaded without a server.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.ts';
import { projectRoot } from '../helpers/site.ts';

const themeCss = readFileSync(path.join(projectRoot, 'src/css/site.css'), 'utf8');
const infimaVariables = readFileSync(path.join(projectRoot, 'src/css/infima-variables.css'), 'utf8');

/** The theme's own variables, as site.css's `:root` declares them: `--color-text`, `--font-body`… */
const THEME_VARIABLES = [...new Set([...themeCss.slice(0, themeCss.indexOf('}')).matchAll(/^\s*(--(?:color|font)-[\w-]+):/gm)].map((match) => match[1]))];

/** Where a colour can differ: the page, a dark navbar (data-theme="dark" inside the page) and a light one. */
const PLACES = { page: 'body', darkNavbar: '.navbar--dark', lightNavbar: '.navbar:not(.navbar--dark)' };

let browser: Browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

type Resolved = Record<string, string>;

/** Each theme variable resolved in each place, in one colour mode, with `css` as the page's stylesheet. */
async function resolvedThemeVariables(css: string, mode: 'light' | 'dark'): Promise<Resolved> {
  const page = await browser.newPage();
  await page.setContent(`<!doctype html><html data-theme="${mode}"><head><style>${css}</style></head><body>
    <nav class="navbar navbar--dark" data-theme="dark"></nav><nav class="navbar"></nav>
    <button class="button button-primary">Try again</button></body></html>`);
  const resolved = await page.evaluate(({ places, names }) => {
    const values: Record<string, string> = {};
    for (const [place, selector] of Object.entries(places)) {
      const probe = document.createElement('span');
      document.querySelector(selector)!.append(probe);
      // The footer is never inside a navbar.
      for (const name of names.filter((variable) => place === 'page' || !variable.startsWith('--color-footer'))) {
        const property = name.startsWith('--font-') ? 'fontFamily' : 'color';
        probe.style[property] = `var(${name})`;
        values[`${place} ${name}`] = getComputedStyle(probe)[property];
      }
      values[`${place} background`] = getComputedStyle(document.querySelector(selector)!).backgroundColor;
    }
    values['body font-size'] = getComputedStyle(document.body).fontSize;
    values['button-primary background'] = getComputedStyle(document.querySelector('.button-primary')!).backgroundColor;
    return values;
  }, { places: PLACES, names: THEME_VARIABLES });
  await page.close();
  return resolved;
}

function differences(without: Resolved, withVariables: Resolved): Record<string, [string, string]> {
  return Object.fromEntries(Object.keys(without).filter((key) => without[key] !== withVariables[key]).map((key) => [key, [without[key], withVariables[key]]]));
}

for (const mode of ['light', 'dark'] as const) {
  test(`in ${mode} mode, a site that sets no Infima variable sees the theme's colours and fonts with Infima's variables as without them, but for ${mode === 'light' ? "a dark navbar's links" : 'the primary button'}`, async () => {
    assert.ok(THEME_VARIABLES.includes('--color-text') && THEME_VARIABLES.includes('--font-mono'), THEME_VARIABLES.join(' '));
    const without = await resolvedThemeVariables(themeCss, mode);
    const withVariables = await resolvedThemeVariables(`${infimaVariables}\n${themeCss}`, mode);
    assert.equal(withVariables['page --color-primary'], mode === 'light' ? 'rgb(118, 74, 188)' : 'rgb(179, 157, 219)');
    assert.deepEqual(differences(without, withVariables), mode === 'light'
      // Infima's links are the primary colour: in a dark navbar, the dark primary, where the theme has a lighter lavender.
      ? { 'darkNavbar --color-link': ['rgb(196, 176, 234)', 'rgb(179, 157, 219)'] }
      // The theme's primary button is its deep purple in both modes without a primary of the site's, and the primary of each mode with one.
      : { 'button-primary background': ['rgb(118, 74, 188)', 'rgb(179, 157, 219)'] });
  });
}

/** A site's palettes as real custom.css files set them: on :root only, and for each mode (the classic template's). */
const SITE_PALETTES = {
  'on :root only': ':root { --ifm-color-primary: #2e8555; --ifm-link-color: #1d6b41; --ifm-footer-background-color: #0f1b2a; --ifm-menu-color-background-active: #e6f4ea; }',
  'for each mode': ":root { --ifm-color-primary: #2e8555; } [data-theme='dark'] { --ifm-color-primary: #25c2a0; } html[data-theme='dark'] { --ifm-background-surface-color: #1e2a2a; }",
};

for (const [setting, siteCss] of Object.entries(SITE_PALETTES)) {
  for (const mode of ['light', 'dark'] as const) {
    test(`a site's palette set ${setting} colours the theme in ${mode} mode as it does without Infima's variables, on the page and in a dark navbar`, async () => {
      const without = await resolvedThemeVariables(`${themeCss}\n${siteCss}`, mode);
      const withVariables = await resolvedThemeVariables(`${infimaVariables}\n${themeCss}\n${siteCss}`, mode);
      // A dark navbar takes the site's [data-theme='dark'] palette in both modes, else its light one.
      assert.equal(withVariables['darkNavbar --color-primary'], setting === 'for each mode' ? 'rgb(37, 194, 160)' : 'rgb(46, 133, 85)');
      assert.deepEqual(differences(without, withVariables), {});
    });
  }
}

test("a site's --ifm-color-content on :root colours the theme's text through --ifm-font-color-base in light mode only, as Infima's dark mode outweighs it on Docusaurus", async () => {
  const siteCss = ':root { --ifm-color-content: black; }';
  const light = await resolvedThemeVariables(`${infimaVariables}\n${themeCss}\n${siteCss}`, 'light');
  const dark = await resolvedThemeVariables(`${infimaVariables}\n${themeCss}\n${siteCss}`, 'dark');
  assert.deepEqual([light['page --color-text'], light['darkNavbar --color-text'], dark['page --color-text']], ['rgb(0, 0, 0)', 'rgb(227, 227, 227)', 'rgb(227, 227, 227)']);
});

/** Each CSS value as a colour, on the page and in a dark navbar, with `css` as the page's stylesheet. */
async function coloursOf(css: string, mode: 'light' | 'dark', values: string[]): Promise<{ page: string[]; darkNavbar: string[] }> {
  const page = await browser.newPage();
  await page.setContent(`<!doctype html><html data-theme="${mode}"><head><style>${css}</style></head><body><main></main>
    <nav class="navbar navbar--dark" data-theme="dark"></nav></body></html>`);
  const colours = await page.evaluate((list) => Object.fromEntries(['main', '.navbar--dark'].map((selector) => [selector, list.map((value) => {
    const probe = document.createElement('span');
    probe.style.color = value;
    document.querySelector(selector)!.append(probe);
    return getComputedStyle(probe).color;
  })])), values);
  await page.close();
  return { page: colours.main, darkNavbar: colours['.navbar--dark'] };
}

test("Infima's emphasis scale turns round in dark mode and in a dark navbar, and its content colours are the theme's text", async () => {
  const values = ['var(--ifm-color-emphasis-0)', 'var(--ifm-color-emphasis-300)', 'var(--ifm-color-emphasis-800)', 'var(--ifm-font-color-base)', 'var(--ifm-background-color)', 'var(--ifm-background-surface-color)'];
  const light = ['rgb(255, 255, 255)', 'rgb(218, 221, 225)', 'rgb(68, 73, 80)', 'rgb(28, 30, 33)', 'rgb(255, 255, 255)', 'rgb(255, 255, 255)'];
  const dark = ['rgb(0, 0, 0)', 'rgb(96, 103, 112)', 'rgb(235, 237, 240)', 'rgb(227, 227, 227)', 'rgb(27, 27, 29)', 'rgb(43, 44, 47)'];
  const css = `${infimaVariables}\n${themeCss}`;
  assert.deepEqual(await coloursOf(css, 'light', values), { page: light, darkNavbar: dark });
  assert.deepEqual(await coloursOf(css, 'dark', values), { page: dark, darkNavbar: dark });
});

test("a site that sets only its primary colour gets Infima's shades, contrast colours and link colour worked out from it, in both modes and in a dark navbar", async () => {
  const css = `${infimaVariables}\n${themeCss}\n:root { --ifm-color-primary: #2e8555; }`;
  const values = ['var(--ifm-color-primary-dark)', 'var(--ifm-color-primary-lightest)', 'var(--ifm-color-primary-contrast-background)', 'var(--ifm-link-color)'];
  const expected = ['color-mix(in srgb, #2e8555 90%, #000000)', 'color-mix(in srgb, #2e8555 50%, #ffffff)', 'color-mix(in srgb, #2e8555 10%, #ffffff)', '#2e8555'];
  const expectedDark = [...expected.slice(0, 2), 'color-mix(in srgb, #2e8555 30%, #000000)', expected[3]];
  const { page: light } = await coloursOf('', 'light', expected);
  const { page: dark } = await coloursOf('', 'light', expectedDark);
  assert.deepEqual(await coloursOf(css, 'light', values), { page: light, darkNavbar: dark });
  assert.deepEqual(await coloursOf(css, 'dark', values), { page: dark, darkNavbar: dark });
});
