/**
 * The content contract of the docs issues: word floors (prose a reader sees, code excluded),
 * code example counts, no placeholders, no paragraph repeated across pages, and every
 * `ts check` example type-checks against the real packages.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import matter from 'gray-matter';
import { extractCheckedExamples } from '../../build/examples/extract.ts';
import { ExampleChecker } from '../../build/examples/typecheck.ts';
import { listMarkdownFiles } from '../../build/fs-utils.ts';
import { countWords } from '../../build/markdown/word-count.ts';
import { DOC_ROUTES, builtSite, projectRoot, readRoute } from '../helpers/site.ts';

let outDir: string;
before(async () => {
  ({ outDir } = await builtSite());
});

/** The floors of issues #8–#11: [route pattern, minimum prose words, minimum code blocks]. */
const FLOORS: [RegExp, number, number][] = [
  [/^\/tutorials\/essentials\//, 2000, 6],
  [/^\/tutorials\/fundamentals\//, 1800, 6],
  [/^\/tutorials\/(quick-start|typescript-quick-start)$/, 700, 0],
  [/^\/tutorials\/(index|videos)$/, 400, 0],
  [/^\/usage\/$/, 400, 0],
  [/^\/usage\//, 600, 0],
  [/^\/api\//, 500, 0],
  [/^\/faq$/, 300, 0],
  [/^\/faq\//, 600, 0],
  [/^\/style-guide\/$/, 4000, 0],
  [/./, 400, 0],
];

const PLACEHOLDER = /\b(TODO|TBD|FIXME|lorem ipsum|placeholder text|coming soon|XXX)\b/i;

/** The body of a built docs page as a reader sees it: code blocks and heading anchors removed. */
function bodyHtml(route: string): string {
  const html = readRoute(outDir, route);
  return html.slice(html.indexOf('<div class="markdown">'), html.indexOf('<nav aria-label="Docs pages"'));
}

function proseText(body: string): string {
  return body
    .replace(/<pre[\s\S]*?<\/pre>/g, ' ')
    .replace(/<div class="code-block-title">[\s\S]*?<\/div>/g, ' ')
    .replace(/<button class="copy-button"[\s\S]*?<\/button>/g, ' ')
    .replace(/<a class="hash-link"[\s\S]*?<\/a>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#\d]+;/gi, ' ');
}

test('every docs page meets its word floor and code example floor', () => {
  const shortfalls: string[] = [];
  for (const route of DOC_ROUTES) {
    const [, minWords, minCode] = FLOORS.find(([pattern]) => pattern.test(route))!;
    const body = bodyHtml(route);
    const words = countWords(proseText(body));
    const codeBlocks = (body.match(/<div class="code-block /g) ?? []).length;
    if (words < minWords) shortfalls.push(`${route}: ${words} prose words, needs ${minWords}`);
    if (codeBlocks < minCode) shortfalls.push(`${route}: ${codeBlocks} code examples, needs ${minCode}`);
  }
  assert.deepEqual(shortfalls, []);
});

test('no page contains placeholder text', () => {
  const found = DOC_ROUTES.filter((route) => PLACEHOLDER.test(proseText(bodyHtml(route))));
  assert.deepEqual(found, []);
});

test('every page has a description in its front matter', () => {
  const missing = listMarkdownFiles(path.join(projectRoot, 'content/docs'))
    .filter((file) => typeof matter(readFileSync(file, 'utf8')).data.description !== 'string')
    .map((file) => path.relative(projectRoot, file));
  assert.deepEqual(missing, []);
});

test('no paragraph is repeated across pages', () => {
  const pagesByParagraph = new Map<string, string[]>();
  for (const route of DOC_ROUTES) {
    for (const match of bodyHtml(route).matchAll(/<p>([\s\S]*?)<\/p>/g)) {
      const text = proseText(match[1]).replace(/\s+/g, ' ').trim();
      if (countWords(text) < 20) continue;
      pagesByParagraph.set(text, [...(pagesByParagraph.get(text) ?? []), route]);
    }
  }
  const repeated = [...pagesByParagraph].filter(([, routes]) => new Set(routes).size > 1).map(([text, routes]) => `${routes.join(', ')}: ${text.slice(0, 80)}…`);
  assert.deepEqual(repeated, []);
});

test('API pages give parameters and return values in tables', () => {
  for (const route of DOC_ROUTES.filter((path) => path.startsWith('/api/') && path !== '/api/api-reference')) {
    const body = bodyHtml(route);
    assert.match(body, /<h[234][^>]*>Parameters/, `${route} has a Parameters heading`);
    assert.match(body, /<h[234][^>]*>Returns/, `${route} has a Returns heading`);
    assert.match(body, /<table[\s>]/, `${route} has a table`);
  }
});

test('the style guide has the three priority categories, each rule a linkable heading', () => {
  const body = bodyHtml('/style-guide/');
  for (const level of ['Essential', 'Strongly Recommended', 'Recommended']) assert.match(body, new RegExp(`<h2[^>]*>[^<]*${level}`), level);
  assert.ok((body.match(/<h3 id="[^"]+" class="anchor"/g) ?? []).length >= 25, 'at least 25 rules');
});

test('every `ts check` example type-checks against the real packages', { timeout: 600_000 }, () => {
  const checker = new ExampleChecker(projectRoot);
  let examples = 0;
  const errors: string[] = [];
  for (const file of listMarkdownFiles(path.join(projectRoot, 'content/docs'))) {
    const relative = path.relative(projectRoot, file);
    const pageExamples = extractCheckedExamples(readFileSync(file, 'utf8'), relative);
    examples += pageExamples.length;
    errors.push(...checker.checkPage(pageExamples).map((error) => `${error.sourceFile}:${error.line}: ${error.message}`));
  }
  assert.ok(examples > 300, `${examples} checked examples`);
  assert.deepEqual(errors, []);
});
