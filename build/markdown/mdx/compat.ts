/**
 * Docusaurus 3 reads MDX with its `markdown.mdx1Compat` defaults, which folders written for MDX 1
 * rely on: `{#custom-id}` after a heading and `<!-- comments -->` are not JSX or expressions. Outside
 * code fences, heading ids are escaped (heading-ids.ts reads them as before) and comments outside
 * code spans become MDX comments.
 */
import { codeFenceTracker } from '../fences.ts';

const HEADING_ID = /^(\s{0,3}#{1,6}\s.*?)\s*\{#([^{}\s]+)\}\s*$/;

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
  return hideComments(lines.map((line) => line.replace(HEADING_ID, (_, heading: string, id: string) => `${heading} \\{#${id}\\}`)).join('\n'));
}

/**
 * Each `<!-- comment -->` becomes an MDX comment, but one inside a code span (a run of backticks up to the
 * next run of as many) stays code; whichever starts first wins. One pass over the text: a regular
 * expression that looks ahead for a closing run or `-->` from every opening one is quadratic on a page
 * of many unmatched ones (a 300 KB page of backtick runs took 42 s).
 */
function hideComments(text: string): string {
  const runs = [...text.matchAll(/`+/g)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
  const closingRun = closingRunFinder(runs);
  let hidden = '';
  let copied = 0;
  let position = 0;
  let run = 0;
  let comment = text.indexOf('<!--');
  for (;;) {
    while (run < runs.length && runs[run].start < position) run++;
    if (comment !== -1 && comment < position) comment = text.indexOf('<!--', position);
    const runStart = run < runs.length ? runs[run].start : Infinity;
    if (comment !== -1 && comment < runStart) {
      const end = text.indexOf('-->', comment + 4);
      if (end === -1) break; // unclosed: nothing after it is a comment either
      hidden += `${text.slice(copied, comment)}{/*${text.slice(comment + 4, end).replace(/\*\//g, '* /')}*/}`;
      copied = position = end + 3;
    } else if (runStart === Infinity) {
      break;
    } else {
      // A code span up to its closing run, or backticks nothing closes, which are text.
      const close = closingRun(run);
      position = runs[close ?? run].end;
    }
  }
  return hidden + text.slice(copied);
}

/** For each run of backticks, asked in order, the next run of the same length: a cursor per length, so every run is passed once. */
function closingRunFinder(runs: { start: number; end: number }[]): (run: number) => number | undefined {
  const byLength = new Map<number, number[]>();
  runs.forEach(({ start, end }, index) => {
    const sameLength = byLength.get(end - start);
    if (sameLength) sameLength.push(index);
    else byLength.set(end - start, [index]);
  });
  const cursors = new Map<number, number>();
  return (run) => {
    const length = runs[run].end - runs[run].start;
    const sameLength = byLength.get(length)!;
    let at = cursors.get(length) ?? 0;
    while (at < sameLength.length && sameLength[at] <= run) at++;
    cursors.set(length, at);
    return sameLength[at];
  };
}
