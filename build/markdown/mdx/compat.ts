/**
 * Docusaurus 3 reads MDX with its `markdown.mdx1Compat` defaults, which folders written for MDX 1
 * rely on: `{#custom-id}` after a heading and `<!-- comments -->` are not JSX or expressions. Outside
 * code fences, heading ids are escaped (heading-ids.ts reads them as before) and comments outside
 * code spans become MDX comments.
 */
import { codeFenceTracker } from '../fences.ts';

const HEADING_ID = /^(\s{0,3}#{1,6}\s.*?)\s*\{#([^{}\s]+)\}\s*$/;
/** A code span (a run of backticks, then the first run of as many), or an HTML comment. */
const CODE_SPAN_OR_COMMENT = /(`+)[\s\S]*?(?<!`)\1(?!`)|<!--([\s\S]*?)-->/g;

export function mdx1Compat(markdown: string): string {
  const inCode = codeFenceTracker();
  const chunks: { code: boolean; lines: string[] }[] = [];
  for (const line of markdown.split('\n')) {
    const code = inCode(line);
    const last = chunks.at(-1);
    if (last && last.code === code) last.lines.push(line);
    else chunks.push({ code, lines: [line] });
  }
  return chunks.map(({ code, lines }) => (code ? lines.join('\n') : prose(lines))).join('\n');
}

function prose(lines: string[]): string {
  const text = lines.map((line) => line.replace(HEADING_ID, (_, heading: string, id: string) => `${heading} \\{#${id}\\}`)).join('\n');
  // Whichever starts first wins: a code span shows a comment as code, a comment hides the backticks in it.
  return text.replace(CODE_SPAN_OR_COMMENT, (whole, _ticks: string, comment?: string) => (comment === undefined ? whole : `{/*${comment.replace(/\*\//g, '* /')}*/}`));
}
