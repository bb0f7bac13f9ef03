import { compileMarkdown, type CompiledMarkdown, type MarkdownOptions } from '../../build/markdown/compile.ts';

/** The options a site with the given overrides compiles with: CommonMark unless `format` says MDX. */
export function markdownOptions(overrides: Partial<MarkdownOptions> = {}): MarkdownOptions {
  return {
    permalinkBySourcePath: new Map(),
    staticDirs: [],
    baseUrl: '/',
    onBrokenMarkdownLinks: 'throw',
    minTocLevel: 2,
    maxTocLevel: 4,
    format: 'md',
    languageTabs: false,
    docsDir: '/site/docs',
    siteDir: '/site',
    allowComponentCode: false,
    components: {},
    embedHosts: ['www.youtube-nocookie.com', 'codesandbox.io'],
    site: { title: 'Test', tagline: '', url: 'https://example.com', baseUrl: '/', customFields: {} },
    ...overrides,
  };
}

/** Compiles a Markdown body as the build does, for a page at `docs/page.md`. */
export async function compile(body: string, permalinks: Record<string, string> = {}, staticDirs: string[] = [], overrides: Partial<MarkdownOptions> = {}): Promise<CompiledMarkdown> {
  return compileMarkdown(
    { sourcePath: 'page.md', displayPath: 'content/docs/page.md', body, lineOffset: 0 },
    markdownOptions({ permalinkBySourcePath: new Map(Object.entries(permalinks)), staticDirs, ...overrides }),
  );
}

/** The HTML a reader gets for a compiled body. */
export function toHtml(compiled: CompiledMarkdown): string {
  return compiled.html;
}
