/**
 * MDX 1 habits Docusaurus 3 still reads (build/markdown/mdx/compat.ts): an HTML comment is hidden from the
 * reader, unless it is written inside code, where it is what the page shows (prettier's ignore.md).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mdx1Compat } from '../../build/markdown/mdx/compat.ts';
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

/** A code span as CommonMark reads one (a whole run of backticks to the next run of as many), or a comment: the rule, as a (quadratic) expression. */
const READING = /(?<!`)(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)|<!--([\s\S]*?)-->/g;
const byTheRule = (text: string) => text.replace(READING, (whole, _run: string, comment?: string) => (comment === undefined ? whole : `{/*${comment.replace(/\*\//g, '* /')}*/}`));

test('on 20,000 random mixes of backtick runs, comment marks and text, comments are hidden exactly where the rule says', () => {
  const pieces = ['`', '``', '```', '<!--', '-->', 'a', ' ', '*/', '-', '<', '!'];
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let index = 0; index < 20_000; index++) {
    // Not at a line's start, where three backticks would open a code fence.
    const text = `x ${Array.from({ length: 1 + Math.floor(random() * 12) }, () => pieces[Math.floor(random() * pieces.length)]).join('')}`;
    assert.equal(mdx1Compat(text), byTheRule(text), JSON.stringify(text));
  }
});

test('pages of a megabyte of unmatched backtick runs or unclosed comments take one pass, not one per run (300 KB took 42 s)', () => {
  const pages = {
    'backtick runs of 200 lengths': Array.from({ length: 10_000 }, (_, index) => `x ${'`'.repeat(index % 200 + 1)}`).join(' '),
    'unclosed comments': 'x <!-- '.repeat(150_000),
    'lone backticks': 'x ` '.repeat(250_000),
  };
  for (const [name, page] of Object.entries(pages)) {
    const started = performance.now();
    assert.equal(mdx1Compat(page), page, name);
    assert.ok(performance.now() - started < 2000, `${name}: ${Math.round(performance.now() - started)} ms`);
  }
});
