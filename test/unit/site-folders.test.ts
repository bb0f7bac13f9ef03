/**
 * The folders a site's pages may read from (build/fs-utils.ts siteFolders): the site folder, widened to
 * the folder holding the docs when they sit beside it, by real path, never to the filesystem root and
 * never through a symbolic link.
 */
import assert from 'node:assert/strict';
import { mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { isInsideSite, siteFolders } from '../../build/fs-utils.ts';
import { tempTree } from '../helpers/tmp.ts';

/** A repository as Redux's: website/ (the config's folder), docs/ beside it, errors.json at the root, vendor/docs elsewhere in it. */
function repository(): string {
  const root = realpathSync(tempTree({ 'errors.json': '{}', 'website/docusaurus.config.js': '', 'docs/intro.md': '', 'vendor/docs/intro.md': '' }));
  mkdirSync(path.join(root, 'links'));
  symlinkSync(path.join(root, 'vendor/docs'), path.join(root, 'links/docs'));
  symlinkSync(root, path.join(root, 'website-alias'));
  return root;
}

test('docs beside the site folder make the site the folder holding both; docs inside it leave the site folder alone', () => {
  const root = repository();
  assert.deepEqual(siteFolders(path.join(root, 'website'), path.join(root, 'docs')), [root]);
  assert.equal(isInsideSite(path.join(root, 'errors.json'), { siteDir: path.join(root, 'website'), docsDir: path.join(root, 'docs') }), true);
  assert.deepEqual(siteFolders(root, path.join(root, 'docs')), [root]);
  assert.deepEqual(siteFolders(path.join(root, 'website')), [path.join(root, 'website')]);
});

test('a link above both folders changes nothing: the site is the real folder holding both', () => {
  const root = repository();
  assert.deepEqual(siteFolders(path.join(root, 'website-alias/website'), path.join(root, 'website-alias/docs')), [root]);
});

test('a docs folder reached through a link never widens the site: it stays the two folders, by real path', () => {
  const root = repository();
  const folders = siteFolders(path.join(root, 'website'), path.join(root, 'links/docs'));
  assert.deepEqual(folders, [path.join(root, 'website'), path.join(root, 'vendor/docs')]);
  assert.equal(isInsideSite(path.join(root, 'errors.json'), { siteDir: path.join(root, 'website'), docsDir: path.join(root, 'links/docs') }), false);
});

test('folders whose only common folder is the filesystem root stay the two folders', () => {
  const [site, docs] = [path.resolve('/redux-docs-no-such-site/website'), path.resolve('/redux-docs-no-such-docs/docs')];
  assert.deepEqual(siteFolders(site, docs), [site, docs]);
  assert.equal(isInsideSite(path.resolve('/etc/passwd'), { siteDir: site, docsDir: docs }), false);
});
