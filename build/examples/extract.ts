import { parseFrontMatter } from '../markdown/front-matter.ts';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { Code } from 'mdast';
import { isTypeChecked, parseCodeMeta } from '../markdown/code-meta.ts';

/** A fenced TypeScript example whose meta contains `check` (or `run`): type-checked. */
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

/** A fenced block whose meta contains `run`: executed, and what it prints compared with the page (run.ts). */
export interface RunBlock {
  sourceFile: string;
  /** 1-based line of the opening fence in the Markdown file. */
  line: number;
  lang: 'ts' | 'tsx' | 'js' | 'jsx';
  title?: string;
  code: string;
  /** NODE_ENV while it runs, as the meta says (`run`, `run=production`); run.ts checks it. */
  mode: string;
  /** `run fetch`: its requests are answered by the fake API (fake-api.ts). */
  fakeFetch: boolean;
  /** The `output` fence right after the block: its opening fence's line and its text. */
  outputFence?: { line: number; text: string };
}

export interface PageExamples {
  checked: CheckedExample[];
  runBlocks: RunBlock[];
}

const LANGS: Record<string, RunBlock['lang']> = { ts: 'ts', typescript: 'ts', tsx: 'tsx', js: 'js', javascript: 'js', jsx: 'jsx' };

export function extractExamples(markdown: string, sourceFile: string): PageExamples {
  const { content } = parseFrontMatter(markdown, sourceFile);
  const frontMatterLines = markdown.split('\n').length - content.split('\n').length;
  const pageLine = (node: Code) => (node.position?.start.line ?? 1) + frontMatterLines;
  const tree = unified().use(remarkParse).parse(content);
  const examples: PageExamples = { checked: [], runBlocks: [] };
  visit(tree, 'code', (node: Code, index, parent) => {
    const lang = LANGS[node.lang ?? ''];
    if (!lang) return;
    const meta = parseCodeMeta(node.meta);
    const example = { sourceFile, line: pageLine(node), title: meta.title, code: node.value };
    if ((lang === 'ts' || lang === 'tsx') && isTypeChecked(meta)) examples.checked.push({ ...example, lang });
    if (meta.run === undefined) return;
    const next = index === undefined ? undefined : parent?.children[index + 1];
    const outputFence = next?.type === 'code' && parseCodeMeta(next.meta).flags.has('output') ? { line: pageLine(next), text: next.value } : undefined;
    examples.runBlocks.push({ ...example, lang, mode: meta.run, fakeFetch: meta.flags.has('fetch'), outputFence });
  });
  return examples;
}

export function extractCheckedExamples(markdown: string, sourceFile: string): CheckedExample[] {
  return extractExamples(markdown, sourceFile).checked;
}
