/**
 * Errors an author can act on: what failed, where (file and line), and how to fix it.
 * Modelled on unified's VFileMessage, so every stage reports problems the same way.
 */
export class ContentError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly line?: number,
    readonly fix?: string,
  ) {
    super(message);
    this.name = 'ContentError';
  }

  /** `content/docs/a.md:12: message\n  fix` */
  format(): string {
    const where = this.line ? `${this.file}:${this.line}` : this.file;
    return `${where}: ${this.message}${this.fix ? `\n  → ${this.fix}` : ''}`;
  }
}

/** Several content errors found in one pass, reported together so an author fixes them in one run. */
export class ContentErrors extends Error {
  constructor(readonly errors: ContentError[]) {
    super(`${errors.length} problem${errors.length === 1 ? '' : 's'} found:\n${errors.map((e) => e.format()).join('\n')}`);
    this.name = 'ContentErrors';
  }
}

/** A warning is a content error that does not stop the build. */
export interface Warning { file: string; line?: number; message: string }

export function formatWarning(warning: Warning): string {
  return `${warning.line ? `${warning.file}:${warning.line}` : warning.file}: ${warning.message}`;
}

/** Throws one ContentErrors when the list is not empty. */
export function throwIfAny(errors: ContentError[]): void {
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new ContentErrors(errors);
}
