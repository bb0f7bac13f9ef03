/**
 * React pages with state (issue #36 item 4: "hydrated only where a page has state"): the
 * docusaurus-pages fixture with four more pages (test/fixtures/react-page-state). The build renders
 * each; a page whose code uses state, effects, event handlers, the location or BrowserOnly also gets a browser module
 * that renders it live once shown; a page without state (the home page) ships none, and one that imports
 * a component only the build can render is kept as rendered, with a warning naming the import.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { addLink, newPage, useSiteInBrowser, waitForHydration } from '../helpers/browser.ts';
import { runCli } from '../helpers/cli.ts';
import { projectRoot } from '../helpers/site.ts';
import { copiedTree } from '../helpers/tmp.ts';

const fixture = (name: string) => readFileSync(path.join(projectRoot, 'test/fixtures/react-page-state', name), 'utf8');
let stderr = '';
let outDir = '';

const site = useSiteInBrowser(async () => {
  const root = copiedTree(path.join(projectRoot, 'test/fixtures/docusaurus-pages'), {
    'src/pages/launches.js': fixture('counter.js'),
    'src/pages/window.js': fixture('window.js'),
    'src/pages/fuel.js': fixture('fuel.js'),
    'src/pages/code.js': fixture('code.js'),
  });
  outDir = path.join(mkdtempSync(path.join(tmpdir(), 'react-page-state-')), 'out');
  const run = await runCli(['build', '--config', 'docusaurus.config.js', '--allow-component-code', '--out', outDir, '--no-search', '--no-cache'], root);
  assert.equal(run.code, 0, run.stderr);
  stderr = run.stderr;
  return outDir;
});

/** The URL of the browser module a page's route chunk imports, if any. */
function clientModuleOf(route: string): string | undefined {
  const chunk = readdirSync(path.join(outDir, 'assets/routes')).find((file) => new RegExp(`^${route}-\\w+\\.js$`).test(file))!;
  return /import Component from "([^"]+)"/.exec(readFileSync(path.join(outDir, 'assets/routes', chunk), 'utf8'))?.[1];
}

test('a page with state gets a browser module; the home page without state and the page that cannot run in a browser get none', () => {
  assert.match(clientModuleOf('launches') ?? '', /^\/assets\/pages\/launches-\w{10}\.js$/);
  assert.match(clientModuleOf('window') ?? '', /^\/assets\/pages\/window-\w{10}\.js$/);
  assert.match(clientModuleOf('code') ?? '', /^\/assets\/pages\/code-\w{10}\.js$/, 'a page reading the location needs the browser');
  assert.equal(clientModuleOf('index'), undefined);
  assert.equal(clientModuleOf('fuel'), undefined);
  const module = readFileSync(path.join(outDir, clientModuleOf('launches')!), 'utf8');
  assert.doesNotMatch(module, /\/tmp\/|\/work\/|node_modules/, 'no path of the build machine is published');
  assert.ok(stderr.includes('warning: src/pages/fuel.js: the page has state, but it cannot run in the browser, so readers get it as the build rendered it: src/pages/fuel.js:3:23: "@theme/CodeBlock" renders only at build time\n'), stderr);
  assert.equal(stderr.match(/^warning:/gm)?.length, 1, stderr);
});

/** The class the build gave the page's <main> (its CSS module's), which the build renders as a <div>. */
function builtPageClass(): string {
  return /<div class="react-page" data-pagefind-body=""><div class="([^"]+)"><h1>/.exec(readFileSync(path.join(outDir, 'launches/index.html'), 'utf8'))![1];
}

test('the built HTML is the first render: count 0, BrowserOnly showing its fallback', () => {
  const launches = readFileSync(path.join(outDir, 'launches/index.html'), 'utf8');
  assert.match(launches, /<h1>Launches at Acme Rockets<\/h1><p class="launch-count">Launched 0 times<\/p>/);
  assert.match(builtPageClass(), /checklist/);
  assert.match(readFileSync(path.join(outDir, 'window/index.html'), 'utf8'), /<p class="window-width">Measuring the window…<\/p>/);
});

for (const width of [375, 1280]) {
  test(`at ${width} px the page starts from its query string, counts each click, and its Link opens the tutorial without a reload`, async () => {
    const { context, page, problems } = await newPage(site.browser, { viewport: { width, height: 800 } });
    await page.goto(`${site.server.origin}/launches?start=3`);
    await waitForHydration(page);
    await page.locator('.launch-count', { hasText: 'Launched 3 times' }).waitFor();
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));
    await page.getByRole('button', { name: 'Launch one more' }).click();
    await page.getByRole('button', { name: 'Launch one more' }).click();
    assert.equal(await page.locator('.launch-count').innerText(), 'Launched 5 times');
    assert.equal(await page.title(), 'Launch log | Acme Rockets');
    assert.equal(await page.locator('nav[aria-label="Main"]').count(), 1, 'the page is inside the theme, once');
    assert.equal(await page.locator('main').count(), 1, "the page's <main> is a <div> in the theme's, as built");
    assert.equal(await page.locator('.react-page > div').getAttribute('class'), builtPageClass(), 'its CSS module classes are the built ones');

    await page.getByRole('link', { name: 'Back to the tutorial' }).click();
    await page.waitForURL(`${site.server.origin}/docs/intro`);
    await page.locator('h1', { hasText: 'Tutorial Intro' }).waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { marker?: string }).marker), 'same document');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('reached by client-side navigation, the page is live too, and fresh again on a second visit', async () => {
  const { context, page, problems } = await newPage(site.browser, { viewport: { width: 1024, height: 800 } });
  await page.goto(`${site.server.origin}/docs/intro`);
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));
  await page.click(await addLink(page, '/launches'));
  await page.locator('.launch-count', { hasText: 'Launched 0 times' }).waitFor();
  await page.getByRole('button', { name: 'Launch one more' }).click();
  await page.locator('.launch-count', { hasText: 'Launched 1 times' }).waitFor();
  await page.goBack();
  await page.locator('h1', { hasText: 'Tutorial Intro' }).waitFor();
  await page.goForward();
  await page.locator('.launch-count', { hasText: 'Launched 0 times' }).waitFor();
  assert.equal(await page.evaluate(() => (window as unknown as { marker?: string }).marker), 'same document');
  assert.deepEqual(problems, []);
  await context.close();
});

test('BrowserOnly renders its children once the page is shown, a page reading the location sees the query string, and a page kept as built shows its first render and does nothing', async () => {
  const { context, page, problems } = await newPage(site.browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(`${site.server.origin}/code?code=7`);
  await waitForHydration(page);
  await page.locator('.code', { hasText: 'Code 7' }).waitFor();
  await page.goto(`${site.server.origin}/window`);
  await waitForHydration(page);
  await page.locator('.window-width', { hasText: 'This window is 1280 px wide' }).waitFor();
  await page.goto(`${site.server.origin}/fuel`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Add ten' }).click();
  assert.equal(await page.locator('.litres').innerText(), '40 litres');
  assert.deepEqual(problems, []);
  await context.close();
});
