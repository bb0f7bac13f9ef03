/**
 * Seeded random Markdown through the page compiler: thousands of documents mixing what authors
 * write with what they get wrong, plus a few huge ones. None may crash (only the two expected
 * author-error rejections are allowed), take long, produce HTML a browser would rebuild, or let a
 * script URL or an event-handler attribute through.
 *
 * A failure prints the seed and the document number; FUZZ_SEED=<n> FUZZ_DOCS=<n> reproduce or widen a run.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DocumentCompiler, type RejectionKind } from './compile-document.ts';
import { checkHtml, elements } from './html-check.ts';
import { MAX_NESTING } from '../../build/markdown/limits.ts';
import { fastestOf } from '../helpers/time-bound.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20240611);
const DOCUMENTS = Number(process.env.FUZZ_DOCS ?? 2200);
const MAX_MS_PER_DOCUMENT = 2000;
/**
 * Heap a document's compile may add (measured before garbage collection, so it includes its garbage).
 * A normal 100 KB document adds tens of MB; the expansions this guards against took gigabytes.
 */
const MAX_HEAP_GROWTH_PER_DOCUMENT = 384 * 1024 * 1024;
/** Every this many documents, one also carries a stress block (huge table, 100k-character line, deep nesting). */
const STRESS_EVERY = 100;

