import { ContentError } from '../errors.ts';
import { codeFenceTracker } from './fences.ts';

/** What one page may ask of the compiler; beyond it an author gets an error instead of a hang or a crash. */
export interface PageLimits {
  /** Bytes of Markdown in one page (site config `maxPageBytes`). */
  maxPageBytes: number;
  /** Seconds one page may take to compile, render and write (site config `maxPageSeconds`); pages take milliseconds. */
  maxPageSeconds: number;
  /** Bytes of HTML and chunks one page may write (site config `maxPageOutputBytes`). */
  maxPageOutputBytes: number;
}

export const DEFAULT_PAGE_LIMITS: PageLimits = { maxPageBytes: 4 * 1024 * 1024, maxPageSeconds: 30, maxPageOutputBytes: 10 * 1024 * 1024 };

/** Blockquotes, list items and admonitions inside each other; deeper nesting overflows the compiler's stack. */
export const MAX_NESTING = 100;
/** Cells in one table row; a row of 20,000 took minutes and gigabytes. */
export const MAX_TABLE_COLUMNS = 1000;
/** `[` in one paragraph: micromark matches link and image openings in quadratic time (75,000 `[a](` took over 10 s). */
export const MAX_BRACKETS_PER_PARAGRAPH = 5000;

const CONTAINER_OPEN = /^\s*:{3,}[A-Za-z]/;
const CONTAINER_CLOSE = /^\s*:{3,}\s*$/;
/** One container marker at the start of a line: `>`, a bullet or an ordered-list number, with its spaces. */
const LINE_MARKER = /^[ \t]*(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t]))[ \t]?/;

/**
 * Checks a page against the limits in one linear pass before it is parsed: size, nesting of blockquotes,
 * lists and admonitions, and table width. Fenced code is skipped. Returns the first problem.
 */
export function pageLimitProblem(body: string, file: string, lineOffset: number, limits: PageLimits): ContentError | undefined {
  try {
    checkPageLimits(body, file, lineOffset, limits);
    return undefined;
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
}

function checkPageLimits(body: string, file: string, lineOffset: number, limits: PageLimits): void {
  const bytes = Buffer.byteLength(body);
  if (bytes > limits.maxPageBytes) {
    throw new ContentError({ rule: 'page-limits', message: `the page is ${size(bytes)}, over the limit of ${size(limits.maxPageBytes)}`, file, fix: 'Split the page into several, or raise maxPageBytes in site.config.ts.' });
  }
  const inCode = codeFenceTracker();
  let containers = 0;
  let brackets = 0;
  body.split('\n').forEach((line, index) => {
    const where = index + 1 + lineOffset;
    if (inCode(line)) return;
    brackets = line.trim() === '' ? 0 : brackets + count(line, '[');
    if (brackets > MAX_BRACKETS_PER_PARAGRAPH) {
      throw new ContentError({ rule: 'page-limits', message: `a paragraph has more than ${MAX_BRACKETS_PER_PARAGRAPH} "[" (link and image openings)`, file, line: where, fix: 'Split the paragraph, or put the text in a code block.' });
    }
    if (CONTAINER_OPEN.test(line)) containers++;
    else if (CONTAINER_CLOSE.test(line)) containers = Math.max(0, containers - 1);
    const depth = containers + markersAtStart(line) + Math.floor(indentation(line) / 4);
    if (depth > MAX_NESTING) throw tooDeep(file, where);
    if (line.includes('|') && count(line, '|') > MAX_TABLE_COLUMNS) {
      throw new ContentError({ rule: 'page-limits', message: `a table row has more than ${MAX_TABLE_COLUMNS} cells`, file, line: where, fix: 'Split the table, or turn it into a list.' });
    }
  });
}

function tooDeep(file: string, line: number): ContentError {
  return new ContentError({ rule: 'page-limits', message: `blockquotes, lists and admonitions are nested more than ${MAX_NESTING} levels deep`, file, line, fix: 'Flatten the structure: readers cannot follow that many levels either.' });
}

function markersAtStart(line: string): number {
  let count = 0;
  let rest = line;
  for (let match = LINE_MARKER.exec(rest); match && match[0].length > 0 && count <= MAX_NESTING; match = LINE_MARKER.exec(rest)) {
    count++;
    rest = rest.slice(match[0].length);
  }
  return count;
}

function indentation(line: string): number {
  let columns = 0;
  for (const character of line) {
    if (character === ' ') columns++;
    else if (character === '\t') columns += 4;
    else break;
  }
  return columns;
}

function count(line: string, character: string): number {
  let found = 0;
  for (let index = line.indexOf(character); index !== -1; index = line.indexOf(character, index + 1)) found++;
  return found;
}

/**
 * The first JSX element nested more than MAX_NESTING elements deep (5,000 nested `<div>`s parse, then
 * overflow every recursive step after the parse). The tree is walked with a stack of its own, not by recursion.
 */
export function jsxNestingProblem(tree: { children?: unknown[] }, file: string, lineOffset: number): ContentError | undefined {
  const pending: { node: { type?: string; children?: unknown[]; position?: { start: { line: number } } }; depth: number }[] = [{ node: tree, depth: 0 }];
  while (pending.length > 0) {
    const { node, depth } = pending.pop()!;
    const isElement = node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
    const here = depth + (isElement ? 1 : 0);
    if (here > MAX_NESTING) {
      const line = node.position ? node.position.start.line + lineOffset : undefined;
      return new ContentError({ rule: 'page-limits', message: `JSX elements are nested more than ${MAX_NESTING} levels deep`, file, line, fix: 'Flatten the structure: readers cannot follow that many levels either.' });
    }
    for (const child of node.children ?? []) pending.push({ node: child as never, depth: here });
  }
  return undefined;
}

/** The error for a page whose files (HTML and chunks) would be bigger than the limit. */
export function pageOutputProblem(bytes: number, file: string, limits: PageLimits): ContentError | undefined {
  if (bytes <= limits.maxPageOutputBytes) return undefined;
  return new ContentError({ rule: 'page-limits', message: `the page would write ${size(bytes)}, over the limit of ${size(limits.maxPageOutputBytes)}`, file, fix: 'Look for an expression or component that repeats content, split the page, or raise maxPageOutputBytes in site.config.ts.' });
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
