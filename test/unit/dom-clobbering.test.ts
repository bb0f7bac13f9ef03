/** Raw HTML cannot replace DOM properties the runtime needs (row 7 of the hardening issue). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatProblem } from '../../build/errors.ts';
import { compile } from '../helpers/markdown.ts';

test('name attributes are stripped, so <img name="querySelector"> cannot replace document.querySelector', async () => {
  const compiled = await compile('Text.\n\n<img src="/img/x.png" name="querySelector" alt="x">\n\n<details name="forms"><summary>More</summary>\n\nBody.\n\n</details>\n');
  assert.doesNotMatch(compiled.html, /\sname=/);
  assert.match(compiled.html, /<img src="\/img\/x\.png" alt="x" loading="lazy">/);
});

test('ids spelled like DOM properties are removed with a warning naming the line; plain ids stay', async () => {
  const compiled = await compile('<p id="addEventListener">One</p>\n\n<p id="constructor">Two</p>\n\n<p id="getting-started">Three</p>\n\n## Install\n');
  assert.match(compiled.html, /<p>One<\/p>/);
  assert.match(compiled.html, /<p>Two<\/p>/);
  assert.match(compiled.html, /<p id="getting-started">Three<\/p>/);
  assert.match(compiled.html, /<h2 id="install"/);
  assert.deepEqual(compiled.warnings.map(formatProblem), [
    'content/docs/page.md:1:1: id "addEventListener" was removed: an id spelled like a DOM property can replace it on window',
    'content/docs/page.md:3:1: id "constructor" was removed: an id spelled like a DOM property can replace it on window',
  ]);
});

test('an old-style anchor <a name="x"> keeps working as id="x", refused as ids are when spelled like a DOM property', async () => {
  const compiled = await compile('<a name="tide-table"></a>\n\n<a name="same" id="same">Same</a> <a name="other" id="kept">Kept</a>\n\n<a name="constructor"></a>\n', {}, [], { format: 'mdx' });
  assert.equal(compiled.html, '<a id="tide-table"></a>\n<a id="same">Same</a>\n<a id="kept">Kept</a>\n<a></a>');
  assert.deepEqual(compiled.warnings.map(formatProblem), [
    'content/docs/page.md:3:35: "name" of <a> was removed: the attribute is not allowed on this tag',
    'content/docs/page.md:5:1: id "constructor" was removed: an id spelled like a DOM property can replace it on window',
  ]);
});
