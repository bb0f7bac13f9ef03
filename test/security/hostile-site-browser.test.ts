/**
 * A docs folder full of script and redirect payloads (issue #34) builds, with a warning for each
 * thing dropped, and its pages do nothing a reader did not ask for: served by a plain static server
 * that sends no Content-Security-Policy (GitHub Pages, S3), in Chromium, no injected script runs, no
 * request reaches the attacker's URL, and no page navigates away.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useTrappedSite } from '../helpers/trap-server.ts';
import { siteConfig } from '../helpers/site-folder.ts';
import { tempTree } from '../helpers/tmp.ts';

/** Every payload calls this URL: a request for it is a script or a redirect that ran. */
const PWNED = '/pwned';
const hit = (n: number) => `fetch('${PWNED}?${n}')`;

const PAGES: Record<string, string> = {
  'docs/raw.md': [
    '# Raw HTML',
    `<img src="x" onerror="${hit(1)}"> <a href="javascript:${hit(2)}">two</a> <a href="JaVa&#x09;ScRiPt:${hit(3)}">three</a>`,
    `<details open ontoggle="${hit(4)}"><summary>four</summary>x</details>`,
    `<script>${hit(5)}</script> <svg onload="${hit(6)}"></svg> <meta http-equiv="refresh" content="0;url=${PWNED}?7">`,
    `<iframe srcdoc="<script>parent.${hit(8)}</script>"></iframe> <img src="data:image/svg+xml,<svg onload='${hit(9)}'/>">`,
    `[ten](javascript:${hit(10)}) <p style="background:url(${PWNED}?11)">eleven</p> <object data="${PWNED}?12"></object>`,
  ].join('\n\n'),
  'docs/mdx.mdx': [
    'import Widget from \'@site/Widget.jsx\';',
    '# MDX',
    `<iframe src="https://www.youtube-nocookie.com/embed/x" title="Talk" srcDoc="<script>parent.${hit(13)}</script>" />`,
    `{<img src="x" onError="${hit(14)}" />}`,
    `<div dangerouslySetInnerHTML={{__html: "<img src=x onerror=${hit(15)}>"}} />`,
    `{<a href="javascript:${hit(16)}">sixteen</a>}`,
    `<a href={"java" + "script:${hit(17)}"}>seventeen</a>`,
    '<Widget />',
  ].join('\n\n'),
  // An opted-in component is trusted to run at build time, not to publish script: its HTML is sanitized too.
  'Widget.jsx': `export default function Widget() { return <div><span dangerouslySetInnerHTML={{ __html: "<img src=x onerror=${hit(18)}><script>${hit(19)}</script>" }} /><a href="javascript:${hit(20)}">twenty</a></div>; }\n`,
};

const root = tempTree({ ...PAGES, 'docs/intro.md': '# Intro\n', 'sidebars.js': "module.exports = { docs: ['intro', 'raw', 'mdx'] };\n", 'site.config.ts': siteConfig({ allowComponentCode: true, onBrokenLinks: 'warn', markdown: { format: 'detect', languageTabs: false } }) });

const site = useTrappedSite(root, ['--config', 'site.config.ts'], PWNED);

test('the hostile folder builds, with a warning for every payload it dropped', () => {
  assert.equal(site.build.code, 0, site.build.stderr);
  const warnings = site.build.stderr.split('\n').filter((line) => line.startsWith('warning:'));
  assert.ok(warnings.length >= 12, warnings.join('\n'));
});

for (const route of ['/raw', '/mdx']) {
  test(`${route}: no injected script runs, nothing is fetched from the attacker's URL, and the page stays where it is (375 and 1280 px)`, async () => {
    for (const width of [375, 1280]) {
      const context = await site.browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(`${site.server.origin}${route}`, { waitUntil: 'load' });
      // Time for handlers (onerror, ontoggle) and a meta refresh to fire, were any left.
      await page.waitForTimeout(1000);
      const protocols = await page.locator('.markdown a[href], .markdown [src]').evaluateAll((elements) => elements.map((element) => new URL((element as HTMLAnchorElement).href || (element as HTMLImageElement).src).protocol));
      assert.deepEqual(protocols.filter((protocol) => !['http:', 'https:'].includes(protocol)), [], 'every link and source as the browser resolves it is http(s)');
      assert.equal(new URL(page.url()).pathname, route, 'no navigation');
      assert.deepEqual(dialogs, []);
      const elements = await page.locator('.markdown *').evaluateAll((found) => found.flatMap((element) => [
        ...(['SCRIPT', 'META', 'OBJECT', 'EMBED', 'BASE'].includes(element.tagName) ? [element.tagName] : []),
        ...element.getAttributeNames().filter((name) => /^on|^srcdoc$|^http-equiv$|^formaction$/i.test(name)).map((name) => `${element.tagName} ${name}`),
      ]));
      assert.deepEqual(elements, [], 'no script element, event handler, srcdoc or refresh in the page body');
      await context.close();
    }
    assert.deepEqual(site.server.trapped, []);
  });
}