/** mulberry32: small, fast and good enough to spread the cases; the same seed gives the same documents. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return {
    int,
    between: (min: number, max: number) => min + int(max - min + 1),
    chance: (probability: number) => next() < probability,
    pick: <T>(items: readonly T[]): T => items[int(items.length)],
  };
}

type Random = ReturnType<typeof random>;

const WORDS = ['redux', 'store', 'dispatch', 'reducer', 'state', 'action', 'café', 'naïve', '日本語', 'Ελληνικά', 'שלום', 'مرحبا', '🎉', '👩‍💻', 'ﬁ', 'x', '10:30', 'note:this', 'a_b_c', 'snake_case', '2*3*4', 'foo\\bar', 'C#', 'a&b', '&amp;', '&copy;', '&#0;', '&#x110000;', '&bogus;', '&#xD800;', '<', '>', '"', "'", '\u00a0', '\u200b', '\u202e', '\u0007', '\u00ad'];

const URLS = [
  'https://redux.js.org/api/store', 'http://example.com/a b', '<https://example.com/with space>', '/img/logo.svg', '#setting-up', '#',
  './page.md', './page.md#anchor', 'api/store.md', '/api/store.md#x', './missing.md', '../outside.md', './folder/', 'mailto:a@b.c', '//evil.example/x',
  'javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'javascript&#58;alert(1)', '&#106;avascript:alert(1)', 'java\tscript:alert(1)',
  '<java\tscript:alert(1)>', 'javascript%3Aalert(1)', 'vbscript:msgbox(1)', 'data:text/html,<script>alert(1)</script>', 'data:image/png;base64,iVBORw0KGgo=',
  'data:image/svg+xml,<svg onload=alert(1)>', 'https://例え.テスト/パス?q=ü#frag', '/ü/ß.md', './%E2%9C%93.md', './%zz.md', '/bad%E0%A4%A.md', '<./a b.md>', '\\*not-a-url', 'https://x.com/"onmouseover="alert(1)',
  'https://x.com/\'><img src=x onerror=alert(1)>', 'ftp://old.example', 'file:///etc/passwd', '\u0000javascript:alert(1)', '',
];

const IMAGE_URLS = ['/img/logo.svg', '/img/missing.png', '/img/with space.png', '/img/ü.png', '/img/%zz.png', 'https://example.com/a.png', 'relative.png', 'data:image/gif;base64,R0lGODlhAQABAAAAACw=', 'javascript:alert(1)', 'data:text/html,x', '/img/a.png?x=1#y', ''];

const RAW_INLINE = [
  '<kbd>Ctrl</kbd>', '<sup>1</sup>', '<sub>2</sub>', '<br>', '<br/>', '<mark>hi</mark>', '<abbr title="x">X</abbr>', '<b>bold', '</i>', '<em>unclosed',
  '<img src="/img/logo.svg" alt="x" onerror="alert(1)">', '<img src="javascript:alert(1)">', '<img src=" java\tscript:alert(1)">', '<img src="java&#x09;script:alert(1)">',
  '<img src="JaVa&#x0A;Script:alert(1)">', '<img src="data:text/html,x">', '<img src="vbscript:x" style="x">', '<img srcset="javascript:alert(1) 1x">', '<b onclick="alert(1)" ONMOUSEOVER="x">b</b>',
  '<i style="color:red" class="x" id="dup">i</i>', '<code>a<b>b</b></code>', '<small>s</small>', '<ins>i</ins><del>d</del>', '<script>alert(1)</script>', '<a href="javascript:alert(1)">x</a>',
  '<span onclick=x>s</span>', '<iframe src=x>', '<!-- comment -->', '<!-- unclosed', '<?php echo 1 ?>', '<![CDATA[x]]>', '<!DOCTYPE html>', '<b\nonclick=x>nl</b>', '<strong/>', '<p>in p</p>', '<li>stray</li>',
  '<details open ontoggle="alert(1)">', '</details>', '<summary>s</summary>', '<img src=x alt="a"b>', '<x-custom a=b>', '<svg><script>alert(1)</script></svg>', '<math><mi>x</mi></math>', '<b children="x" ref="y" key="z" dangerouslySetInnerHTML="w">p</b>',
];

const RAW_BLOCKS = [
  '<details>\n<summary>More</summary>\n\nHidden **text**.\n\n</details>', '<details>\n<summary>Unclosed', '<div>\n*not allowed*\n</div>', '<script>\nalert(1)\n</script>', '<style>body{display:none}</style>',
  '<table><tr><td>raw table</td></tr></table>', '<!--\nblock comment\n-->', '<p style="x" onclick="y">para</p>', '<ul>\n<li>one\n<li>two\n</ul>', '<ol start="3" reversed><li>x</li></ol>',
  '<details><summary>a</summary><details><summary>b</summary>\n\n```js\nnested()\n```\n\n</details></details>', '<p><p>double</p>', '</p></p>', '<textarea>\n<b>x</b>\n</textarea>', '<pre>\nraw pre\n</pre>',
  '<img src="/img/logo.svg" onload="x">', '<br>\n<br/>\n</br>', '<kbd>\n\n**split**\n\n</kbd>', '<summary>orphan</summary>', '<li>orphan</li>', '<code>\n```\n</code>',
];

const LANGUAGES = ['', 'ts', 'tsx', 'js', 'jsx', 'json', 'bash', 'sh', 'diff', 'html', 'css', 'yaml', 'md', 'text', 'TypeScript', 'brainfuck', 'a{b}', 'c++', '`', 'ts title="store.ts"', 'js {1,3-5}', 'ts title=\'q\' {2} check', 'js {0-2,x,5-}', 'ts {1-400000000}', 'js title="<script>alert(1)</script>"', 'json title=unquoted showLineNumbers'];

const ADMONITIONS = ['note', 'tip', 'info', 'caution', 'warning', 'danger', 'important', 'unknown', 'NOTE', 'details', ''];

const CODE_LINES = ['const store = configureStore({ reducer })', '```', '~~~', '````js', ':::', ':::note', '<script>alert(1)</script>', '  indented', '\t tabbed', '# not a heading', '| a | b |', '', '$ npm i redux', '- [ ] x', '\\`', '{#id}', '<!--', '-->'];

class Generator {
  constructor(private readonly r: Random) {}

  word(): string {
    return this.r.pick(WORDS);
  }

  url(): string {
    const url = this.r.pick(URLS);
    return url.startsWith('<') || url.includes(' ') || this.r.chance(0.7) ? url : `${url} "title ${this.word()}"`;
  }

  inline(depth = 0): string {
    const parts: string[] = [];
    const count = this.r.between(1, 5);
    for (let index = 0; index < count; index++) parts.push(this.inlinePart(depth));
    return parts.join(this.r.chance(0.8) ? ' ' : '');
  }

  private inlinePart(depth: number): string {
    const r = this.r;
    const nested = () => (depth < 3 ? this.inline(depth + 1) : this.word());
    switch (r.int(18)) {
      case 0: return `*${nested()}*`;
      case 1: return `**${nested()}**`;
      case 2: return `_${nested()}_`;
      case 3: return `~~${nested()}~~`;
      case 4: return `${'`'.repeat(r.between(1, 3))}${nested()}${'`'.repeat(r.between(0, 3))}`;
      case 5: return `[${nested()}](${this.url()})`;
      case 6: return `![${this.word()}](${r.chance(0.5) ? r.pick(IMAGE_URLS) : this.url()})`;
      case 7: return `<${r.pick(['https://redux.js.org', 'javascript:alert(1)', 'mailto:x@y.z', 'a@b.c', 'vbscript:x', 'http://a b'])}>`;
      case 8: return r.pick(RAW_INLINE);
      case 9: return this.emphasisStorm(r.between(4, 40));
      case 10: return `[${nested()}][${r.pick(['ref', 'missing', 'REF', ''])}]`;
      case 11: return `[^${r.pick(['1', 'note', 'missing', 'x y'])}]`;
      case 12: return `:${r.pick(['abbr', 'kbd', 'x'])}[${this.word()}]{${r.pick(['title=y', 'onclick=alert(1)', '#id .class', 'a="b c"', ''])}}`;
      case 13: return r.pick(['\\*', '\\', '  \n', '\\\n', '&nbsp;', '<', '>', '&', ']', '[', '![', '](', '*', '_', '~', '|', '{#x}', 'www.example.com', 'https://auto.link/x?y', 'user@example.com']);
      default: return this.word();
    }
  }

  emphasisStorm(length: number): string {
    let storm = '';
    for (let index = 0; index < length; index++) storm += this.r.pick(['*', '**', '_', '__', '~', '~~', '`', 'a', ' ', '[', ']', '(', ')', '!', '\\']);
    return storm;
  }

  heading(): string {
    const r = this.r;
    const text = this.inline(1).replace(/\n/g, ' ');
    const id = r.chance(0.4) ? ` {#${r.pick(['custom-id', 'setting-up', 'dup', 'a b', '', 'ü', 'x"onclick="y', 'id-' + r.int(5)])}}` : '';
    if (r.chance(0.15)) return `${text}${id}\n${r.pick(['===', '---', '-'])}`;
    return `${'#'.repeat(r.between(1, 7))}${r.chance(0.9) ? ' ' : ''}${text}${id}${r.chance(0.1) ? ' ###' : ''}`;
  }

  fence(depth: number): string {
    const r = this.r;
    const marker = r.pick(['`', '~']).repeat(r.between(3, 6));
    const lines = Array.from({ length: r.between(0, 6) }, () => r.pick(CODE_LINES));
    if (depth < 3 && r.chance(0.2)) lines.push(this.fence(depth + 1)); // a fence inside a fence
    const close = r.chance(0.75) ? `\n${r.chance(0.8) ? marker : marker.slice(1)}` : ''; // unbalanced when shorter or missing
    return `${marker}${r.pick(LANGUAGES)}\n${lines.join('\n')}${close}`;
  }

  list(depth: number): string {
    const r = this.r;
    const ordered = r.chance(0.4);
    const marker = ordered ? r.pick(['1.', '1)', '3.', '0.', '999999999.']) : r.pick(['-', '*', '+']);
    const items: string[] = [];
    for (let index = 0, count = r.between(1, 4); index < count; index++) {
      const task = r.chance(0.2) ? r.pick(['[ ] ', '[x] ', '[X] ', '[] ']) : '';
      let content = `${task}${this.inline(1)}`;
      if (depth < 8 && r.chance(depth < 3 ? 0.5 : 0.35)) content += `\n${r.chance(0.2) ? '\n' : ''}${this.blocks(depth + 1, 1, 2)}`;
      const indent = ' '.repeat(marker.length + 1);
      items.push(`${marker} ${content.split('\n').map((line, lineIndex) => (lineIndex === 0 || line === '' ? line : indent + line)).join('\n')}`);
    }
    return items.join(r.chance(0.3) ? '\n\n' : '\n');
  }

  blockquote(depth: number): string {
    const r = this.r;
    const prefix = '>'.repeat(r.between(1, 3)).split('').join(r.chance(0.5) ? ' ' : '');
    return this.blocks(depth + 1, 1, 3).split('\n').map((line) => (r.chance(0.1) ? line : `${prefix} ${line}`)).join('\n'); // some lazy lines
  }

  admonition(depth: number): string {
    const r = this.r;
    const colons = ':'.repeat(r.between(3, 5));
    const type = r.pick(ADMONITIONS);
    const title = r.pick(['', ` ${this.word()} title`, `[${this.inline(2)}]`, '{.x}', ' ']);
    const body = this.blocks(depth + 1, 1, 3);
    const close = r.chance(0.75) ? `\n${r.chance(0.8) ? colons : ':::'}` : ''; // unclosed, or closed with the wrong length
    return `${colons}${type}${title}\n${body}${close}`;
  }

  table(rows: number, columns: number): string {
    const r = this.r;
    const row = (cells: number) => `| ${Array.from({ length: cells }, () => (r.chance(0.1) ? '' : this.inline(2).replace(/\n/g, ' ').replace(/\|/g, '\\|'))).join(' | ')} |`;
    const align = Array.from({ length: columns }, () => r.pick(['---', ':--', '--:', ':-:'])).join(' | ');
    return [row(columns), `| ${align} |`, ...Array.from({ length: rows }, () => row(r.chance(0.9) ? columns : r.between(1, columns + 2)))].join('\n');
  }

  block(depth: number): string {
    const r = this.r;
    const deep = depth >= 8;
    switch (r.int(deep ? 6 : 16)) {
      case 0: case 1: case 2: return this.inline();
      case 3: return this.heading();
      case 4: return this.fence(0);
      case 5: return r.pick(['---', '***', '___', '[ref]: https://redux.js.org "Ref"', '[REF]: <javascript:alert(1)>', '[^1]: A footnote with [a link](./page.md).', '[^note]: Note', '    indented code\n    <script>', '::leaf[x]{y=z}', '::::', '$$\nmath\n$$']);
      case 6: case 7: return this.list(depth);
      case 8: return this.blockquote(depth);
      case 9: case 10: return this.admonition(depth);
      case 11: return this.table(r.between(0, 5), r.between(1, 6));
      case 12: return r.pick(RAW_BLOCKS);
      case 13: return this.emphasisStorm(r.between(20, 200));
      default: return this.inline() + (r.chance(0.5) ? `\n${this.inline()}` : '');
    }
  }

  blocks(depth: number, min: number, max: number): string {
    return Array.from({ length: this.r.between(min, max) }, () => this.block(depth)).join(this.r.chance(0.85) ? '\n\n' : '\n');
  }

  /** A short cell, as big reference tables have: a word, some code, a link, emphasis. */
  private cell(): string {
    const r = this.r;
    return r.pick([this.word(), `\`${this.word()}\``, `[${this.word()}](./page.md#x)`, `*${this.word()}*`, `${this.word()} ${this.word()}`, '', '\\|', '<kbd>x</kbd>']);
  }

  /** A line of prose with inline markup every few words, cut at exactly `length` characters. */
  private longLine(length: number): string {
    const parts: string[] = [];
    let size = 0;
    while (size < length) {
      const part = this.r.chance(0.1) ? this.inlinePart(3) : this.word();
      parts.push(part.replace(/\n/g, ' '));
      size += part.length + 1;
    }
    return parts.join(' ').slice(0, length);
  }

  /**
   * One of the big inputs; each must still compile within the bound. Emphasis storms stay a few
   * hundred characters per paragraph, and the 100k-character lines repeat no brackets: micromark
   * (remark-parse) resolves emphasis, GFM strikethrough and unmatched `[a]` labels in time
   * superlinear in their count within one paragraph (20k characters of `*a` take ~2 s, 80k ~30 s;
   * 100k of `[a]` ~6 s), an upstream limit no real page comes near.
   */
  stress(kind: number): string {
    const r = this.r;
    switch (kind % 9) {
      case 0: { // a 200-row, 20-column table
        const row = () => `| ${Array.from({ length: 20 }, () => this.cell()).join(' | ')} |`;
        return [row(), `|${' --- |'.repeat(20)}`, ...Array.from({ length: 200 }, row)].join('\n');
      }
      case 1: return this.longLine(100_000);
      case 2: return r.pick(['<a', '&amp;', '\\*', 'x|', '#', 'ü', '🎉', '<', '&', '_']).repeat(50_000).slice(0, 100_000);
      case 3: return Array.from({ length: 60 }, () => this.emphasisStorm(r.between(100, 400))).join('\n\n');
      case 4: return `${'>'.repeat(r.between(50, MAX_NESTING))} deep quote\n${'> '.repeat(r.between(20, 60))}- list in quotes`;
      case 5: return Array.from({ length: 8 }, (_, level) => `${'  '.repeat(level)}${r.pick(['-', '*', '1.'])} level ${level + 1} ${this.inline(2)}`).join('\n').repeat(r.between(20, 40));
      case 6: return `${':::note\n'.repeat(r.between(30, 60))}deep admonitions${r.chance(0.5) ? '' : '\n:::'.repeat(r.between(0, 60))}`;
      case 7: return `\`\`\`js {1-${r.pick(['100000', '5000000', '400000000'])}} title="huge"\n${'const x = 1;\n'.repeat(2000)}\`\`\``;
      default: return `## Heading {#dup}\n\n`.repeat(300) + `${'[x](./missing.md) [y](/img/missing.png) '.repeat(200)}`;
    }
  }

  document(index: number): string {
    const body = this.blocks(0, 1, 8);
    return index % STRESS_EVERY === STRESS_EVERY - 1 ? `${body}\n\n${this.stress(Math.floor(index / STRESS_EVERY))}\n\n${this.blocks(0, 0, 2)}` : body;
  }
}

