/**
 * Bad inputs of docs/errors.md that no other test covers: each stops the CLI with its message and
 * exit code, or is only a warning and the build succeeds.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { buildSiteFolder, siteConfig } from '../helpers/site-folder.ts';
import { projectRoot } from '../helpers/site.ts';
import { tempTree } from '../helpers/tmp.ts';

function docsSection(overrides: Record<string, unknown>) {
  return { path: 'docs', sidebarPath: 'sidebars.js', routeBasePath: '/', breadcrumbs: true, versions: { current: { label: 'Next' } }, warnOnDocsOutsideSidebar: false, ...overrides };
}

test('a navbar doc item naming a missing doc fails with the item, its label and the id', async () => {
  const run = await buildSiteFolder({
    'site.config.ts': siteConfig({ navbar: { title: 'T', logo: { alt: '', src: '' }, items: [{ type: 'doc', docId: 'intro', label: 'Intro' }, { type: 'doc', docId: 'api/nope', label: 'API' }] } }),
  });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: site.config.ts: navbar item 2 ("API") links to the doc "api/nope", which does not exist\n  → Fix docId, or create the doc.');
  assert.ok(!existsSync(path.join(run.root, 'out')), 'nothing is written');
});

test('a navbar item of unknown type stops the CLI with exit code 1', async () => {
  const run = await buildSiteFolder({
    'site.config.ts': siteConfig({ navbar: { title: 'T', logo: { alt: '', src: '' }, items: [{ type: 'localeDropdown', label: 'More' }] } }),
  });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: site.config.ts: navbar item 1 ("More") has unknown type "localeDropdown"\n  → Use one of: doc, docSidebar, default, dropdown, search, colorMode, docsVersionDropdown, docsVersion (a plain link needs no type, only "to" or "href").');
});

/** What JSON.parse says about a text, as the build quotes it (its wording is Node's). */

test('an errors.json that is not JSON fails with the file and the line', async () => {
  const json = '{\n  "0": "first",\n  "1": "second",\n}\n';
  const run = await buildSiteFolder({ 'site.config.ts': siteConfig({ pages: { errors: 'errors.json' } }), 'errors.json': json });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: errors.json:4: invalid JSON: Expected double-quoted property name\n  → Fix the JSON syntax.');
});

test('a pages.errors or pages.home file that does not exist fails naming it, not with a stack trace', async () => {
  const run = await buildSiteFolder({ 'site.config.ts': siteConfig({ pages: { home: 'home.json', errors: 'codes/errors.json' } }), 'home.json': '{}' });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: codes/errors.json: file not found\n  → Create it, or fix pages.home / pages.errors in site.config.ts.');
});

test('an errors.json entry that is not a numeric code with a message fails naming the entry', async () => {
  const run = await buildSiteFolder({
    'site.config.ts': siteConfig({ pages: { errors: 'errors.json' } }),
    'errors.json': JSON.stringify({ 0: 'first', one: 'second' }),
  });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: errors.json: entry "one" is not a numeric code with a message string\n  → Write each entry as "N": "message".');
});

test('a doc in no sidebar is warned about only with docs.warnOnDocsOutsideSidebar, and the build succeeds', async () => {
  const files = { 'docs/orphan.md': '# Orphan\n\nIn no sidebar.\n' };
  const warned = await buildSiteFolder({ ...files, 'site.config.ts': siteConfig({ docs: docsSection({ warnOnDocsOutsideSidebar: true }) }) });
  assert.equal(warned.code, 0, warned.stderr);
  assert.equal(warned.stderr.trim(), 'warning: docs/orphan.md: "orphan" is in no sidebar');
  assert.ok(existsSync(path.join(warned.root, 'out/orphan/index.html')), 'the page is still built');

  const quiet = await buildSiteFolder(files);
  assert.equal(quiet.code, 0, quiet.stderr);
  assert.doesNotMatch(quiet.stderr, /in no sidebar/);
});

test('an unknown code block language is a warning with the line, and the build succeeds', async () => {
  const run = await buildSiteFolder({ 'docs/guide.md': '# Guide\n\n```brainfuck\n+++.\n```\n' });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr.trim(), 'warning: docs/guide.md:3:1: code block language "brainfuck" is not highlighted; shown as plain text (known: ts, typescript, tsx, js, javascript, jsx, json, jsonc, bash, sh, shell, zsh, console, diff, html, xml, css, yaml, yml, md, markdown, text)');
});

test('a front-matter id with a slash fails with the file and line', async () => {
  const run = await buildSiteFolder({ 'docs/guide.md': '---\ntitle: Guide\nid: a/b\n---\n\nSteps.\n' });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: docs/guide.md:3: front matter "id" must not contain "/" (got "a/b")\n  → Use the file name part only; the folder is added automatically.');
});

test('a missing docs folder stops the CLI with exit code 1', async () => {
  const run = await buildSiteFolder({ 'site.config.ts': siteConfig({ docs: docsSection({ path: 'no-such-folder' }) }) });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: no-such-folder: docs folder not found\n  → Create the folder, or point docs.path in site.config.ts (or --docs) at your Markdown folder.');
});

