import path from 'node:path';
import { ContentError, ContentErrors } from '../errors.ts';
import { brokenLinkProblem } from '../links/checker.ts';
import { BROKEN_LINK_FIX, BrokenLinksError } from '../links/policy.ts';

/** One build error as the terminal prints it and the browser overlay shows it. */
export interface ReportedError {
  file?: string;
  line?: number;
  column?: number;
  message: string;
  fix?: string;
}

interface EsbuildMessage { text: string; location?: { file: string; line: number; column: number } | null }

/**
 * Turns whatever a rebuild threw into file/line/message entries: content errors (front matter,
 * Markdown, sidebars, config, links), esbuild errors (a syntax error in `src/`), anything else.
 */
export function describeError(error: unknown, workingDir: string, projectRoot: string): ReportedError[] {
  if (error instanceof ContentErrors) return error.errors.map(fromContentError);
  if (error instanceof ContentError) return [fromContentError(error)];
  if (error instanceof BrokenLinksError) {
    return error.links.map((link) => ({ file: link.source, line: link.line, message: brokenLinkProblem(link), fix: BROKEN_LINK_FIX }));
  }
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

export function formatReportedError(error: ReportedError): string {
  const where = error.file ? `${error.file}${error.line ? `:${error.line}` : ''}: ` : '';
  return `${where}${error.message}${error.fix ? `\n  → ${error.fix}` : ''}`;
}

function fromContentError(error: ContentError): ReportedError {
  return { file: error.file, line: error.line, message: error.message, fix: error.fix };
}

function displayPath(file: string, projectRoot: string): string {
  const relative = path.relative(projectRoot, file);
  return relative.startsWith('..') ? file : relative;
}
