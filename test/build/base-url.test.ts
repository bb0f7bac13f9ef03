/**
 * A Docusaurus config's baseUrl (`/rockets/`): every URL a reader or a crawler gets starts with it, and
 * the output folder is what is served there, so no file is written under `rockets/`.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { BASE_URL_SITE } from '../helpers/base-url-site.ts';
import { runCli } from '../helpers/cli.ts';
import { tempTree } from '../helpers/tmp.ts';

async function buildSite(files: Record<string, string> = {}) {
  const root = tempTree({ ...BASE_URL_SITE, ...files });
  const run = await runCli(['build', '--config', 'docusaurus.config.js', '--out', 'out', '--no-search'], root);
  return { ...run, root, read: (file: string) => readFileSync(path.join(root, 'out', file), 'utf8') };
}

const built = buildSite();
const hrefs = (html: string, pattern: RegExp) => [...(pattern.exec(html)?.[0] ?? '').matchAll(/<a [^>]*?href="([^"]+)"[^>]*>(.*?)<\/a>/g)].map((match) => `${match[2].replace(/<[^>]+>/g, '')} ${match[1]}`);

test('the output folder holds the site as served at the baseUrl: pages, route pointers and Markdown copies at its root', async () => {
  const { code, stderr, root, read } = await built;
  assert.equal(code, 0, stderr);
  for (const file of ['docs/intro/index.html', 'docs/intro.html', 'docs/intro.md', '__routes/docs/intro.json', 'docs/category/launch/index.html', 'img/logo.svg', '404.html']) {
    assert.ok(existsSync(path.join(root, 'out', file)), file);
  }
  assert.ok(!existsSync(path.join(root, 'out', 'rockets')), 'nothing is written below a folder named after the baseUrl');
  assert.match(read('index.html'), /<meta http-equiv="refresh" content="0; url=\/rockets\/docs\/intro">/);
  assert.match(read('index.html'), /<link rel="icon" href="data:,">/, 'no request for /favicon.ico, which is outside the site');
  assert.match(read('__routes/docs/intro.json'), /^\{"chunk":"\/rockets\/assets\/routes\/docs\/intro-[0-9a-f]+\.js","preloads":\["\/rockets\/assets\/sidebars\/main-[0-9a-f]+\.js"\]\}$/);
});

test('links in the page, the navbar, the footer and the sidebar start with the baseUrl; external ones stay', async () => {
  const html = (await built).read('docs/intro/index.html');
  assert.deepEqual(hrefs(html, /<div class="markdown">[\s\S]*?<\/div>/), ['guide /rockets/docs/guide', 'its steps /rockets/docs/guide#steps']);
  assert.match(html, /<img src="\/rockets\/img\/logo\.svg" alt="The logo"/);
  assert.deepEqual(hrefs(html, /<nav aria-label="Main"[\s\S]*?<\/nav>/), ['Rockets /rockets/docs/intro', 'Start /rockets/docs/intro', 'Guide /rockets/docs/guide', 'Steps /rockets/docs/guide#steps', 'GitHub (opens in a new tab) https://github.com/acme/rockets']);
  assert.match(html, /<img class="navbar-logo" src="\/rockets\/img\/logo\.svg"/);
  // The footer logo leads home as the navbar title does: to the first doc, since no page is at the baseUrl itself.
  assert.deepEqual(hrefs(html, /<footer[\s\S]*?<\/footer>/), ['Liftoff /rockets/docs/launch/liftoff', ' /rockets/docs/intro']);
  assert.match(html, /<img class="footer-logo" src="\/rockets\/img\/logo\.svg" alt="Acme"/);
  assert.deepEqual(hrefs(html, /<nav aria-label="Docs sidebar"[\s\S]*?<\/nav>/), [
    'Intro /rockets/docs/intro', 'Guide /rockets/docs/guide', 'Launch /rockets/docs/category/launch', 'Liftoff /rockets/docs/launch/liftoff', 'Back to the start /rockets/docs/intro',
  ]);
});

test('the canonical URL, social image, favicon, sitemap and llms.txt name the pages below the baseUrl', async () => {
  const { read } = await built;
  const html = read('docs/intro/index.html');
  assert.match(html, /<link rel="canonical" href="https:\/\/acme\.example\.com\/rockets\/docs\/intro">/);
  assert.match(html, /<meta property="og:image" content="https:\/\/acme\.example\.com\/rockets\/img\/logo\.svg">/);
  assert.match(html, /<link rel="icon" href="\/rockets\/img\/favicon\.ico">/);
  assert.match(html, /<button type="button" class="copy-page-button" data-markdown="\/rockets\/docs\/intro\.md">/);
  const locations = [...read('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]).sort();
  assert.deepEqual(locations, ['https://acme.example.com/rockets/docs/category/launch', 'https://acme.example.com/rockets/docs/guide', 'https://acme.example.com/rockets/docs/intro', 'https://acme.example.com/rockets/docs/launch/liftoff']);
  assert.match(read('llms.txt'), /^- \[Guide\]\(https:\/\/acme\.example\.com\/rockets\/docs\/guide\.md\)$/m);
  assert.match(read('docs/intro.md'), /Read the \[guide\]\(https:\/\/acme\.example\.com\/rockets\/docs\/guide\), or jump to \[its steps\]\(https:\/\/acme\.example\.com\/rockets\/docs\/guide#steps\)/);
});

test('npm run check-links checks the built site below its baseUrl', async () => {
  const { root } = await built;
  const check = await runCli(['check-links', '--dir', 'out'], root);
  assert.equal(check.code, 0, check.stderr);
  assert.match(check.stdout, /0 broken/);
});

test('in an MDX page an <a> from the site root gets the baseUrl, as Docusaurus\'s Link gives it', async () => {
  const run = await buildSite({ 'docs/guide.md': '# Guide\n\n<a href="/docs/intro">Back</a>\n\n## Steps\n' });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.read('docs/guide/index.html'), /<a href="\/rockets\/docs\/intro">Back<\/a>/);
});

test('a link that leaves the baseUrl is a dead link, though a file of that name was built', async () => {
  // Plain Markdown (format "detect", a .md file): raw HTML is served as written, as Docusaurus serves it.
  const run = await buildSite({
    'docusaurus.config.js': BASE_URL_SITE['docusaurus.config.js'].replace("baseUrl: '/rockets/',", "baseUrl: '/rockets/',\n  markdown: { format: 'detect' },"),
    'docs/guide.md': '# Guide\n\n<a href="/rockets/docs/intro">In</a> and <a href="/docs/intro">out</a>.\n\n## Steps\n',
  });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: docs/guide.md:3: dead link /docs/intro\n  → Fix the link, or set onBrokenLinks / onBrokenAnchors to "warn" in docusaurus.config.js.');
});