test('a syntax error in the site config stops the CLI with exit code 1, naming the line', async () => {
  const root = tempTree({});
  const config = path.join(projectRoot, 'test/fixtures/broken-config/site.config.ts');
  const run = await runCli(['build', '--config', config, '--out', 'out', '--no-search'], root);
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), `error: ${path.relative(root, config)}:3: syntax error: Expected "}" but found "'here'"\n  → Fix the syntax error.`);
});

test('a site config that throws while it is evaluated stops the CLI naming the file and the error', async () => {
  const run = await buildSiteFolder({ 'site.config.ts': "throw new Error('SITE_URL is not set');\n" });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: site.config.ts: could not evaluate: SITE_URL is not set\n  → Fix the error in this file.');
});

test('a --config file that does not exist stops the CLI naming it', async () => {
  const run = await runCli(['build', '--config', 'site.confg.ts', '--out', 'out', '--no-search'], tempTree({}));
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: site.confg.ts: file not found\n  → Create it, or pass the right path.');
});

test('an unknown CLI command exits with code 2', async () => {
  const run = await runCli(['publish']);
  assert.equal(run.code, 2);
  assert.equal(run.stderr.trim(), 'error: unknown command "publish". Use one of: build, start, serve, check-links, clean, docs:version.');
});

test('an unknown flag, a flag without its value, or a stray argument is one line and exit code 1, not a stack trace', async () => {
  const cases: [string[], string][] = [
    [['build', '--nope'], 'error: unknown option --nope for "build". Run with --help to see the options.'],
    [['serve', '--port'], 'error: option --port needs a value for "serve". Run with --help to see the options.'],
    [['check-links', 'dist'], 'error: unexpected argument "dist" for "check-links". Run with --help to see the options.'],
    [['build', 'dist'], 'error: unexpected argument "dist" for "build". Run with --help to see the options.'],
    [['build', '--merge'], 'error: --merge needs the output folder of each shard after the options'],
  ];
  for (const [args, stderr] of cases) {
    const run = await runCli(args);
    assert.deepEqual([run.code, run.stderr.trim()], [1, stderr], args.join(' '));
  }
});

test('--help lists every flag of each command and builds nothing', async () => {
  const build = await runCli(['build', '--help'], tempTree({}));
  assert.equal(build.code, 0);
  assert.equal(build.stdout.trim(), [
    'Usage: npm run build -- [options] [DIR…]',
    '',
    'Builds the site into a static folder; the folder is replaced only if the whole build succeeds.',
    '',
    '[DIR…]: with --merge, the output folder of each shard (npm run build -- --merge shard-1 shard-2)',
    '',
    'Options:',
    '  --docs <dir>            a Docusaurus docs folder to build instead of the config\'s',
    '  --sidebars <file>       the sidebars file for --docs',
    '  --static <dir>          the static folder (default static, or static/ beside --docs)',
    '  --config <file>         the site config (default site.config.ts; --docs alone needs none)',
    "  --allow-component-code  run the site's own components and React pages (trusted sites only; a React page with state also runs in readers' browsers)",
    '  --out <dir>             the output folder (default dist)',
    '  --no-search             leave out the search index',
    '  --cache-dir <dir>       the build cache\'s folder (default node_modules/.cache/redux-docs/pages)',
    '  --no-cache              compile every page, without reading or writing the build cache',
    '  --shard <k/n>           build the k-th of n shares of the pages (a stable split); --merge puts the shards together',
    '  --merge                 make the site from the output folders of every shard, given after the options',
    '  -h, --help              show this help',
  ].join('\n'));
  for (const [command, flags] of [['start', ['--port', '--host', '--dev-dir', '--docs']], ['serve', ['--port', '--host', '--dir']], ['check-links', ['--dir', '--json', '--external']], ['clean', ['--cache-dir']]] as const) {
    const run = await runCli([command, '-h']);
    assert.equal(run.code, 0, command);
    assert.match(run.stdout, new RegExp(`^Usage: npm (run )?${command === 'start' ? 'start' : command} -- \\[options\\]`), command);
    for (const flag of flags) assert.match(run.stdout, new RegExp(`^  ${flag}\\b`, 'm'), `${command} ${flag}`);
  }
});

test('a broken anchor is a warning line with onBrokenAnchors: "warn", and nothing with "ignore"; the build succeeds', async () => {
  const files = { 'docs/guide.md': '# Guide\n\nSee [the intro](./intro.md#nope).\n' };
  const warned = await buildSiteFolder({ ...files, 'site.config.ts': siteConfig({ onBrokenAnchors: 'warn' }) });
  assert.equal(warned.code, 0, warned.stderr);
  assert.equal(warned.stderr.trim(), 'warning: docs/guide.md:3: broken anchor /intro#nope');
  assert.ok(existsSync(path.join(warned.root, 'out/guide/index.html')));

  const ignored = await buildSiteFolder({ ...files, 'site.config.ts': siteConfig({ onBrokenAnchors: 'ignore' }) });
  assert.equal(ignored.code, 0, ignored.stderr);
  assert.doesNotMatch(ignored.stdout + ignored.stderr, /broken anchor/);
});
