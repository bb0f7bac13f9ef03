/** Highlighting without hastscript (build/markdown/prism-tokens.ts) makes the nodes refractor.highlight makes. */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { refractor } from 'refractor/core';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { Code } from 'mdast';
import { toJavaScript, TypeScriptOnlySyntaxError } from '../../build/markdown/to-javascript.ts';
import '../../build/markdown/highlight.ts'; // registers the site's grammars
import { highlightTokens } from '../../build/markdown/prism-tokens.ts';
import { projectRoot } from '../helpers/site.ts';

const sameAsRefractor = (code: string, language: string, where: string) => assert.deepEqual(highlightTokens(code, language), refractor.highlight(code, language).children, where);

/** Every fence of the site in a grammar it has, and the JavaScript twin of every checked example. */
test('every code block of the site, and every JavaScript twin, gets the nodes refractor makes', () => {
  const docsDir = path.join(projectRoot, 'content/docs');
  let blocks = 0;
  let twins = 0;
  for (const file of readdirSync(docsDir, { recursive: true }) as string[]) {
    if (!/\.mdx?$/.test(file)) continue;
    visit(unified().use(remarkParse).parse(readFileSync(path.join(docsDir, file), 'utf8')), 'code', (node: Code) => {
      const where = `${file}:${node.position?.start.line}`;
      const language = node.lang === 'ts' ? 'typescript' : node.lang ?? '';
      if (!refractor.registered(language)) return;
      sameAsRefractor(node.value, language, where);
      blocks++;
      if ((node.lang === 'ts' || node.lang === 'tsx') && /\bcheck\b/.test(node.meta ?? '')) {
        const javascript = twin(node.value, node.lang);
        if (javascript === undefined) return;
        sameAsRefractor(javascript, node.lang === 'tsx' ? 'jsx' : 'javascript', `${where} (JavaScript)`);
        twins++;
      }
    });
  }
  assert.ok(blocks > 500 && twins > 400, `${blocks} blocks, ${twins} twins`);
});

test('markup entities get the title Prism\'s hook gives them, as with refractor', () => {
  sameAsRefractor('<p>a &amp; b &lt; c &nbsp;</p>', 'markup', 'markup');
  sameAsRefractor('const a = <p title="x">&copy; {b}</p>', 'tsx', 'tsx');
  sameAsRefractor('# Title\n\n```js\nconst a = 1\n```\n', 'markdown', 'markdown');
});

function twin(code: string, language: 'ts' | 'tsx'): string | undefined {
  try {
    return toJavaScript(code, language);
  } catch (error) {
    if (error instanceof TypeScriptOnlySyntaxError) return undefined;
    throw error;
  }
}
