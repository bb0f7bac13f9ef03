/**
 * `--config docusaurus.config.js`: the site around a Docusaurus docs folder comes from the author's own
 * config. A small site of our own writing, built with the CLI; asserted on the HTML and the messages.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ContentError, formatProblem } from '../../build/errors.ts';
import { loadDocusaurusConfig } from '../../build/docusaurus/config.ts';
import { runCli } from '../helpers/cli.ts';
import { tempTree } from '../helpers/tmp.ts';

/** A Docusaurus config as authors write one: an async function, the classic preset, a package not installed here. */
function docusaurusConfig({ onBrokenLinks = 'throw', navbarTo = '/docs/guide', sidebarId = 'main', prelude = '' } = {}): string {
  return `${prelude}
const { themes } = require('prism-react-renderer');
const katex = require('rehype-katex');
module.exports = async function createConfig() {
  return {
    title: 'Acme Rockets',
    tagline: 'Launch things',
    url: 'https://rockets.example.com',
    baseUrl: '/',
    favicon: 'img/favicon.ico',
    onBrokenLinks: '${onBrokenLinks}',
    organizationName: 'acme',
    presets: [['classic', {
      docs: { sidebarPath: require.resolve('./sidebars.js'), editUrl: 'https://github.com/acme/rockets/edit/main/' },
      blog: false,
    }]],
    themeConfig: {
      algolia: { appId: 'APP', apiKey: 'key', indexName: 'rockets' },
      prism: { theme: themes.github },
      colorMode: { defaultMode: 'dark' },
      announcementBar: { id: 'v2', content: 'Rockets 2 has launched', backgroundColor: '#112233', textColor: '#ffeedd', isCloseable: false },
      navbar: {
        title: 'Rockets',
        logo: { alt: 'Acme logo', src: 'img/logo.svg' },
        items: [
          { to: 'docs/intro', label: 'Start', position: 'left' },
          { to: '${navbarTo}', label: 'Guide' },
          { type: 'dropdown', label: 'More', items: [] },
          { type: 'docSidebar', sidebarId: '${sidebarId}', label: 'All docs' },
          { href: 'https://github.com/acme/rockets', label: 'GitHub', position: 'right' },
        ],
      },
      footer: {
        style: 'dark',
        links: [
          { title: 'Docs', items: [{ label: 'Intro', to: '/docs/intro' }, { html: '<b>Star us</b>' }] },
          { title: 'More', items: [{ label: 'GitHub', href: 'https://github.com/acme/rockets' }] },
        ],
        copyright: 'Copyright © Acme',
      },
    },
  };
};
`;
}

const FILES = {
  'docs/intro.md': '---\ntitle: Intro\n---\n\nWelcome. Read the [guide](./guide.md).\n',
  'docs/guide.md': '# Guide\n\nSteps.\n',
  'sidebars.js': "module.exports = { main: ['intro', 'guide'] };\n",
  'static/img/favicon.ico': '',
  'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

async function buildDocusaurusSite(files: Record<string, string>) {
  const root = tempTree({ ...FILES, 'docusaurus.config.js': docusaurusConfig(), ...files });
  const run = await runCli(['build', '--config', 'docusaurus.config.js', '--out', 'out', '--no-search'], root);
  return { ...run, root, page: (file: string) => readFileSync(path.join(root, 'out', file), 'utf8') };
}

const built = buildDocusaurusSite({});
const part = (html: string, pattern: RegExp) => pattern.exec(html)?.[0] ?? '';

test('the site builds with one warning per unsupported option and navbar item, and per package not installed', async () => {
  const run = await built;
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(run.stderr.trim().split('\n'), [
    'warning: docusaurus.config.js: package "rehype-katex" is not installed here; the config gets a stand-in for it, and what it takes from the package is ignored',
    'warning: docusaurus.config.js: "themeConfig.algolia" is not supported; it is ignored',
    'warning: docusaurus.config.js: navbar item 3 ("More"), a dropdown without links, is not supported; it is left out of the navbar',
  ]);
});

test('pages are at the docs plugin\'s routeBasePath (Docusaurus\'s default /docs), titled after the config', async () => {
  const { page } = await built;
  const html = page('docs/intro/index.html');
  assert.match(html, /<title>Intro \| Acme Rockets<\/title>/);
  assert.match(html, /<link rel="icon" href="\/img\/favicon\.ico">/);
  assert.match(html, /data-theme="dark"/);
  assert.match(html, /<a href="\/docs\/guide">guide<\/a>/);
  assert.match(html, /<a class="edit-this-page" href="https:\/\/github\.com\/acme\/rockets\/edit\/main\/docs\/intro\.md"/);
});

test('the navbar has the config\'s title, logo and links; `to` without a slash is a site path; colour mode and search are added', async () => {
  const navbar = part((await built).page('docs/guide/index.html'), /<nav aria-label="Main"[\s\S]*?<\/nav>/);
  assert.match(navbar, /<a class="navbar-brand" href="\/docs\/intro"><img class="navbar-logo" src="\/img\/logo\.svg" alt="Acme logo" width="32" height="32"\/><b class="navbar-title">Rockets<\/b><\/a>/);
  const links = [...navbar.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)/g)].map((match) => `${match[2]} ${match[1]}`);
  assert.deepEqual(links, ['Start /docs/intro', 'Guide /docs/guide', 'All docs /docs/intro', 'GitHub https://github.com/acme/rockets']);
  assert.match(navbar, /class="color-mode-toggle"[\s\S]*class="search-button"/);
});

