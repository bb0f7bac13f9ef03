/**
 * Checked TypeScript examples are shown as TypeScript and JavaScript tabs, the JavaScript made from the
 * TypeScript at build time (build/markdown/language-tabs.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatProblem } from '../../build/errors.ts';
import { compile } from '../helpers/markdown.ts';

const example = '```ts title="src/counter.ts" check\nexport interface Counter {\n  value: number\n}\n\nexport const start: Counter = { value: 0 }\n```\n';

test('a checked example becomes a language tab group: TypeScript shown, JavaScript made from it, titles renamed', async () => {
  const compiled = await compile(`Text.\n\n${example}\nAn unchecked one:\n\n\`\`\`ts\nconst x: number = 1\n\`\`\`\n`, {}, [], { languageTabs: true });
  const html = compiled.html;
  assert.deepEqual(compiled.islands, ['tabs']);
  assert.equal(html.match(/<div class="tabs-container"[^>]*>/g)!.join(), '<div class="tabs-container" data-tabs="" data-group-id="language">', 'one group, for the checked example only');
  assert.deepEqual([...html.matchAll(/role="tab"[^>]*>(\w+)</g)].map((match) => match[1]), ['TypeScript', 'JavaScript']);
  assert.deepEqual([...html.matchAll(/<div class="code-block-title">([^<]+)</g)].map((match) => match[1]), ['src/counter.ts', 'src/counter.js']);
  const javascriptPanel = html.slice(html.indexOf('data-value="js"><div class="code-block'));
  assert.match(javascriptPanel, /^data-value="js"><div class="code-block language-js"/);
  const code = /<code>([\s\S]*?)<\/code>/.exec(javascriptPanel)![1].replace(/<[^>]+>/g, '');
  assert.equal(code, 'export const start = { value: 0 }');
  assert.match(html, /role="tabpanel"[^>]*hidden=""[^>]*data-value="js"/, 'the JavaScript panel starts hidden');
});

test('without markdown.languageTabs a checked example stays one TypeScript block', async () => {
  const compiled = await compile(example);
  assert.doesNotMatch(compiled.html, /tabs-container/);
  assert.deepEqual(compiled.islands, []);
});

test('an example with syntax that has no JavaScript twin keeps its TypeScript only, with a warning', async () => {
  const compiled = await compile('```ts check\nenum Color {\n  Red,\n}\n```\n', {}, [], { languageTabs: true });
  assert.doesNotMatch(compiled.html, /tabs-container/);
  assert.deepEqual(compiled.warnings.map(formatProblem), [
    'content/docs/page.md:1:1: the example has no JavaScript tab: this TypeScript has no JavaScript twin without its types: enum "Color" (line 1); '
      + 'write it without enums, namespaces and parameter properties (an object of constants, a module, a field assigned in the constructor)',
  ]);
});

test('a checked example\'s magic comments mark lines in both tabs, and its problems are reported at their page line', async () => {
  const markdown = 'Intro.\n\n```ts check\nconst a: number = 1\n// highlight-next-line\nconst b: string = "b"\n// highlight-end\n```\n';
  const compiled = await compile(markdown, {}, [], { languageTabs: true });
  assert.deepEqual(compiled.warnings.map(formatProblem), [
    'content/docs/page.md:7:1: "highlight-end" has no matching "highlight-start"; it highlights nothing\n'
    + '  → Add a "highlight-start" comment before the first line to highlight, or remove this one.',
  ]);
  const lines = [...compiled.html.matchAll(/<span class="line( highlighted-line)?">(.*?)<\/span>(?=\n|<\/code>)/g)].map((match) => `${match[1] ? '>' : ' '} ${match[2].replace(/<[^>]+>/g, '')}`);
  assert.deepEqual(lines, ['  const a: number = 1', '> const b: string = "b"', '  const a = 1', '> const b = "b"']);
});

test('an example in a blockquote gets its tabs, and its problems their page lines', async () => {
  const compiled = await compile('Intro.\n\n> ```ts check\n> const a: number = 1\n> // highlight-end\n> ```\n', {}, [], { languageTabs: true });
  assert.match(compiled.html, /<blockquote>\n<div class="tabs-container" data-tabs="" data-group-id="language">/);
  assert.deepEqual(compiled.warnings.map(formatProblem), [
    'content/docs/page.md:5:3: "highlight-end" has no matching "highlight-start"; it highlights nothing\n'
    + '  → Add a "highlight-start" comment before the first line to highlight, or remove this one.',
  ]);
});

test('an example that does not parse keeps its TypeScript only, with a warning at the page line and column of the error', async () => {
  const compiled = await compile('Intro.\n\n```ts check\nconst a = 1\nconst b: = 2\n```\n', {}, [], { languageTabs: true });
  assert.doesNotMatch(compiled.html, /tabs-container/);
  assert.match(compiled.html, /<div class="code-block language-ts"/);
  assert.deepEqual(compiled.islands, []);
  assert.deepEqual(compiled.warnings.map(formatProblem), [
    'content/docs/page.md:5:10: the example has no JavaScript tab: it does not parse as TypeScript: Unexpected token `=`. Expected an identifier, void, yield, null, await, break, a string literal, a numeric literal, true, false, `, -, import, this, typeof, {, [, (\n'
    + '  → Fix the code so that it parses, or drop `check` from the fence to show it as TypeScript alone.',
  ]);
});

test('in an MDX page with components, a checked example inside a component and one beside it both get their tabs', async () => {
  const mdx = "import Admonition from '@theme/Admonition'\n\n<Admonition type=\"tip\">\n\n" + example + '\n</Admonition>\n\n' + example;
  const compiled = await compile(mdx, {}, [], { languageTabs: true, format: 'mdx' });
  assert.equal(compiled.html.match(/<div class="tabs-container" data-tabs="" data-group-id="language">/g)?.length, 2);
  assert.match(compiled.html, /<div class="admonition[^"]*"[^>]*>[\s\S]*?<div class="tabs-container"[\s\S]*?id="language-tabs-0-tab-0"/);
  assert.match(compiled.html, /id="language-tabs-1-tab-1"[^>]*>JavaScript</);
  assert.doesNotMatch(compiled.html, /&#x3C;div class="tabs-container"|\uE002|\uE004|\uE005/, 'the tabs are HTML, not text');
});

test('a run block is shown as a checked example: the same tabs and HTML, its // → comments in both tabs, "run" nowhere', async () => {
  const code = 'const total: number = 2 + 3\nconsole.log(total) // → 5\n```\n';
  const run = await compile('```ts run fetch\n' + code, {}, [], { languageTabs: true });
  const checked = await compile('```ts check\n' + code, {}, [], { languageTabs: true });
  assert.equal(run.html, checked.html);
  assert.doesNotMatch(run.html, /\brun\b/);
  const panels = [...run.html.matchAll(/<code>([\s\S]*?)<\/code>/g)].map((match) => match[1].replace(/<[^>]+>/g, ''));
  assert.deepEqual(panels, ['const total: number = 2 + 3\nconsole.log(total) // → 5', 'const total = 2 + 3\nconsole.log(total) // → 5']);
});

test('a ^? type query is shown in the TypeScript tab and left out of the JavaScript tab', async () => {
  const compiled = await compile('```ts check\nconst total = [2, 3].length\n//    ^? const total: number\n```\n', {}, [], { languageTabs: true });
  const panels = [...compiled.html.matchAll(/<code>([\s\S]*?)<\/code>/g)].map((match) => match[1].replace(/<[^>]+>/g, ''));
  assert.deepEqual(panels, ['const total = [2, 3].length\n//    ^? const total: number', 'const total = [2, 3].length']);
});

test('an output fence is labelled "Output" unless it has a title of its own', async () => {
  const compiled = await compile('```js run\nconsole.log(5)\n```\n\n```text output\n5\n```\n\n```text output title="Terminal"\n5\n```\n');
  assert.deepEqual([...compiled.html.matchAll(/<div class="code-block-title">([^<]+)</g)].map((match) => match[1]), ['Output', 'Terminal']);
});
