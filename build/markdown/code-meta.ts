/** What an author can write after the language of a fenced code block: ```ts title="store.ts" {1,3-5} showLineNumbers check */
export interface CodeMeta {
  title?: string;
  /** A block the tests run (build/examples/run.ts), in this NODE_ENV: `run` is `development`, `run=production` is `production`. */
  run?: string;
  /** 1-based line numbers to highlight. */
  highlightLines: Set<number>;
  /** The number of the first line, when lines are numbered (`showLineNumbers`, `showLineNumbers=5`). */
  lineNumbersStart?: number;
  /** Bare words such as `check`, `fetch`, `output`. */
  flags: Set<string>;
}

/** A TypeScript fence marked `check` or `run` is type-checked, and shown with a JavaScript tab. */
export function isTypeChecked(meta: CodeMeta): boolean {
  return meta.flags.has('check') || meta.run !== undefined;
}

const TOKEN = /(\w+)=("([^"]*)"|'([^']*)'|\S+)|\{([\d,\s-]+)\}|(\S+)/g;

export function parseCodeMeta(meta: string | null | undefined): CodeMeta {
  const result: CodeMeta = { highlightLines: new Set(), flags: new Set() };
  for (const match of (meta ?? '').matchAll(TOKEN)) {
    const [, key, rawValue, doubleQuoted, singleQuoted, ranges, word] = match;
    if (key === 'title') result.title = doubleQuoted ?? singleQuoted ?? rawValue;
    else if (key === 'showLineNumbers') result.lineNumbersStart = lineNumber(rawValue);
    else if (word === 'showLineNumbers') result.lineNumbersStart = 1;
    else if (key === 'run') result.run = doubleQuoted ?? singleQuoted ?? rawValue;
    else if (word === 'run') result.run = 'development';
    else if (ranges !== undefined) addRanges(result.highlightLines, ranges);
    else if (word !== undefined) result.flags.add(word);
  }
  return result;
}

function lineNumber(value: string): number {
  const start = Number(value);
  return Number.isSafeInteger(start) && start >= 0 ? start : 1;
}

/**
 * No code block is longer; a typo such as {1-400000000} must not hang the build (or overflow the Set).
 * The limit is for all the block's ranges together: 2,000 ranges of 10,000 lines each took 15 s and
 * overflowed the Set.
 */
const MAX_RANGE_LINES = 10_000;

function addRanges(lines: Set<number>, ranges: string): void {
  let left = MAX_RANGE_LINES;
  for (const part of ranges.split(',')) {
    const [start, end] = part.trim().split('-').map(Number);
    if (!Number.isInteger(start)) continue;
    const last = Math.min(Number.isInteger(end) ? end : start, start + left - 1);
    for (let line = start; line <= last; line++) lines.add(line);
    left -= Math.max(0, last - start + 1);
    if (left <= 0) return;
  }
}
