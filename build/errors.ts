/**
 * Errors an author can act on: what failed, where (file, line, column), and how to fix it.
 * Modelled on unified's VFileMessage, so every stage reports problems the same way, and one
 * formatter prints them in the build, watch mode and its overlay.
 */

import path from 'node:path';
import { displayPath } from './fs-utils.ts';

/** A problem in an author's input, as every report prints it. */
export interface Problem {
  /** Which check found it (`front-matter`, `markdown/missing-image`, …), for tools that filter or link to docs/errors.md. */
  rule?: string;
  file?: string;
  line?: number;
  column?: number;
  message: string;
  fix?: string;
}

/** `content/docs/a.md:12: message` and, on the next line, `  → fix`. */
export function formatProblem({ file, line, column, message, fix }: Problem): string {
  const where = file ? `${printable(file)}${line ? `:${line}${column ? `:${column}` : ''}` : ''}: ` : '';
  return `${where}${printable(message)}${fix ? `\n  → ${printable(fix)}` : ''}`;
}

/**
 * Line breaks, terminal escapes and bidirectional overrides, which messages quote from what an author
 * wrote (an error a page threw, a URL, a file name): shown as escapes, so a problem is always the lines
 * above, never a line of the author's making (`error: some/other.md: …`) or a rewritten terminal.
 */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function printable(text: string): string {
  return text.replace(CONTROL_CHARACTERS, (character) => (character === '\n' ? '\\n' : `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** What a ContentError is made of: a problem in one file, and the rule it broke (`front-matter`, `links`, …). */
export interface ContentErrorInit extends Problem { file: string; rule: string }

export class ContentError extends Error implements Problem {
  readonly rule: string;
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  readonly fix?: string;

  constructor({ rule, message, file, line, column, fix }: ContentErrorInit) {
    super(message);
    this.name = 'ContentError';
    this.rule = rule;
    this.file = file;
    this.line = line;
    this.column = column;
    this.fix = fix;
  }

  format(): string {
    return formatProblem(this);
  }
}

/** Several content errors found in one pass, reported together so an author fixes them in one run. */
export class ContentErrors extends Error {
  constructor(readonly errors: ContentError[], message = formatProblems(errors)) {
    super(message);
    this.name = 'ContentErrors';
  }
}

/** `in a partial included by docs/page.mdx:5`: names the page, since a problem in an MDX partial is reported at the partial's line. */
export function includedBy(page: string, line: number | undefined): string {
  return `in a partial included by ${page}${line ? `:${line}` : ''}`;
}

/** A warning is a problem that does not stop the build. */
export interface Warning extends Problem { file: string }


/** The content errors a thrown value stands for; undefined when it is something else (a bug, an I/O error). */
export function contentErrorsOf(error: unknown): ContentError[] | undefined {
  if (error instanceof ContentErrors) return error.errors;
  if (error instanceof ContentError) return [error];
  return undefined;
}

/** One error for a non-empty list: the error itself, or a ContentErrors. */
export function contentError(errors: ContentError[]): ContentError | ContentErrors {
  return errors.length === 1 ? errors[0] : new ContentErrors(errors);
}

export function throwIfAny(errors: ContentError[]): void {
  if (errors.length > 0) throw contentError(errors);
}

/** For `?? rethrow(error)`: what is not a content error goes on up. */
export function rethrow(error: unknown): never {
  throw error;
}

/** One problem as formatProblem prints it; several under `N problems found:`. */
export function formatProblems(problems: Problem[]): string {
  if (problems.length === 1) return formatProblem(problems[0]);
  return `${problems.length} problems found:\n${problems.map(formatProblem).join('\n')}`;
}

interface EsbuildMessage { text: string; location?: { file: string; line: number; column: number } | null }

const FILE_SYSTEM_PROBLEMS: Record<string, string> = {
  ENOSPC: 'the disk is full', EACCES: 'permission denied', EPERM: 'operation not permitted', EROFS: 'the file system is read-only',
  ENOTDIR: 'a part of the path is a file', EDQUOT: 'the disk quota is used up', EMFILE: 'too many open files',
};

/**
 * Whatever a build or a rebuild threw, as problems an author reads (the CLI prints them, watch mode shows
 * them): content errors as they are; esbuild's errors (a syntax error in the theme) at their file, line
 * and column (`workingDir`: what esbuild's paths are relative to); a file-system failure with what to do;
 * anything else with its stack, at the first file of it. Paths are shown relative to `from`.
 */
export function problemsOf(error: unknown, { workingDir = process.cwd(), from = process.cwd() } = {}): Problem[] {
  const contentErrors = contentErrorsOf(error);
  if (contentErrors) return contentErrors.map(({ rule, file, line, column, message, fix }) => ({ rule, file, line, column, message, fix }));
  const esbuildErrors = (error as { errors?: EsbuildMessage[] } | null)?.errors;
  if (Array.isArray(esbuildErrors) && esbuildErrors.length > 0 && esbuildErrors.every((entry) => typeof entry?.text === 'string')) {
    return esbuildErrors.map((entry) => ({
      file: entry.location ? displayPath(path.resolve(workingDir, entry.location.file), from) : undefined,
      line: entry.location?.line,
      column: entry.location ? entry.location.column + 1 : undefined,
      message: entry.text,
    }));
  }
  if (isFileSystemError(error)) return [fileSystemProblem(error, from)];
  const thrown = error instanceof Error ? error : new Error(String(error));
  const place = /\(?((?:\/|[A-Za-z]:\\)[^():\s]+):(\d+):(\d+)\)?/.exec(thrown.stack ?? '');
  return [{ file: place ? displayPath(place[1], from) : undefined, line: place ? Number(place[2]) : undefined, message: thrown.stack ?? thrown.message }];
}

function isFileSystemError(error: unknown): error is NodeJS.ErrnoException & { code: string } {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string' && (error as NodeJS.ErrnoException).code! in FILE_SYSTEM_PROBLEMS;
}

/** `cannot mkdir /sys/out.staging-12: operation not permitted (EPERM)`, and what to do. */
function fileSystemProblem(error: NodeJS.ErrnoException & { code: string }, from: string): Problem {
  const relative = error.path && path.relative(from, error.path);
  const where = error.path ? ` ${relative && !relative.startsWith('..') ? relative : error.path}` : '';
  return {
    message: `cannot ${error.syscall ?? 'write'}${where}: ${FILE_SYSTEM_PROBLEMS[error.code]} (${error.code})`,
    fix: 'Free disk space or pick an output folder you can write to (--out); the previous output is unchanged.',
  };
}
