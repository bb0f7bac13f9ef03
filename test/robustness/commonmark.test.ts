/**
 * Every example of the CommonMark specification (the `commonmark-spec` package's spec.txt) goes
 * through the page compiler: none may crash, hang, or produce HTML a browser would rebuild.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { DocumentCompiler, type RejectionKind } from './compile-document.ts';
import { checkHtml } from './html-check.ts';

const MAX_MS_PER_DOCUMENT = 2000;

interface SpecExample { number: number; section: string; markdown: string }

/** The examples of spec.txt, parsed as the spec's own test runner does (`→` stands for a tab). */
function specExamples(): SpecExample[] {
  const spec = readFileSync(createRequire(import.meta.url).resolve('commonmark-spec/spec.txt'), 'utf8')
    .replace(/\r\n?/g, '\n')
    .replace(/^<!-- END TESTS -->[\s\S]*/m, '');
  const examples: SpecExample[] = [];
  let section = '';
  for (const match of spec.matchAll(/^`{32} example\n([\s\S]*?)^\.\n[\s\S]*?^`{32}$|^#{1,6} *(.*)$/gm)) {
    if (match[2] !== undefined) section = match[2];
    else examples.push({ number: examples.length + 1, section, markdown: match[1].replace(/→/g, '\t') });
  }
  return examples;
}

test('every CommonMark spec example compiles to well-formed HTML', async (t) => {
  const examples = specExamples();
  assert.ok(examples.length >= 600, `expected the whole spec, parsed ${examples.length} examples`);
  const compiler = new DocumentCompiler();
  const failures: string[] = [];
  const rejections: Record<RejectionKind, number> = { missingMarkdown: 0, missingImage: 0, unpublishedFile: 0 };
  let slowest = { ms: 0, number: 0 };
  let checked = 0;

  for (const example of examples) {
    const label = `example ${example.number} (${example.section}) ${JSON.stringify(example.markdown)}`;
    const result = await compiler.compile(example.markdown);
    for (const kind of result.rejections) rejections[kind]++;
    if (result.ms > slowest.ms) slowest = { ms: result.ms, number: example.number };
    if (result.ms > MAX_MS_PER_DOCUMENT) failures.push(`${label}: took ${Math.round(result.ms)} ms`);
    if (result.failure) failures.push(`${label}: ${result.failure}`);
    if (result.html === undefined) continue;
    checked++;
    const { problems } = checkHtml(result.html);
    if (problems.length > 0) failures.push(`${label}\n  → ${JSON.stringify(result.html)}\n  ${problems.join('\n  ')}`);
  }

  t.diagnostic(`CommonMark spec: ${examples.length} examples, ${checked} HTML outputs checked; expected rejections before the targets were supplied: missing .md ${rejections.missingMarkdown}, missing image ${rejections.missingImage}; slowest example ${slowest.number} at ${slowest.ms.toFixed(1)} ms`);
  assert.deepEqual(failures, []);
  assert.equal(checked, examples.length, 'every example’s HTML was checked');
  // The spec links to `./target.md` and shows images from `/url`: the expected rejections did happen.
  assert.ok(rejections.missingMarkdown > 0 && rejections.missingImage > 0, 'the spec examples exercise both expected rejections');
});

test('the well-formedness check accepts what a browser keeps and rejects what it would rebuild', () => {
  const good = ['<p>a <b>b</b> &amp; &lt;c&gt;</p><br><img src="x" alt="">', '<pre>\n\nx</pre>', '<table><tbody><tr><td>x</td></tr></tbody></table>', '<p title="a>b">x</p>', '<details open><summary>s</summary><p>x</p></details>'];
  for (const html of good) assert.deepEqual(checkHtml(html).problems, [], html);
  const bad = {
    '<p><div>x</div></p>': /another tree/,
    '<table><tr><td>x</td></tr></table>': /another tree.*<tbody>/,
    '<b><i>x</b></i>': /end tag <\/b> closes <i> too/,
    '<p>unclosed': /closes <p> too/,
    '<span/>': /non-void-html-element-start-tag-with-trailing-solidus/,
    '<img src="x" alt="a"b>': /missing-whitespace-between-attributes/,
    '<table>text<tr></tr></table>': /another tree/,
  };
  for (const [html, expected] of Object.entries(bad)) assert.match(checkHtml(html).problems.join('\n'), expected, html);
  assert.deepEqual(checkHtml('a\u0007b').problems, [], 'a control character is only a character error');
  assert.equal(checkHtml('a\u0007b').characterErrors.length, 1);
});
