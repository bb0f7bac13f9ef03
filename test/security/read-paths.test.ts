/**
 * What a docs folder can make the build read or overwrite through paths (issue #34): a `_category_`
 * file that is a link out of the docs folder, an absolute image path that climbs out of the static
 * folder, and a slug with an encoded "." that names another page's file.
 */
import assert from 'node:assert/strict';
import { symlinkSync } from 'node:fs';
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
