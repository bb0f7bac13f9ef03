import path from 'node:path';
import { contentErrorsOf, type Problem } from '../errors.ts';
import { displayPath } from '../fs-utils.ts';

interface EsbuildMessage { text: string; location?: { file: string; line: number; column: number } | null }

/**
 * Turns whatever a rebuild threw into file/line/message entries: content errors (front matter,
 * Markdown, sidebars, config, links), esbuild errors (a syntax error in `src/`), anything else.
 */
export function describeError(error: unknown, workingDir: string, projectRoot: string): Problem[] {
  const contentErrors = contentErrorsOf(error);
  if (contentErrors) return contentErrors.map(({ file, line, message, fix }) => ({ file, line, message, fix }));
  const esbuildErrors = (error as { errors?: EsbuildMessage[] } | null)?.errors;
  if (Array.isArray(esbuildErrors) && esbuildErrors.length > 0 && esbuildErrors.every((entry) => typeof entry?.text === 'string')) {
    return esbuildErrors.map((entry) => ({
      file: entry.location ? displayPath(path.resolve(workingDir, entry.location.file), projectRoot) : undefined,
      line: entry.location?.line,
      column: entry.location ? entry.location.column + 1 : undefined,
      message: entry.text,
    }));
  }
  const thrown = error instanceof Error ? error : new Error(String(error));
  const place = /\(?((?:\/|[A-Za-z]:\\)[^():\s]+):(\d+):(\d+)\)?/.exec(thrown.stack ?? '');
  return [{
    file: place ? displayPath(place[1], projectRoot) : undefined,
    line: place ? Number(place[2]) : undefined,
    message: thrown.stack ?? thrown.message,
  }];
}
