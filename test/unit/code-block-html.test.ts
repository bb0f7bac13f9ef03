/** The fast serializer of code blocks (build/markdown/code-block-html.ts) writes what hast-util-to-html writes. */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { toHtml } from 'hast-util-to-html';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { VFile } from 'vfile';
import type { Element } from 'hast';
import type { Code } from 'mdast';
import { codeBlockToHtml } from '../../build/markdown/code-block-html.ts';
import { highlightedCodeBlock } from '../../build/markdown/highlight.ts';
import { projectRoot } from '../helpers/site.ts';

function block(code: string, language: string, meta: string): Element {
  const codeElement: Element = { type: 'element', tagName: 'code', properties: { className: [`language-${language}`], dataMeta: meta }, children: [{ type: 'text', value: code }] };
  return highlightedCodeBlock({ type: 'element', tagName: 'pre', properties: {}, children: [codeElement] }, codeElement, new VFile());
}

test('every code block of the site serializes to the same bytes as with hast-util-to-html', () => {
  const docsDir = path.join(projectRoot, 'content/docs');
  let blocks = 0;
  for (const file of readdirSync(docsDir, { recursive: true }) as string[]) {
    if (!/\.mdx?$/.test(file)) continue;
    visit(unified().use(remarkParse).parse(readFileSync(path.join(docsDir, file), 'utf8')), 'code', (node: Code) => {
      const highlighted = block(node.value, node.lang ?? '', node.meta ?? '');
      assert.equal(codeBlockToHtml(highlighted), toHtml(highlighted), `${file}:${node.position?.start.line}`);
      blocks++;
    });
  }
  assert.ok(blocks > 500, `${blocks} blocks`);
});

test('titles, code and line numbers with characters HTML escapes come out the same', () => {
  const highlighted = block('const s = "<a href=\'x\'>&amp;</a>" // 1 < 2 && 3 > 2', 'ts', 'title="a & \\"b\\" <c> \'d\'" showLineNumbers=5');
  assert.equal(codeBlockToHtml(highlighted), toHtml(highlighted));
  assert.match(codeBlockToHtml(highlighted), /data-line="5"/);
});

test('anything but the highlighter\'s markup goes to hast-util-to-html', () => {
  const other: Element = { type: 'element', tagName: 'div', properties: { id: 'x' }, children: [{ type: 'element', tagName: 'br', properties: {}, children: [] }] };
  assert.equal(codeBlockToHtml(other), '<div id="x"><br></div>');
});
