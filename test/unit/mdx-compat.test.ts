/**
 * MDX 1 habits Docusaurus 3 still reads (build/markdown/mdx/compat.ts): an HTML comment is hidden from the
 * reader, unless it is written inside code, where it is what the page shows (prettier's ignore.md).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compile } from '../helpers/markdown.ts';

const asMdx = { format: 'mdx' as const };

test('an HTML comment in prose is hidden; one in a code span or a code block is shown as written', async () => {
  const { html } = await compile([
    'Text <!-- a note for editors --> goes on.',
    '',
    'Put `<!-- prettier-ignore-start -->` before the block and ``<!-- prettier-ignore-end -->`` after it.',
    '',
    '```html',
    '<!-- prettier-ignore -->',
    '<div   class="x" ></div>',
    '```',
  ].join('\n'), {}, [], asMdx);
  assert.match(html, /<p>Text  goes on\.<\/p>/);
  assert.doesNotMatch(html, /a note for editors/);
  assert.match(html, /<code>&#x3C;!-- prettier-ignore-start --><\/code> before the block and <code>&#x3C;!-- prettier-ignore-end --><\/code> after it\./);
  assert.match(html, /&#x3C;!-- prettier-ignore --&#x3E;|<span[^>]*>&#x3C;!-- prettier-ignore --/);
});

test('a comment after a code span on the same line is still hidden', async () => {
  const { html } = await compile('Use `x` here <!-- not `y` --> and there.', {}, [], asMdx);
  assert.match(html, /<p>Use <code>x<\/code> here  and there\.<\/p>/);
});
