/**
 * The two ways test/security/redteam.test.ts found for a page's own JavaScript to run in a reader's
 * browser, built with a plain docs-only build and served by a static server that sends no
 * Content-Security-Policy (GitHub Pages, S3): in Chromium, neither runs and nothing reaches the
 * attacker's URL.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useTrappedSite } from '../helpers/trap-server.ts';
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
const site = useTrappedSite(root, ['--docs', 'docs'], PWNED);

for (const route of ['/marker', '/iframe']) {
  test(`${route}: the page's script does not run when a reader opens it`, async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.server.origin}${route}`, { waitUntil: 'load' });
    await page.waitForTimeout(1000); // for onfocus and onerror, were they there
    const handlers = await page.locator('.markdown *').evaluateAll((elements) => elements.flatMap((element) => element.getAttributeNames().filter((name) => name.startsWith('on')).map((name) => `${element.tagName} ${name}`)));
    await context.close();
    assert.deepEqual(handlers, [], 'no event handler in the page body');
    assert.deepEqual(site.server.trapped.filter((url) => url.includes(route.slice(1))), []);
  });
}
