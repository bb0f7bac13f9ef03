/**
 * The Essentials tutorial is built around our own Shelfmates app (issue #19): no page may fall back on
 * the component names, identifiers and mock API of the tutorial on redux.js.org.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { listMarkdownFiles } from '../../build/fs-utils.ts';
import { projectRoot } from '../helpers/site.ts';

/** Identifiers of the original tutorial's app; `\bfakeApi\b` also covers the `/fakeApi` URL prefix. */
const FOREIGN_IDENTIFIERS = [
  /\bReactionButtons\b/g,
  /\bTimeAgo\b/g,
  /\bUserPage\b/g,
  /\bSpinner\b/g,
  /\bapiSliceWithUsers\b/g,
  /\bselectUsersResult\b/g,
  /\bselectUsersData\b/g,
  /\bfakeApi\b/g,
  /\bworker\.start\(/g,
];

/** Every occurrence in one Markdown text, as `file:line: identifier`. */
function foreignIdentifiers(markdown: string, file: string): string[] {
  return markdown.split('\n').flatMap((text, index) =>
    FOREIGN_IDENTIFIERS.flatMap((pattern) =>
      [...text.matchAll(pattern)].map((match) => `${file}:${index + 1}: ${match[0]}`),
    ),
  );
}

test('an occurrence is reported with its file and line, and longer names of our own are not', () => {
  const markdown = [
    'Shelfmates shows a LoadingShelf, not a spinner.',
    'import { TimeAgo } from "./TimeAgo"',
    "fetch('/fakeApi/books'); await worker.start({})",
    'SpinnerGlyph and selectUsersResultCount are other names.',
  ].join('\n');
  assert.deepEqual(foreignIdentifiers(markdown, 'part-9.md'), [
    'part-9.md:2: TimeAgo',
    'part-9.md:2: TimeAgo',
    'part-9.md:3: fakeApi',
    'part-9.md:3: worker.start(',
  ]);
});

test("no docs page uses the original tutorial's component names, identifiers or mock API", () => {
  const found = listMarkdownFiles(path.join(projectRoot, 'content/docs')).flatMap((file) =>
    foreignIdentifiers(readFileSync(file, 'utf8'), path.relative(projectRoot, file)),
  );
  assert.deepEqual(found, [], `Rename these to Shelfmates' own names:\n${found.join('\n')}`);
});
