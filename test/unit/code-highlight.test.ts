/**
 * Line highlighting and line numbers in code blocks, Docusaurus-style: magic comments
 * (`// highlight-next-line`, `// highlight-start` … `// highlight-end` and their forms in other
 * languages), the meta forms `{1,3-5}`, `showLineNumbers` and `showLineNumbers=5`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatProblem } from '../../build/errors.ts';
import { compile, toHtml } from '../helpers/markdown.ts';

/** The `<code>` element of the page's only code block. */
async function codeHtml(markdown: string): Promise<string> {
  const html = toHtml(await compile(markdown));
  return /<code[^>]*>[\s\S]*<\/code>/.exec(html)![0];
}

/** Each shown line as its text, `>` in front of a highlighted one. */
async function shownLines(markdown: string): Promise<string[]> {
  const lines = (await codeHtml(markdown)).match(/<span class="line[^"]*"[^>]*>[\s\S]*?(?=<span class="line|<\/code>)/g) ?? [];
  return lines.map((line) => `${line.includes('highlighted-line') ? '>' : ' '} ${line.replace(/<[^>]+>/g, '').replace(/\n$/, '').replaceAll('&#x3C;', '<')}`);
}

const fence = (language: string, ...lines: string[]) => `\`\`\`${language}\n${lines.join('\n')}\n\`\`\`\n`;

test('magic comments are removed from the shown code and mark the lines they name', async () => {
  const markdown = fence('text', 'const a = 1', '// highlight-next-line', 'const b = 2', '', '// highlight-start', 'one()', '  two()', '// highlight-end', 'three()');
  assert.equal(await codeHtml(markdown), '<code>'
    + '<span class="line">const a = 1</span>\n'
    + '<span class="line highlighted-line">const b = 2</span>\n'
    + '<span class="line"></span>\n'
    + '<span class="line highlighted-line">one()</span>\n'
    + '<span class="line highlighted-line">  two()</span>\n'
    + '<span class="line">three()</span>'
    + '</code>');
});

test('highlighted lines keep their Prism tokens', async () => {
  assert.equal(await codeHtml(fence('ts', '// highlight-next-line', 'const a = 1')), '<code>'
    + '<span class="line highlighted-line"><span class="token keyword">const</span> a <span class="token operator">=</span> <span class="token number">1</span></span>'
    + '</code>');
});

test('each language accepts the comment forms Docusaurus accepts for it', async () => {
  assert.deepEqual(await shownLines(fence('bash', '# highlight-next-line', 'npm install @reduxjs/toolkit', 'npm test')), ['> npm install @reduxjs/toolkit', '  npm test']);
  assert.deepEqual(await shownLines(fence('yaml', 'name: ci', '# highlight-start', 'on: push', '# highlight-end')), ['  name: ci', '> on: push']);
  assert.deepEqual(await shownLines(fence('html', '<body>', '  <!-- highlight-next-line -->', '  <div id="root"></div>', '</body>')), ['  <body>', '>   <div id="root"></div>', '  </body>']);
  assert.deepEqual(await shownLines(fence('tsx', 'return (', '  <Provider store={store}>', '    {/* highlight-next-line */}', '    <App />', '  </Provider>', ')')), ['  return (', '    <Provider store={store}>', '>     <App />', '    </Provider>', '  )']);
  assert.deepEqual(await shownLines(fence('js', '/* highlight-next-line */', 'store.dispatch(action)')), ['> store.dispatch(action)']);
});

test('a comment form the language does not have is shown as written', async () => {
  assert.deepEqual(await shownLines(fence('ts', '# highlight-next-line', 'const a = 1')), ['  # highlight-next-line', '  const a = 1']);
  assert.deepEqual(await shownLines(fence('bash', '// highlight-next-line', 'npm test')), ['  // highlight-next-line', '  npm test']);
});

test('a comment that shares its line with code is code', async () => {
  assert.deepEqual(await shownLines(fence('ts', 'const a = 1 // highlight-next-line', 'const b = 2')), ['  const a = 1 // highlight-next-line', '  const b = 2']);
});

test('highlight blocks may nest', async () => {
  assert.deepEqual(await shownLines(fence('js', '// highlight-start', 'a()', '// highlight-start', 'b()', '// highlight-end', 'c()', '// highlight-end', 'd()')), ['> a()', '> b()', '> c()', '  d()']);
});

test('lines named in the meta are highlighted, and then magic comments are shown as written, as in Docusaurus', async () => {
  assert.deepEqual(await shownLines(fence('js {1,3-4}', 'a()', '// highlight-next-line', 'b()', 'c()', 'd()')), ['> a()', '  // highlight-next-line', '> b()', '> c()', '  d()']);
});

test('showLineNumbers numbers the lines with a CSS counter, showLineNumbers=5 from 5', async () => {
  assert.equal(await codeHtml(fence('text showLineNumbers', 'a', '// highlight-next-line', 'b')), '<code class="line-numbers">'
    + '<span class="line">a</span>\n<span class="line highlighted-line">b</span></code>');
  assert.equal(await codeHtml(fence('text title="x.txt" showLineNumbers=5', 'a', 'b')), '<code class="line-numbers">'
    + '<span class="line" data-line="5">a</span>\n<span class="line" data-line="6">b</span></code>');
  assert.equal(await codeHtml(fence('text', 'a')), '<code><span class="line">a</span></code>');
});

test('an unmatched highlight-start or highlight-end is a warning naming the file, line and column', async () => {
  const markdown = `# Page\n\n${fence('ts', '// highlight-end', 'a()')}\n- A step:\n\n  \`\`\`bash\n  npm install\n    # highlight-start\n  npm test\n  \`\`\`\n`;
  const compiled = await compile(markdown);
  assert.deepEqual(compiled.warnings.map(formatProblem), [
    'content/docs/page.md:4:1: "highlight-end" has no matching "highlight-start"; it highlights nothing\n'
    + '  → Add a "highlight-start" comment before the first line to highlight, or remove this one.',
    'content/docs/page.md:12:5: "highlight-start" has no matching "highlight-end"; the lines after it are highlighted to the end of the code block\n'
    + '  → Add a "highlight-end" comment after the last line to highlight.',
  ]);
  const code = toHtml(compiled).match(/<code>.*?<\/code>/gs);
  assert.deepEqual(code, [
    '<code><span class="line"><span class="token function">a</span><span class="token punctuation">(</span><span class="token punctuation">)</span></span></code>',
    '<code><span class="line"><span class="token function">npm</span> <span class="token function">install</span></span>\n'
    + '<span class="line highlighted-line"><span class="token function">npm</span> <span class="token builtin class-name">test</span></span></code>',
  ]);
});

test('a token left without text is dropped, and a token spanning lines is cut at each line', async () => {
  // Prism gives the empty body of `<script src>` a `token script` of its own.
  const script = await codeHtml(fence('html', '<script src="/main.js"></script>'));
  assert.ok(script.includes('</span></span><span class="token tag"><span class="token tag"><span class="token punctuation">&#x3C;/</span>script'), script);
  assert.doesNotMatch(script, /token script/);
  assert.equal(await codeHtml(fence('js', '/* one', 'two */ x')), '<code>'
    + '<span class="line"><span class="token comment">/* one</span></span>\n'
    + '<span class="line"><span class="token comment">two */</span> x</span>'
    + '</code>');
});
