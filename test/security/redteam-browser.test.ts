/**
 * The two ways test/security/redteam.test.ts found for a page's own JavaScript to run in a reader's
 * browser, built with a plain docs-only build and served by a static server that sends no
 * Content-Security-Policy (GitHub Pages, S3): in Chromium, neither runs and nothing reaches the
 * attacker's URL.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sirv from 'sirv';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.ts';
import { runCli } from '../helpers/cli.ts';
import { tempTree } from '../helpers/tmp.ts';

const PWNED = '/pwned';

const PAGES: Record<string, string> = {
  'docs/intro.md': '# Intro\n',
  // The marker render.ts put where HTML set aside beside React goes back, in a prop that becomes an attribute.
  'docs/marker.mdx': [
    'import Tabs from \'@theme/Tabs\';',
    'import TabItem from \'@theme/TabItem\';',
    '',
    `" autofocus onfocus="fetch('${PWNED}?marker')" x="`,
    '',
    '<Tabs><TabItem value="\uE0000\uE001">Tab</TabItem></Tabs>',
  ].join('\n'),
  // "</iframe>" in an attribute of an element inside an iframe.
  'docs/iframe.mdx': `<iframe src="https://www.youtube-nocookie.com/embed/x" title="Talk"><span title="</iframe><img src=x onerror=fetch('${PWNED}?iframe')>">x</span></iframe>\n`,
};

const root = tempTree(PAGES);
const attacks: string[] = [];
let browser: Browser;
let server: http.Server;
let origin: string;

before(async () => {
  const build = await runCli(['build', '--docs', 'docs', '--out', 'out', '--no-search'], root);
  assert.equal(build.code, 0, build.stderr);
  const outDir = path.join(root, 'out');
  const files = sirv(outDir);
  server = http.createServer((request, response) => {
    if (request.url?.startsWith(PWNED)) {
      attacks.push(request.url);
      response.end();
      return;
    }
    const pathname = new URL(request.url ?? '/', 'http://host').pathname;
    if (existsSync(path.join(outDir, pathname, 'index.html'))) request.url = `${pathname.replace(/\/?$/, '/')}index.html`;
    files(request, response, () => {
      response.statusCode = 404;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

for (const route of ['/marker', '/iframe']) {
  test(`${route}: the page's script does not run when a reader opens it`, async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}${route}`, { waitUntil: 'load' });
    await page.waitForTimeout(1000); // for onfocus and onerror, were they there
    const handlers = await page.locator('.markdown *').evaluateAll((elements) => elements.flatMap((element) => element.getAttributeNames().filter((name) => name.startsWith('on')).map((name) => `${element.tagName} ${name}`)));
    await context.close();
    assert.deepEqual(handlers, [], 'no event handler in the page body');
    assert.deepEqual(attacks.filter((url) => url.includes(route.slice(1))), []);
  });
}
