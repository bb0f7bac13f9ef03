import { parseFrontMatter } from '../markdown/front-matter.ts';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { Code } from 'mdast';
import { parseCodeMeta } from '../markdown/code-meta.ts';

/** A fenced TypeScript example whose meta contains `check`. */
export interface CheckedExample {
  /** Markdown file the example comes from. */
  sourceFile: string;
  /** 1-based line of the opening fence in the Markdown file. */
  line: number;
  lang: 'ts' | 'tsx';
  /** The fence's `title`, used as its path inside the page's example project. */
  title?: string;
  code: string;
}

const TYPESCRIPT_LANGS: Record<string, 'ts' | 'tsx'> = { ts: 'ts', typescript: 'ts', tsx: 'tsx' };

export function extractCheckedExamples(markdown: string, sourceFile: string): CheckedExample[] {
  const { content } = parseFrontMatter(markdown, sourceFile);
  const frontMatterLines = markdown.split('\n').length - content.split('\n').length;
  const tree = unified().use(remarkParse).parse(content);
  const examples: CheckedExample[] = [];
  visit(tree, 'code', (node: Code) => {
    const lang = TYPESCRIPT_LANGS[node.lang ?? ''];
    const meta = parseCodeMeta(node.meta);
    if (!lang || !meta.flags.has('check')) return;
    const line = (node.position?.start.line ?? 1) + frontMatterLines;
    examples.push({ sourceFile, line, lang, title: meta.title, code: node.value });
  });
  return examples;
}
