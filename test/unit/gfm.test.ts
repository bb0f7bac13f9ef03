import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { toHtml } from 'hast-util-to-html';
import remarkDirective from 'remark-directive';
import remarkGfmReference from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Plugin } from 'unified';
import type { Root } from 'hast';
import { listMarkdownFiles } from '../../build/fs-utils.ts';
import { remarkGfm } from '../../build/markdown/gfm.ts';

function html(markdown: string, gfm: Plugin): string {
  const processor = unified().use(remarkParse).use(gfm).use(remarkDirective).use(remarkRehype, { allowDangerousHtml: true });
  return toHtml(processor.runSync(processor.parse(markdown)) as Root, { allowDangerousHtml: true });
}

// The GFM spec's autolink-extension examples, and literals next to emphasis, code, links and tables.
const AUTOLINK_CASES = [
  'www.commonmark.org', 'Visit www.commonmark.org/help for more information.', 'Visit www.commonmark.org.', 'Visit www.commonmark.org/a.b.',
  'www.google.com/search?q=Markup+(business)', 'www.google.com/search?q=Markup+(business)))', '(www.google.com/search?q=Markup+(business))',
  '(www.google.com/search?q=Markup+(business)', 'www.google.com/search?q=(business))+ok', 'www.google.com/search?q=commonmark&hl=en',
  'www.google.com/search?q=commonmark&hl;', 'www.commonmark.org/he<lp', 'http://commonmark.org',
  '(Visit https://encrypted.google.com/search?q=Markup+(business))', 'foo@bar.baz', "hello@mail+xyz.example isn't valid, but hello+xyz@mail.example is.",
  'a.b-c_d@a.b', 'a.b-c_d@a.b.', 'a.b-c_d@a.b-', 'a.b-c_d@a.b_', 'mailto:foo@bar.baz', 'mailto:a.b-c_d@a.b', 'mailto:a.b-c_d@a.b.', 'mailto:a.b-c_d@a.b/',
  'mailto:a.b-c_d@a.b-', 'mailto:a.b-c_d@a.b_', 'xmpp:foo@bar.baz', 'xmpp:foo@bar.baz.', 'xmpp:foo@bar.baz/txt', 'xmpp:foo@bar.baz/txt@bin',
  'xmpp:foo@bar.baz/txt@bin.com', 'xmpp:foo@bar.baz/txt/bin',
  '_foo@bar.com_', '*foo@bar.com*', '**a@b.co**', '~~a@b.co~~', 'see `a@b.co`', '[link a@b.co](/x)', '<a@b.co>', 'a@b.co.', 'x.y@example.com!',
  'x@y.z, and https://example.com/*foo*', 'https://example.com/a_b_', 'www.example.com/~a*b*', 'ünïcode@exämple.com', 'user@host',
  '- [x] done by a@b.co\n- [ ] www.x.com', '| a@b.co | x |\n|---|---|\n| www.x.com | c@d.ef |', 'Footnote[^1].\n\n[^1]: By a@b.co.',
];

test('GFM without email literals in the syntax gives remark-gfm\'s HTML on the spec\'s autolink examples', () => {
  for (const markdown of AUTOLINK_CASES) assert.equal(html(markdown, remarkGfm), html(markdown, remarkGfmReference), markdown);
  assert.match(html('Write to a.b-c_d@a.b.', remarkGfm), /<a href="mailto:a\.b-c_d@a\.b">a\.b-c_d@a\.b<\/a>\./, 'email literals are still links');
});

test('GFM without email literals in the syntax gives remark-gfm\'s HTML on every page of the site', () => {
  const files = listMarkdownFiles(path.join(import.meta.dirname, '../../content'));
  assert.ok(files.length > 50, `found ${files.length} pages`);
  for (const file of files) {
    const markdown = readFileSync(file, 'utf8');
    assert.equal(html(markdown, remarkGfm), html(markdown, remarkGfmReference), file);
  }
});