/** Attributes whose URL a browser navigates to or loads as a document (not `srcset`: images never run script URLs). */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data']);

/** The URL's scheme as a browser reads it: surrounding C0 controls and spaces and every tab or newline removed. */
function scriptScheme(value: string): string | undefined {
  const cleaned = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '').toLowerCase();
  return /^(javascript|vbscript):/.exec(cleaned)?.[1];
}

test('seeded random Markdown compiles quickly to well-formed, script-free HTML', async (t) => {
  const generator = new Generator(random(SEED));
  const compiler = new DocumentCompiler(
    { 'page.md': '/page', 'api/store.md': '/api/store', 'usage/index.md': '/usage/' },
    { 'img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' },
  );
  const failures: string[] = [];
  const rejections: Record<RejectionKind, number> = { missingMarkdown: 0, missingImage: 0, unpublishedFile: 0 };
  let rejectedDocuments = 0;
  let documentsWithCharacterErrors = 0;
  let checked = 0;
  let bytes = 0;
  let slowest = { ms: 0, index: 0, length: 0 };
  let largest = { bytes: 0, index: 0 };
  const started = performance.now();

  for (let index = 0; index < DOCUMENTS; index++) {
    const markdown = generator.document(index);
    bytes += markdown.length;
    const label = `document ${index} (FUZZ_SEED=${SEED}, ${markdown.length} characters) ${JSON.stringify(markdown.length > 400 ? `${markdown.slice(0, 400)}…` : markdown)}`;
    const heapBefore = process.memoryUsage().heapUsed;
    const result = await fastestOf(MAX_MS_PER_DOCUMENT, () => compiler.compile(markdown));
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
    if (heapGrowth > largest.bytes) largest = { bytes: heapGrowth, index };
    if (heapGrowth > MAX_HEAP_GROWTH_PER_DOCUMENT) failures.push(`${label}: grew the heap by ${Math.round(heapGrowth / 1024 / 1024)} MB`);
    if (result.rejections.length > 0) rejectedDocuments++;
    for (const kind of result.rejections) rejections[kind]++;
    if (result.ms > slowest.ms) slowest = { ms: result.ms, index, length: markdown.length };
    if (result.ms > MAX_MS_PER_DOCUMENT) failures.push(`${label}: took ${Math.round(result.ms)} ms`);
    if (result.failure) failures.push(`${label}: ${result.failure}`);
    if (result.html === undefined) continue;
    checked++;
    const { problems, characterErrors, root } = checkHtml(result.html);
    if (characterErrors.length > 0) documentsWithCharacterErrors++;
    for (const element of elements(root)) {
      for (const attribute of element.attrs) {
        const name = `${attribute.prefix ? `${attribute.prefix}:` : ''}${attribute.name}`.toLowerCase();
        if (name.startsWith('on')) problems.push(`<${element.tagName}> has the event handler attribute ${name}="${attribute.value}"`);
        const scheme = URL_ATTRIBUTES.has(name) ? scriptScheme(attribute.value) : undefined;
        if (scheme) problems.push(`<${element.tagName}> has a ${scheme}: URL in ${name}: ${JSON.stringify(attribute.value)}`);
      }
    }
    if (problems.length > 0) failures.push(`${label}\n  ${problems.slice(0, 5).join('\n  ')}`);
  }

  const seconds = (performance.now() - started) / 1000;
  t.diagnostic(`fuzz: ${DOCUMENTS} documents (${(bytes / 1024 / 1024).toFixed(1)} MiB of Markdown, seed ${SEED}) in ${seconds.toFixed(1)} s; ${checked} HTML outputs checked; ${rejectedDocuments} documents first rejected as expected (missing .md ${rejections.missingMarkdown}, missing image ${rejections.missingImage}, a file type not published ${rejections.unpublishedFile}); ${documentsWithCharacterErrors} outputs keep a control character the author typed; slowest: document ${slowest.index} (${slowest.length} characters) at ${slowest.ms.toFixed(0)} ms; largest heap growth: document ${largest.index}, ${Math.round(largest.bytes / 1024 / 1024)} MB`);
  const kinds = new Map<string, number>();
  for (const failure of failures) {
    for (const line of failure.split('\n').slice(1)) {
      const kind = line.trim().replace(/ at \d+: .*| in [\w:]+: .*|=".*|\[\d+\]/g, '').slice(0, 100);
      if (kind && !kind.startsWith('→')) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    const first = /: (took \d+|crashed|rejected with|still rejected)/.exec(failure.split('\n')[0]);
    if (first) kinds.set(first[1].replace(/\d+/, 'N ms'), (kinds.get(first[1].replace(/\d+/, 'N ms')) ?? 0) + 1);
  }
  assert.deepEqual(failures.slice(0, 10), [], `${failures.length} of ${DOCUMENTS} documents failed; problems by kind:\n${[...kinds].map(([kind, count]) => `${count} × ${kind}`).join('\n')}`);
  assert.ok(DOCUMENTS < 2000 || checked >= DOCUMENTS * 0.9, `only ${checked} outputs were checked`);
});
