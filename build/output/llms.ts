/**
 * For readers' tools (LLMs, scripts, "copy as Markdown"): every doc as Markdown at `<route>.md`, and
 * `/llms.txt`, the site's pages grouped as in the sidebar with one-line descriptions (llmstxt.org).
 */
import path from 'node:path';
import type { Doc } from '../site/docs.ts';
import { docKey } from '../site/versioned-docs.ts';
import { codeFenceTracker } from '../markdown/fences.ts';
import { isExternalUrl, markdownCopyPath, pathBelowBase, withBaseUrl } from '../../src/shared/paths.ts';
import type { SiteConfig } from '../../src/shared/types.ts';
import type { FileSink } from '../output-layout.ts';
import { fileOnDisk } from '../output-layout.ts';
import type { SidebarPlacement } from '../site/sidebar-model.ts';
import type { CategoryPage } from '../site/category-index.ts';

/** A generated category index as Markdown, for its "Copy page as Markdown" button. */
export function writeCategoryCopy(output: FileSink, { route, description, cards }: CategoryPage, config: SiteConfig): void {
  const origin = config.url.replace(/\/$/, '');
  const lines = cards.map((card) => `- [${card.title}](${isExternalUrl(card.href) ? card.href : origin + card.href})${card.description ? `: ${card.description}` : ''}`);
  output.write(fileOnDisk(markdownCopyPath(pathBelowBase(route.permalink, config.baseUrl)).slice(1)), `# ${route.title}\n\n${description ? `${description}\n\n` : ''}${lines.join('\n')}\n`);
}

/** Inline links and images: `](target)` or `](target "title")`, target without spaces or in <…>. */
const LINK_TARGET = /(\]\()(<[^>\n]*>|[^\s)]+)/g;

/** The doc's Markdown without front matter, its title as the heading, every link absolute. */
export function markdownCopy(doc: Doc, config: SiteConfig, permalinkBySourcePath: Map<string, string>): string {
  const origin = config.url.replace(/\/$/, '');
  const absolute = (target: string): string => {
    const bare = target.startsWith('<') ? target.slice(1, -1) : target;
    if (isExternalUrl(bare) || bare.startsWith('#')) return target;
    const [file, hash] = bare.split('#');
    const resolved = file.startsWith('/') ? file : path.posix.join(path.posix.dirname(doc.sourcePath), file);
    const permalink = /\.mdx?$/.test(file) ? permalinkBySourcePath.get(resolved.replace(/^\//, '')) : undefined;
    const url = `${origin}${permalink ?? (file.startsWith('/') ? withBaseUrl(file, config.baseUrl) : `${path.posix.dirname(doc.permalink.replace(/\/$/, '/x'))}/${file}`)}`;
    return hash === undefined ? url : `${url}#${hash}`;
  };
  const inCode = codeFenceTracker();
  const lines = doc.body.split('\n').map((line) => (inCode(line) ? line : line.replace(LINK_TARGET, (_, open: string, target: string) => `${open}${absolute(target)}`)));
  return `# ${doc.title}\n\n${lines.join('\n').trim()}\n`;
}

/** `/llms.txt`: sections in sidebar order (top-level categories), each page a link to its Markdown copy. */
export function llmsTxt(docs: Doc[], config: SiteConfig, placementByDocId: Map<string, SidebarPlacement>): string {
  const origin = config.url.replace(/\/$/, '');
  const sections = new Map<string, Doc[]>();
  for (const doc of sidebarOrder(docs, placementByDocId)) {
    const placement = placementByDocId.get(docKey(doc));
    const section = placement ? placement.categories[0]?.label ?? 'Pages' : 'Other pages';
    sections.set(section, [...(sections.get(section) ?? []), doc]);
  }
  const blocks = [...sections].map(([section, pages]) => [
    `## ${section}`, '',
    ...pages.map((doc) => `- [${doc.title}](${origin}${markdownCopyPath(doc.permalink)})${doc.frontMatter.description ? `: ${doc.frontMatter.description}` : ''}`),
  ].join('\n'));
  return `# ${config.title}\n\n> ${config.tagline}\n\n${blocks.join('\n\n')}\n`;
}

/** Docs in the order a reader meets them in the sidebar; docs outside it last, by path. */
function sidebarOrder(docs: Doc[], placementByDocId: Map<string, SidebarPlacement>): Doc[] {
  const order = new Map([...placementByDocId.keys()].map((id, index) => [id, index]));
  return [...docs].sort((a, b) => (order.get(docKey(a)) ?? Infinity) - (order.get(docKey(b)) ?? Infinity) || a.sourcePath.localeCompare(b.sourcePath));
}
