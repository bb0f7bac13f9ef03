import remarkDirective from 'remark-directive';
import { parseFrontMatter } from './front-matter.ts';
import { remarkGfm } from './gfm.ts';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { Root } from 'mdast';

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’_.-]*/gu;

export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

/** Words a reader sees outside code blocks, and the number of code blocks, in a Markdown source. */
export function countProseWords(markdown: string, file: string): { words: number; codeBlocks: number } {
  const tree = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).parse(parseFrontMatter(markdown, file).content) as Root;
  let words = 0;
  let codeBlocks = 0;
  visit(tree, (node) => {
    if (node.type === 'code') codeBlocks++;
    else if (node.type === 'text' || node.type === 'inlineCode') words += countWords(node.value);
  });
  return { words, codeBlocks };
}
