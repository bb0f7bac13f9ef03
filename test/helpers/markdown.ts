import { compileMarkdown, type CompiledMarkdown } from '../../build/markdown/compile.ts';

/** Compiles a Markdown body as the build does, for a page at `docs/page.md`. */
export async function compile(body: string, permalinks: Record<string, string> = {}, staticDirs: string[] = []): Promise<CompiledMarkdown> {
  return compileMarkdown(
    { sourcePath: 'page.md', displayPath: 'content/docs/page.md', body, lineOffset: 0 },
    {
      permalinkBySourcePath: new Map(Object.entries(permalinks)),
      staticDirs,
      baseUrl: '/',
      minTocLevel: 2,
      maxTocLevel: 4,
    },
  );
}

/** The HTML a reader gets for a compiled body. */
export function toHtml(compiled: CompiledMarkdown): string {
  return compiled.html;
}
