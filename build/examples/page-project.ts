/**
 * Each Markdown page's examples form a small project: an example titled `src/app/store.ts` is the file
 * at that path, which later examples on the page import (`./store`, `../app/store`). The type checker
 * (typecheck.ts) and the runner (run.ts) place the files alike, under `<project>/.examples/<page>/`,
 * which exists only in their memory.
 */
import path from 'node:path';

export interface ProjectExample {
  sourceFile: string;
  line: number;
  lang: 'ts' | 'tsx' | 'js' | 'jsx';
  title?: string;
}

/** Where the example lives: its title, or `example-<line>` when it has none (nothing imports it then). */
export function examplePath(projectRoot: string, example: ProjectExample): string {
  const pageDir = example.sourceFile.replace(/\.mdx?$/, '').replace(/[^\w/-]/g, '_');
  const relative = example.title
    ? withExtension(example.title.replace(/^\/+/, ''), example.lang)
    : `example-${example.line}.${example.lang}`;
  return path.join(projectRoot, '.examples', pageDir, relative);
}

function withExtension(title: string, lang: ProjectExample['lang']): string {
  return /\.(ts|tsx|js|jsx)$/.test(title) ? title : `${title}.${lang}`;
}
