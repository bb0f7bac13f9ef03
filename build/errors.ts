/**
 * Errors an author can act on: what failed, where (file, line, column), and how to fix it.
 * Modelled on unified's VFileMessage, so every stage reports problems the same way, and one
 * formatter prints them in the build, watch mode and its overlay.
 */

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
  constructor(readonly errors: ContentError[], message = `${errors.length} problem${errors.length === 1 ? '' : 's'} found:\n${errors.map((e) => e.format()).join('\n')}`) {
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
