/**
 * The site works under the strict Content-Security-Policy the build writes into dist/_headers:
 * served with those headers, pages hydrate, navigate, switch colour mode and search without a single
 * CSP violation; and the built HTML has no inline handlers and no inline script but the build's own.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, waitForHydration, waitForNewTitle } from '../helpers/browser.ts';
import { directive, serveWithHeaders, type HostedSite } from '../helpers/headers.ts';
import { ALL_ROUTES, builtSite } from '../helpers/site.ts';

const ROUTES = ['/', '/api/createstore', '/tutorials/essentials/part-8-rtk-query-advanced', '/errors?code=3'];

let browser: Browser;
let outDir: string;
let origin: string;
let host: HostedSite;
let csp: string;

before(async () => {
  ({ outDir } = await builtSite());
  host = await serveWithHeaders(outDir);
  ({ origin, csp } = host);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await host?.close();
});

test('dist/_headers has a strict CSP for every path', () => {
  assert.ok(csp, 'a Content-Security-Policy line in the /* block of _headers');
  const scriptSources = directive(csp, 'script-src');
  assert.ok(scriptSources.includes("'self'"), csp);
  assert.ok(scriptSources.includes("'wasm-unsafe-eval'"), 'Pagefind compiles WebAssembly');
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'https:', 'http:']) {
    assert.ok(!scriptSources.includes(unsafe), `script-src must not allow ${unsafe}`);
  }
  assert.ok(!directive(csp, 'style-src').includes("'unsafe-inline'"), 'style-src must not allow inline styles');
  assert.deepEqual(directive(csp, 'object-src'), ["'none'"]);
  assert.deepEqual(directive(csp, 'default-src'), ["'self'"]);
});

function htmlFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Start tags with their attributes (quoted values may hold `>`); text and comments are skipped. */
const START_TAG = /<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;

test('no built page has an inline event handler attribute', () => {
  const files = htmlFiles(outDir);
  assert.ok(files.length > ALL_ROUTES.length, `every page is scanned (${files.length} HTML files)`);
  const found: string[] = [];
  for (const file of files) {
    const html = readFileSync(file, 'utf8');
    for (const [tag, name, attributes] of html.matchAll(START_TAG)) {
      for (const [, attribute] of attributes.matchAll(ATTRIBUTE)) {
        if (/^on[a-z]+$/i.test(attribute)) found.push(`${path.relative(outDir, file)}: <${name} ${attribute}=…> in ${tag.slice(0, 120)}`);
      }
    }
    // A cruder net for anything the tag pattern might not have parsed.
    const crude = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, '').match(/<[a-zA-Z][^<>]*\son[a-z]+\s*=[^<>]*>/gi) ?? [];
    for (const tag of crude) found.push(`${path.relative(outDir, file)}: ${tag.slice(0, 120)}`);
  }
  assert.deepEqual([...new Set(found)], []);
});

test('the only inline scripts are the theme script and, on the home page, the base URL check; the CSP allows both by hash', () => {
  const scriptSources = directive(csp, 'script-src');
  const hashes = new Set<string>();
  let pages = 0;
  for (const file of htmlFiles(outDir)) {
    const html = readFileSync(file, 'utf8');
    const relative = path.relative(outDir, file);
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)].filter(([, attributes]) => !/\ssrc\s*=/i.test(attributes));
    const isPage = html.includes('<meta name="route-chunk"');
    if (isPage) pages++;
    const expected = !isPage ? [] : relative === 'index.html' ? [/localStorage/, /base-url-issue-banner/] : [/localStorage/];
    assert.equal(inline.length, expected.length, `${relative}: ${inline.length} inline scripts`);
    for (const [index, [, attributes, body]] of inline.entries()) {
      assert.doesNotMatch(attributes, /type\s*=\s*["']?module/i, `${relative}: the inline script is a classic script`);
      assert.match(body, expected[index], `${relative}: inline script ${index + 1}`);
      const hash = `sha256-${createHash('sha256').update(body).digest('base64')}`;
      assert.ok(scriptSources.includes(`'${hash}'`), `${relative}: the CSP allows the inline script's hash ${hash}`);
      hashes.add(hash);
    }
  }
  assert.ok(pages >= ALL_ROUTES.length + 1, `${pages} pages checked (every route and the 404 page)`);
  assert.equal(hashes.size, 2, 'every page has the same theme script, the home page one base URL check');
  assert.equal(scriptSources.filter((source) => source.startsWith("'sha256-")).length, 2, 'the CSP allows no other inline script');
});

interface Watched { context: BrowserContext; page: Page; cspMessages: string[]; violations(): Promise<string[]> }