test('the footer has the config\'s columns, HTML items and copyright; the announcement bar its text and colours', async () => {
  const { page, root } = await built;
  const html = page('docs/intro/index.html');
  const footer = part(html, /<footer[\s\S]*?<\/footer>/);
  assert.deepEqual([...footer.matchAll(/<h2 class="footer-title">([^<]+)/g)].map((match) => match[1]), ['Docs', 'More']);
  assert.match(footer, /<a class="footer-link" href="\/docs\/intro">Intro<\/a>/);
  assert.match(footer, /<li><b>Star us<\/b><\/li>/);
  assert.match(footer, /<p class="footer-copyright">Copyright © Acme<\/p>/);
  assert.match(html, /Rockets 2 has launched/);
  const css = readFileSync(path.join(root, 'out', part(html, /assets\/[^"]+\.css/)), 'utf8');
  assert.match(css, /\.announcement-bar\{background-color:#123;color:#fed\}/, 'the config\'s colours, as the minifier writes them');
});

test('onBrokenLinks: "warn" in the Docusaurus config makes a dead link a warning', async () => {
  const run = await buildDocusaurusSite({
    'docusaurus.config.js': docusaurusConfig({ onBrokenLinks: 'warn' }),
    'docs/intro.md': '---\ntitle: Intro\n---\n\nSee [nowhere](/docs/nowhere).\n',
  });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr.trim().split('\n').at(-1), 'warning: docs/intro.md:5: dead link /docs/nowhere');
});

test('a link to a missing Markdown file is a warning by Docusaurus\'s default (onBrokenMarkdownLinks "warn"), reported once, the link as written', async () => {
  const run = await buildDocusaurusSite({ 'docs/intro.md': '---\ntitle: Intro\n---\n\nSee [the old guide](./old-guide.md).\n' });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(run.stderr.trim().split('\n').slice(-2), [
    'warning: docs/intro.md:5:5: link to a missing Markdown file "./old-guide.md"',
    '  → Fix the path (relative to this file or to the docs folder), or create the page.',
  ]);
  assert.match(run.page('docs/intro/index.html'), /See <a href="\.\/old-guide\.md">the old guide<\/a>/);
});

/** The onBrokenMarkdownLinks a Docusaurus config with these options translates to, and the translation's warnings. */
async function markdownLinkPolicy(options: string): Promise<{ policy: string; warnings: string[] }> {
  const root = tempTree({ 'docusaurus.config.js': `module.exports = { title: 'T', url: 'https://x.example', baseUrl: '/', ${options} };\n` });
  const site = await loadDocusaurusConfig(path.join(root, 'docusaurus.config.js'), { docsDir: path.join(root, 'docs') });
  return { policy: site.config.onBrokenMarkdownLinks, warnings: site.warnings.map((warning) => formatProblem({ ...warning, file: undefined })) };
}

test('onBrokenMarkdownLinks and markdown.hooks.onBrokenMarkdownLinks are taken: "log" is "warn", the hook wins, a function is warned about', async () => {
  assert.deepEqual(await markdownLinkPolicy(''), { policy: 'warn', warnings: [] });
  assert.deepEqual(await markdownLinkPolicy("onBrokenMarkdownLinks: 'throw'"), { policy: 'throw', warnings: [] });
  assert.deepEqual(await markdownLinkPolicy("onBrokenMarkdownLinks: 'log'"), { policy: 'warn', warnings: [] });
  assert.deepEqual(await markdownLinkPolicy("onBrokenMarkdownLinks: 'ignore'"), { policy: 'ignore', warnings: [] });
  assert.deepEqual(await markdownLinkPolicy("onBrokenMarkdownLinks: 'warn', markdown: { hooks: { onBrokenMarkdownLinks: 'throw' } }"), { policy: 'throw', warnings: [] });
  assert.deepEqual(await markdownLinkPolicy("markdown: { hooks: { onBrokenMarkdownLinks: (params) => params.url } }"), {
    policy: 'warn',
    warnings: ['"markdown.hooks.onBrokenMarkdownLinks" as a function is not supported; a link to a missing Markdown file is a warning'],
  });
});

test('an iframe from any https host builds; customFields.embedHosts narrows the hosts, and the CSP frames the ones used', async () => {
  const embed = '---\ntitle: Intro\n---\n\n<iframe src="https://app.egghead.io/lessons/x/embed" title="Lesson" />\n';
  const open = await buildDocusaurusSite({ 'docs/intro.md': embed });
  assert.equal(open.code, 0, open.stderr);
  assert.match(open.page('_headers'), /; frame-src https:\/\/app\.egghead\.io;/);
  const narrowed = await buildDocusaurusSite({ 'docs/intro.md': embed, 'docusaurus.config.js': docusaurusConfig().replace('module.exports = async function createConfig() {\n  return {', "module.exports = async function createConfig() {\n  return {\n    customFields: { embedHosts: ['www.youtube-nocookie.com'] },") });
  assert.equal(narrowed.code, 1);
  assert.equal(narrowed.stderr.trim().split('\n').slice(-2).join('\n'), 'error: docs/intro.md:5:1: <iframe> from "app.egghead.io" is not an allowed embed\n  → Embed from one of www.youtube-nocookie.com over https, or add the host to embedHosts in the site config.');
});

test('a dead link in a Markdown page fails the build, and the fix names the Docusaurus config', async () => {
  const run = await buildDocusaurusSite({ 'docs/intro.md': '---\ntitle: Intro\n---\n\nSee [nowhere](/docs/nowhere).\n' });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: docs/intro.md:5: dead link /docs/nowhere\n  → Fix the link, or set onBrokenLinks / onBrokenAnchors to "warn" in docusaurus.config.js.');
});

test('a dead link of the sidebars file is reported against that file and the item', async () => {
  const run = await buildDocusaurusSite({ 'sidebars.js': "module.exports = { main: ['intro', 'guide', { type: 'link', label: 'Old guide', href: '/docs/old-guide' }] };\n" });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: sidebars.js: dead link /docs/old-guide in sidebar "main" item "Old guide"\n  → Fix the link, or set onBrokenLinks / onBrokenAnchors to "warn" in docusaurus.config.js.');
});

test('a dead navbar link is reported against the config and the item, counted as the config lists them', async () => {
  const run = await buildDocusaurusSite({ 'docusaurus.config.js': docusaurusConfig({ navbarTo: 'blog' }) });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: docusaurus.config.js: dead link /blog in navbar item 2 ("Guide")\n  → Fix the link, or set onBrokenLinks / onBrokenAnchors to "warn" in docusaurus.config.js.');
});

test('links into the blog, which is not built, are one warning each, not dead links: the site builds under onBrokenLinks "throw"', async () => {
  const withBlog = docusaurusConfig({ navbarTo: '/blog' }).replace('blog: false,', "blog: { blogTitle: 'News' },");
  const files = {
    'docusaurus.config.js': withBlog,
    'docs/intro.md': '---\ntitle: Intro\n---\n\nRead [the launch post](/blog/2024/launch) and the [guide](./guide.md).\n',
    'blog/2024-01-01-launch.md': '# Launch\n',
  };
  const run = await buildDocusaurusSite(files);
  assert.equal(run.code, 0, run.stderr);
  const notBuilt = [
    'warning: docs/intro.md:5: link /blog/2024/launch: the blog is not built by this generator, so the link leads to the not-found page',
    'warning: docusaurus.config.js: link /blog in navbar item 2 ("Guide"): the blog is not built by this generator, so the link leads to the not-found page',
  ];
  const lines = run.stderr.trim().split('\n');
  assert.ok(lines.includes('warning: docusaurus.config.js: "blog" of preset "classic" is not supported; the blog is not built, and a link into /blog is a warning'), run.stderr);
  assert.deepEqual(lines.filter((line) => line.includes(': link /blog')).sort(), notBuilt);
  const check = await runCli(['check-links', '--dir', 'out'], run.root);
  assert.equal(check.code, 0, check.stdout);
  assert.deepEqual(check.stderr.trim().split('\n').sort(), notBuilt);
  // The navbar's link into the blog is left to the browser: the client router neither prefetches nor shows it.
  assert.match(readFileSync(path.join(run.root, 'out/docs/intro/index.html'), 'utf8'), /<a class="navbar-link" href="\/blog" target="_self">Guide<\/a>/);

  // The blog on by default, unwritten, with its folder: the same. Without a folder there is no blog: the link is dead.
  const byDefault = await buildDocusaurusSite({ ...files, 'docusaurus.config.js': withBlog.replace("blog: { blogTitle: 'News' },", '') });
  assert.equal(byDefault.code, 0, byDefault.stderr);
  assert.match(byDefault.stderr, /^warning: docusaurus\.config\.js: the blog of preset "classic" \(on by default\) is not supported; the blog is not built, and a link into \/blog is a warning$/m);
  const { 'blog/2024-01-01-launch.md': _, ...withoutFolder } = files;
  const noBlog = await buildDocusaurusSite(withoutFolder);
  assert.equal(noBlog.code, 1);
  const fix = '  → Fix the link, or set onBrokenLinks / onBrokenAnchors to "warn" in docusaurus.config.js.';
  assert.equal(noBlog.stderr.trim().split('\n').slice(-5).join('\n'), [
    'error: 2 problems found:',
    'docusaurus.config.js: dead link /blog in navbar item 2 ("Guide")', fix,
    'docs/intro.md:5: dead link /blog/2024/launch', fix,
  ].join('\n'));
});

test('an error thrown by the config is one error naming the config file', async () => {
  const run = await buildDocusaurusSite({ 'docusaurus.config.js': docusaurusConfig({ prelude: "if (!process.env.NOPE) throw new Error('NOPE is not set');" }) });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: docusaurus.config.js: could not evaluate: NOPE is not set\n  → Fix the error in this file.');
});

test('a syntax error in the config names the file and line', async () => {
  const run = await buildDocusaurusSite({ 'docusaurus.config.js': 'module.exports = {\n  title: "Acme",,\n};\n' });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: docusaurus.config.js:2: syntax error: Expected identifier but found ","\n  → Fix the syntax error.');
});

test('with onBrokenLinks: "warn" dead navbar and sidebar links are warnings naming their files; npm run check-links names them the same way', async () => {
  const run = await buildDocusaurusSite({
    'docusaurus.config.js': docusaurusConfig({ onBrokenLinks: 'warn', navbarTo: 'blog' }),
    'sidebars.js': "module.exports = { main: ['intro', 'guide', { type: 'link', label: 'Old guide', href: '/docs/old-guide' }] };\n",
  });
  assert.equal(run.code, 0, run.stderr);
  const expected = [
    'docusaurus.config.js: dead link /blog in navbar item 2 ("Guide")',
    'sidebars.js: dead link /docs/old-guide in sidebar "main" item "Old guide"',
  ];
  assert.deepEqual(run.stderr.trim().split('\n').slice(-2), expected.map((line) => `warning: ${line}`));
  const check = await runCli(['check-links', '--dir', 'out'], run.root);
  assert.equal(check.code, 1);
  assert.deepEqual(check.stdout.trim().split('\n').slice(0, -1), expected);
});

test('a docSidebar navbar item naming no sidebar is an error naming the config, the item and the sidebars there are', async () => {
  const run = await buildDocusaurusSite({ 'docusaurus.config.js': docusaurusConfig({ sidebarId: 'api' }) });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: docusaurus.config.js: navbar item 4 ("All docs") links to the sidebar "api", which does not exist or has no page\n  → Fix sidebarId: the sidebars are "main".');
});

/** The error a Docusaurus config with this `themeConfig` is rejected with, as the build prints it. */
async function themeConfigError(themeConfig: string): Promise<string> {
  const root = tempTree({ 'docusaurus.config.js': `module.exports = { title: 'T', url: 'https://x.example', baseUrl: '/', presets: [['classic', { docs: {} }]], themeConfig: ${themeConfig} };\n` });
  const loading = loadDocusaurusConfig(path.join(root, 'docusaurus.config.js'), { docsDir: path.join(root, 'docs') });
  const error = await loading.then(() => assert.fail('expected the config to be rejected'), (failure: unknown) => failure);
  assert.ok(error instanceof ContentError, String(error));
  return formatProblem({ message: error.message, fix: error.fix, file: 'docusaurus.config.js' });
}

test('a bad option of the Docusaurus config is named as the author wrote it: under themeConfig, navbar items counted in their list', async () => {
  assert.equal(await themeConfigError('{ tableOfContents: { minHeadingLevel: 9 } }'),
    'docusaurus.config.js: "themeConfig.tableOfContents" is {"minHeadingLevel":9,"maxHeadingLevel":3}\n  → Use levels between 2 and 6, min ≤ max.');
  // The dropdown is left out (with a warning), so ours is item 1; the author's list has it second.
  assert.equal(await themeConfigError("{ navbar: { items: [{ type: 'dropdown', label: 'More', items: [] }, { type: 'doc', label: 'API' }] } }"),
    'docusaurus.config.js: navbar item 2 ("API") of type "doc" has no docId\n  → Add docId: the id of the doc it links to.');
  assert.equal(await themeConfigError("{ navbar: { items: [{ type: 'search' }, { type: 'dropdown', label: 'More', items: [] }, { type: 'doc', docId: 5, label: 'API' }] } }"),
    'docusaurus.config.js: navbar item 3 ("API") of type "doc" has no docId\n  → Add docId: the id of the doc it links to.');
  assert.equal(await themeConfigError("{ colorMode: { defaultMode: 'blue' } }"),
    'docusaurus.config.js: "themeConfig.colorMode.defaultMode" must be one of "light", "dark", not a string ("blue")\n  → Set themeConfig.colorMode.defaultMode to one of "light", "dark".');
  assert.equal(await themeConfigError("{ announcementBar: { content: 'Hi', isCloseable: 'yes' } }"),
    'docusaurus.config.js: "themeConfig.announcementBar.isCloseable" must be true or false, not a string ("yes")\n  → Set themeConfig.announcementBar.isCloseable to true or false.');
});

/** The warnings of a Docusaurus config with these classic-preset docs options, top-level options and navbar items. */
async function configWarnings({ docs = '{}', top = '', items = '[]' }: { docs?: string; top?: string; items?: string }): Promise<string[]> {
  const root = tempTree({ 'docusaurus.config.js': `module.exports = { title: 'T', url: 'https://x.example', baseUrl: '/', ${top} presets: [['classic', { docs: ${docs} }]], themeConfig: { navbar: { items: ${items} } } };\n` });
  const { warnings } = await loadDocusaurusConfig(path.join(root, 'docusaurus.config.js'), { docsDir: path.join(root, 'docs') });
  return warnings.map((warning) => warning.message);
}

test('sidebarCollapsed and sidebarCollapsible are taken; an option whose false is not its default is warned about when false', async () => {
  assert.deepEqual(await configWarnings({ docs: '{ sidebarCollapsed: false, sidebarCollapsible: false, showLastUpdateAuthor: false }' }), []);
  // includeCurrentVersion is taken now (site/versions.ts).
  assert.deepEqual(await configWarnings({ docs: '{ includeCurrentVersion: false, numberPrefixParser: false }', top: 'trailingSlash: false,' }), [
    '"trailingSlash" is not supported; it is ignored',
    '"docs.numberPrefixParser" of preset "classic" is not supported; it is ignored',
  ]);
});

test('a navbar link\'s target "_self" or "_blank" is taken; another is warned about and left out', async () => {
  assert.deepEqual(await configWarnings({ items: "[{ href: 'pathname:///playground/', label: 'Playground', target: '_self' }, { to: '/blog', label: 'Blog', target: '_top' }]" }), [
    'target "_top" of navbar item 2 ("Blog") is not supported; the link opens as it would without one',
  ]);
});

test('a navbar doc or docSidebar item of another docs plugin (docsPluginId) is one warning and left out, as only the default docs plugin is built', async () => {
  assert.deepEqual(await configWarnings({ items: "[{ type: 'doc', docId: 'overview', docsPluginId: 'community', label: 'Community' }, { type: 'docSidebar', sidebarId: 's', docsPluginId: 'default', label: 'Docs' }]" }), [
    'navbar item 1 ("Community"), a link into the docs plugin "community", is not supported; only the default docs plugin is built; it is left out',
  ]);
});
