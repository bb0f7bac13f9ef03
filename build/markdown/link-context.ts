/** What a page's links and images are resolved against, and how a problem with one is reported: shared by links.ts and doc-images.ts. */

export interface LinkContext {
  /** Source path below the docs folder (`api/store.md`) → the page's permalink. */
  permalinkBySourcePath: Map<string, string>;
  /** Folders searched for absolute image paths such as `/img/logo.svg`. */
  staticDirs: string[];
  baseUrl: string;
  docsDir: string;
  /** The folder `@site/` names (in MDX imports and in links). */
  siteDir: string;
  /** A link to a `.md`/`.mdx` file that does not exist: an error, a warning (the link left as written), or nothing. */
  onBrokenMarkdownLinks: 'throw' | 'warn' | 'ignore';
}

/** Reports a problem with one link or image, where it was written. */
export type Report = (reason: string, options: { ruleId: string; note?: string; fatal?: boolean }) => void;