/** A desktop-sized page that records CSP console messages (page and workers) and violation events; only 127.0.0.1 is reachable. */
async function watchedPage(): Promise<Watched> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route((url) => url.origin !== origin, (route) => route.abort('blockedbyclient'));
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`);
    }, true);
  });
  const page = await context.newPage();
  const cspMessages: string[] = [];
  const onConsole = (where: string) => (message: { text(): string }) => {
    if (/Content Security Policy/i.test(message.text())) cspMessages.push(`${where}: ${message.text()}`);
  };
  page.on('console', onConsole('page'));
  page.on('worker', (worker) => worker.on('console', onConsole(`worker ${worker.url()}`)));
  page.on('pageerror', (error) => {
    if (/Content Security Policy/i.test(error.message)) cspMessages.push(`pageerror: ${error.message}`);
  });
  const violations = () => page.evaluate(() => [...(window as unknown as { __cspViolations: string[] }).__cspViolations]);
  return { context, page, cspMessages, violations };
}

async function assertNoViolations(watched: Watched, when: string) {
  assert.deepEqual([...watched.cspMessages, ...(await watched.violations())], [], `CSP violations ${when}`);
}

for (const route of ROUTES) {
  test(`${route} works under the CSP: hydration, colour mode, search, client-side navigation`, { timeout: 60_000 }, async () => {
    const watched = await watchedPage();
    const { context, page } = watched;

    const response = await page.goto(origin + route);
    assert.equal(response?.headers()['content-security-policy'], csp, 'the page is served with the CSP from _headers');
    await waitForHydration(page);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.hydrated), 'true');
    if (route.startsWith('/errors?code=')) await page.waitForSelector('.error-lookup');
    await assertNoViolations(watched, `loading ${route}`);

    // Colour mode: the toggle flips <html data-theme> and remembers the choice.
    const before = await page.evaluate(() => document.documentElement.dataset.theme);
    await page.click('.navbar-items .color-mode-toggle');
    const expected = before === 'dark' ? 'light' : 'dark';
    await page.waitForFunction((mode) => document.documentElement.dataset.theme === mode, expected);
    assert.equal(await page.evaluate(() => localStorage.getItem('theme')), expected);
    await page.click('.navbar-items .color-mode-toggle');
    await page.waitForFunction((mode) => document.documentElement.dataset.theme === mode, before);

    // Search: the modal loads Pagefind (a worker and WebAssembly) and lists results.
    await page.click('button.search-button');
    await page.fill('[role="dialog"] input[type="search"]', 'reducer');
    await page.waitForSelector('[role="dialog"] .search-hit, [role="dialog"] .search-empty, [role="dialog"] .search-crashed', { timeout: 15_000 });
    const hits = await page.locator('[role="dialog"] .search-hit').count();
    assert.ok(hits > 0, `search for "reducer" returned results (${await page.locator('[role="dialog"]').innerText()})`);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[role="dialog"]', { state: 'detached' });
    await assertNoViolations(watched, `using search on ${route}`);

    // Client-side navigation: the document stays, the route chunk is imported under script-src 'self'.
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));
    const target = await page.evaluate(() => [...document.querySelectorAll<HTMLAnchorElement>('.navbar-items a.navbar-link')]
      .map((link) => link.getAttribute('href') ?? '')
      .find((href) => href.startsWith('/') && href.replace(/\/$/, '') !== location.pathname.replace(/\/$/, '')));
    assert.ok(target, 'an internal navbar link to another page');
    const routeTitle = await page.title();
    await page.click(`.navbar-items a.navbar-link[href="${target}"]`);
    await page.waitForURL((url) => url.pathname === target);
    // The address changes before the page renders (and the page left had a main h1 too).
    await waitForNewTitle(page, routeTitle);
    await page.waitForFunction((href) => document.querySelector('main h1') !== null && location.pathname === href, target);
    assert.equal(await page.evaluate(() => (window as unknown as { marker?: string }).marker), 'same document', 'navigated without a page load');
    const targetTitle = await page.title();
    await page.goBack();
    await page.waitForURL((url) => url.pathname + url.search === route);
    // The page gone back to renders after the address changes: its violations, were there any, come then.
    await waitForNewTitle(page, targetTitle);
    await assertNoViolations(watched, `navigating from ${route}`);
    await context.close();
  });
}

test('the violation watch itself works: an injected inline script is blocked and reported', async () => {
  const watched = await watchedPage();
  await watched.page.goto(origin + '/');
  await waitForHydration(watched.page);
  const ran = await watched.page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.head.append(script);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  assert.equal(ran, false, 'the CSP blocks an inline script');
  await watched.page.waitForFunction(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.length > 0);
  assert.match((await watched.violations()).join('\n'), /script-src/);
  await watched.page.waitForTimeout(50);
  assert.ok(watched.cspMessages.length > 0, 'the console message is seen too');
  await watched.context.close();
});
