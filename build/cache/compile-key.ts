/**
 * What a page's compiled Markdown depends on, as strings that change when it would: its text and
 * place (its permalink too: relative links and `useLocation()` resolve against it), every compile option, the pages its `.md` links may name, the static images it names, and
 * the files it read (partials, images next to it). The compile cache (compile-cache.ts), on disk for
 * builds and in memory for watch mode, keys compiled docs by these.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MarkdownOptions } from '../markdown/compile.ts';
import type { Doc } from '../site/docs.ts';
import { inStaticFolder, linkCandidates, staticFilePath } from '../markdown/links.ts';

/**
 * Every option but the permalink map, which a page reads only through its links (linkTargets), and
 * the site's metadata, which only the pages that ask for it read (siteRead).
 */
export function markdownOptionsKey({ permalinkBySourcePath, site, ...options }: MarkdownOptions): string {
  return JSON.stringify(options, (_, value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) : value));
}

/** A page's key before the files it reads: a change to any of these compiles it again. */
export function compileKey(doc: Doc, optionsKey: string, options: MarkdownOptions): string {
  const facts = factsOf(doc);
  const images = facts.images.map((image) => `${image}=${inStaticFolder(options.staticDirs, staticFilePath(image))}`);
  return digest(JSON.stringify([doc.sourcePath, doc.displayPath, doc.bodyLineOffset, frontMatterRead(doc), siteRead(doc.body, options), options.permalinkBySourcePath.get(doc.sourcePath), optionsKey, linkTargets(facts.targets, doc.sourcePath, options), images, facts.digest]));
}

/**
 * The front matter, for a page whose MDX expressions may read it (`{frontMatter.title}`): its text names
 * it. Any other page's front matter changes only its render, which the page cache keys on.
 */
function frontMatterRead(doc: Doc): unknown {
  return doc.body.includes('frontMatter') ? doc.frontMatter : null;
}

/**
 * The site's title, URL and custom fields, for a page (or a partial, DependencyStamps) whose MDX asks
 * Docusaurus's client API for them (pages importing component code are never cached: what that code
 * reads is unknown).
 */
function siteRead(text: string, options: MarkdownOptions): unknown {
  return /useDocusaurusContext|useBaseUrl/.test(text) ? options.site : null;
}

/**
 * The files a compile read, as they are now: their contents, and for a partial the pages its links
 * may name. An edit to one, or a renamed page a partial links to, compiles the page again. Each file
 * is read once per instance: make one per build or rebuild.
 */
export class DependencyStamps {
  private readonly byFile = new Map<string, string>();

  constructor(private readonly options: MarkdownOptions) {}

  stamp(files: string[]): string {
    return JSON.stringify(files.map((file) => {
      let stamp = this.byFile.get(file);
      if (stamp === undefined) this.byFile.set(file, (stamp = this.stampOf(file)));
      return stamp;
    }));
  }

  private stampOf(file: string): string {
    if (!existsSync(file)) return `${file}: missing`;
    const contents = readFileSync(file);
    if (!/\.mdx?$/.test(file)) return `${file}: ${digest(contents)}`;
    const sourcePath = path.relative(this.options.docsDir, file).split(path.sep).join('/');
    const text = contents.toString('utf8');
    return `${file}: ${digest(contents)} ${linkTargets(markdownTargets(text), sourcePath, this.options).join(' ')} ${JSON.stringify(siteRead(text, this.options))}`;
  }
}

function linkTargets(targets: string[], sourcePath: string, options: MarkdownOptions): string[] {
  return targets.map((target) => `${target}=${linkCandidates(target, options, sourcePath).map((candidate) => options.permalinkBySourcePath.get(candidate) ?? '').join('|')}`);
}

/** A short hash of `contents`, for keys and stamps. */
export function digest(contents: string | Buffer): string {
  return createHash('sha256').update(contents).digest('base64url');
}

// Over-approximations, which is safe for a cache key: anything that looks like a `.md` link target
// or an absolute path in a link or image. Both resolve as markdown/links.ts resolves them. (Matching
// the `![alt]` before it took quadratic time on a line of many `![`.)
const ABSOLUTE_IMAGE = /\]\(\s*<?(\/[^)\s>#?]+)/g;
const TARGET_STOP = /[\s()<>[\]"'`]/;

/** Every `….md` / `….mdx` word of a text, found from each ".md" backwards (a regex would backtrack on long words). */
function markdownTargets(text: string): string[] {
  const targets = new Set<string>();
  for (let index = text.indexOf('.md'); index !== -1; index = text.indexOf('.md', index + 3)) {
    const end = text[index + 3] === 'x' ? index + 4 : index + 3;
    if (end < text.length && /\w/.test(text[end])) continue;
    let start = index;
    while (start > 0 && !TARGET_STOP.test(text[start - 1])) start--;
    if (start < index) targets.add(text.slice(start, end));
  }
  return [...targets];
}

/** What a key needs from a body, found once per parsed doc (watch mode keys every doc on every save). */
const bodyFacts = new WeakMap<Doc, { targets: string[]; images: string[]; digest: string }>();

function factsOf(doc: Doc) {
  let facts = bodyFacts.get(doc);
  if (!facts) {
    facts = { targets: markdownTargets(doc.body), images: [...new Set([...doc.body.matchAll(ABSOLUTE_IMAGE)].map((match) => match[1]))], digest: digest(doc.body) };
    bodyFacts.set(doc, facts);
  }
  return facts;
}
