/**
 * What a docs folder can make the build read or overwrite through paths (issue #34): a `_category_`
 * file that is a link out of the docs folder, an absolute image path that climbs out of the static
 * folder, and a slug with an encoded "." that names another page's file.
 */
import assert from 'node:assert/strict';
import { readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { tempTree } from '../helpers/tmp.ts';

const SECRET = 'root:x:0:0:the-secret-outside';

function build(site: string) {
  return runCli(['build', '--docs', 'docs', '--out', 'out', '--no-search'], site);
}

test('a _category_.json that is a link out of the docs folder is one error, and what it leads to is never read or quoted', async () => {
  const sandbox = tempTree({ 'secret.json': SECRET, 'site/docs/guide/intro.md': '# Intro\n' });
  symlinkSync(path.join(sandbox, 'secret.json'), path.join(sandbox, 'site/docs/guide/_category_.json'));
  const run = await build(path.join(sandbox, 'site'));
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: docs/guide/_category_.json: is a link to a path outside the site folder\n  → Remove the link, or put the files themselves in its place.');
  assert.doesNotMatch(run.stdout + run.stderr, /the-secret-outside|root:x/);
});

test('a _category_.json that does not parse is named at its line, without quoting the file', async () => {
  const site = tempTree({ 'docs/guide/intro.md': '# Intro\n', 'docs/guide/_category_.json': `${SECRET}\n` });
  const run = await build(site);
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), "error: docs/guide/_category_.json: invalid JSON: Unexpected token 'r'\n  → Fix the JSON syntax.");
});

test('an absolute image path that climbs out of the static folder is a missing image, never looked for outside', async () => {
  const site = tempTree({ 'docs/intro.md': '# Intro\n\n![x](/../../../../../../../etc/hostname)\n', 'static/logo.png': 'png' });
  const run = await build(site);
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: docs/intro.md:3:1: image "/../../../../../../../etc/hostname" not found in the static folder\n  → Put the file in static/../../../../../../../etc/hostname or fix the path.');
});

test('a slug with an encoded "." that names another page\'s file is one error naming both, not a silent overwrite', async () => {
  const site = tempTree({ 'docs/x.md': '# The real page\n', 'docs/other.md': '---\nslug: /%2e/x\n---\n\n# Impostor\n' });
  const run = await build(site);
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: docs/x.md: route "/x" writes x/index.html, where the page of docs/other.md is written\n  → Give the doc another slug (front matter "slug"), or rename the other file.');
});

test('only inert files beside the pages are published: never a hidden file, an HTML page or an SVG with script', async () => {
  const site = tempTree({
    '.git/config': '[http]\n\textraheader = AUTHORIZATION: basic c2VjcmV0\n',
    'docs/intro.md': '# Intro\n\n![config](../.git/config)\n\n[page](./evil.html) [drawing](./evil.svg) [data](./.hidden/data.csv)\n\n![drawing](./evil.svg)\n',
    'docs/evil.html': '<script>fetch("/pwned")</script>',
    'docs/evil.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/pwned")</script></svg>',
    'docs/.hidden/data.csv': 'a,b\n',
  });
  const run = await build(site);
  assert.equal(run.code, 1);
  const note = '  → Only images, documents, archives, data and media files are copied from beside the pages, never a hidden file, an HTML page, a script or an SVG with script in it; put a file to publish as it is in the static folder.';
  assert.equal(run.stderr.trim(), [
    'error: 5 problems found:',
    'docs/intro.md:3:1: image "../.git/config" is not copied into the site', note,
    'docs/intro.md:5:1: link to "./evil.html": the file is not copied into the site', note,
    'docs/intro.md:5:21: link to "./evil.svg": the file is not copied into the site', note,
    'docs/intro.md:5:43: link to "./.hidden/data.csv": the file is not copied into the site', note,
    'docs/intro.md:7:1: image "./evil.svg" is not copied into the site', note,
  ].join('\n'));
  assert.doesNotMatch(run.stdout + run.stderr, /c2VjcmV0|AUTHORIZATION/);
});

test('a document, an archive and an inert SVG beside the page are published under a content hash', async () => {
  const site = tempTree({
    'docs/intro.md': '# Intro\n\n[the manual](./manual.pdf) and ![flow](./flow.svg)\n',
    'docs/manual.pdf': '%PDF-1.4\n',
    'docs/flow.svg': '<svg xmlns="http://www.w3.org/2000/svg"><a href="#x"><rect/></a></svg>',
  });
  const run = await build(site);
  assert.equal(run.code, 0, run.stderr);
  const html = readFileSync(path.join(site, 'out/intro/index.html'), 'utf8');
  assert.match(html, /<a href="\/assets\/media\/manual-[0-9a-f]{10}\.pdf">the manual<\/a> and <img src="\/assets\/media\/flow-[0-9a-f]{10}\.svg" alt="flow"/);
});
