/**
 * The output a page shows for a run block, and how what the block printed compares with it. The page
 * writes it in the block, as `// → text` comments (a trailing one, or one on its own line, continued on
 * the lines below by `//` in the same column and the text aligned under the first: `//   more`), or in
 * an `output` fence right after the block.
 */

/** One line of output the page shows, and the page line it is written on. */
export interface ExpectedLine {
  text: string;
  line: number;
}

/** A mismatch between the printed output and the page's: the page line to fix, and what differs. */
export interface OutputMismatch {
  line: number;
  message: string;
}

const ARROW = /(^|\s)\/\/ →(?= |$)/;
/** `// → ` is five characters: a continuation line's text starts where the first line's did. */
const TEXT_OFFSET = '// → '.length;
const CONTINUATION = '//   ';

/** The `// →` lines of a block whose code starts on page line `firstLine`. */
export function arrowComments(code: string, firstLine: number): ExpectedLine[] {
  const lines = code.split('\n');
  const expected: ExpectedLine[] = [];
  for (let index = 0; index < lines.length; index++) {
    const match = ARROW.exec(lines[index]);
    if (!match) continue;
    const column = match.index + match[1].length;
    expected.push({ text: lines[index].slice(column + TEXT_OFFSET), line: firstLine + index });
    while (index + 1 < lines.length && continues(lines[index + 1], column)) {
      index++;
      expected.push({ text: lines[index].slice(column + TEXT_OFFSET), line: firstLine + index });
    }
  }
  return expected;
}

function continues(line: string, column: number): boolean {
  return line.slice(0, column).trim() === '' && line.startsWith(CONTINUATION, column);
}

/** The lines of an `output` fence whose opening fence is on page line `fenceLine`. */
export function fenceOutput(text: string, fenceLine: number): ExpectedLine[] {
  return text === '' ? [] : text.split('\n').map((line, index) => ({ text: line, line: fenceLine + 1 + index }));
}

/** The first line where `printed` and the page's output differ; `blockLine` is the block's fence, blamed when the page shows no output. */
export function compareOutput(printed: string, expected: ExpectedLine[], blockLine: number): OutputMismatch | undefined {
  const actual = printed === '' ? [] : printed.replace(/\n$/, '').split('\n').map(trimEnd);
  for (let index = 0; index < Math.max(actual.length, expected.length); index++) {
    const [got, shown] = [actual[index], expected[index] && { ...expected[index], text: trimEnd(expected[index].text) }];
    if (got === shown?.text) continue;
    if (shown === undefined) {
      const last = expected.at(-1);
      return { line: last?.line ?? blockLine, message: `run block printed ${quote(got)} where the page shows ${last ? 'no more output' : 'no output'}` };
    }
    const what = got === undefined ? `nothing${index > 0 ? ' more' : ''}` : quote(got);
    return { line: shown.line, message: `run block printed ${what} where the page shows ${quote(shown.text)}` };
  }
  return undefined;
}

const quote = (text: string) => JSON.stringify(text);
/** Spaces at the end of a line are neither seen by a reader nor kept by every editor: not compared. */
const trimEnd = (text: string) => text.trimEnd();
