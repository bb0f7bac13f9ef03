import { NO_VERSION, SEARCH_DIR, SEARCH_SHARDS_LIST } from '../../shared/search.ts';

/** The slice of Pagefind's browser API we use (see pagefind.app/docs/api). */
interface PagefindSubResult { title: string; url: string; excerpt: string }
interface PagefindResultData { url: string; excerpt: string; meta: { title?: string }; sub_results: PagefindSubResult[] }
interface PagefindResult { data(): Promise<PagefindResultData> }
interface PagefindApi {
  options(options: Record<string, unknown>): Promise<void>;
  mergeIndex(indexPath: string, options?: Record<string, unknown>): Promise<void>;
  search(query: string, options?: { filters?: Record<string, string | { any: string[] }> }): Promise<{ results: PagefindResult[] }>;
}

export interface SearchHit { url: string; pageTitle: string; section?: string; excerpt: string }

/** Results are loaded a page at a time; "Show more results" loads the next. */
export const HITS_PER_PAGE = 12;

let pagefind: Promise<PagefindApi> | undefined;

export function loadPagefind(baseUrl: string): Promise<PagefindApi> {
  pagefind ??= (async () => {
    // Runtime URLs: the index is written by the build, not bundled with the client.
    const root = `${baseUrl}${SEARCH_DIR}/`;
    const shards = shardBundles(root);
    const api = (await import(/* @vite-ignore */ `${root}pagefind.js`)) as PagefindApi;
    const options = { baseUrl, excerptLength: 24 };
    await api.options(options);
    // A merged index starts from Pagefind's defaults, not the options above.
    await Promise.all((await shards).map((bundle) => api.mergeIndex(root + bundle, options)));
    return api;
  })();
  pagefind.catch(() => {
    pagefind = undefined; // let a later attempt retry
  });
  return pagefind;
}

/**
 * A sharded build's other Pagefind bundles, as pagefind/shards.json lists them (relative to pagefind/).
 * No file (a site built before shards), or anything but a list of plain relative paths, means none.
 */
async function shardBundles(root: string): Promise<string[]> {
  try {
    const response = await fetch(root + SEARCH_SHARDS_LIST);
    const list: unknown = response.ok ? await response.json() : [];
    return Array.isArray(list) && list.every((entry) => typeof entry === 'string' && /^[\w-]+(\/[\w-]+)*\/?$/.test(entry)) ? list : [];
  } catch {
    return [];
  }
}

export interface SearchResults {
  hits: SearchHit[];
  total: number;
  /** Loads the next HITS_PER_PAGE results after `loaded`. */
  more(loaded: number): Promise<SearchHit[]>;
}

/** `version`: a versioned site's version whose docs are searched, with the pages outside the docs (build/pages/render.tsx marks each page). */
export async function searchPagefind(baseUrl: string, query: string, filter?: string, version?: string): Promise<SearchResults> {
  const api = await loadPagefind(baseUrl);
  const filters = { ...(filter ? { section: filter } : {}), ...(version ? { version: { any: [version, NO_VERSION] } } : {}) };
  const response = await api.search(query, Object.keys(filters).length > 0 ? { filters } : undefined);
  const more = (loaded: number) => hitsOf(response.results.slice(loaded, loaded + HITS_PER_PAGE), query);
  return { hits: await more(0), total: response.results.length, more };
}

/**
 * One hit per page. A page whose title or keywords name the query links to the page itself (a search for
 * "applyMiddleware" opens the applyMiddleware page, not its "Signature" section); otherwise the best
 * section links straight to its heading.
 */
async function hitsOf(results: PagefindResult[], query: string): Promise<SearchHit[]> {
  const pages = await Promise.all(results.map((result) => result.data()));
  const wanted = query.trim().toLowerCase();
  return pages.map((page) => {
    const pageTitle = page.meta.title ?? page.url;
    const section = page.sub_results.find((sub) => sub.url.includes('#')) ?? page.sub_results[0];
    const aboutThePage = pageTitle.toLowerCase().includes(wanted) || topOfPageNames(page, wanted);
    const best = aboutThePage ? page.sub_results.find((sub) => sub.url === page.url) ?? section : section;
    return {
      url: aboutThePage ? page.url : best?.url ?? page.url,
      pageTitle,
      section: best && best.title !== pageTitle && best.url !== page.url ? best.title : undefined,
      excerpt: readableExcerpt(best?.excerpt ?? page.excerpt),
    };
  });
}

/** The part above the first heading (title, keywords, introduction) names the query. */
function topOfPageNames(page: PagefindResultData, wanted: string): boolean {
  const top = page.sub_results.find((sub) => sub.url === page.url);
  return top !== undefined && top.excerpt.toLowerCase().includes(`<mark>${wanted}`);
}

/**
 * Pagefind cuts a window of words out of the text: say so with an ellipsis where the cut is mid-sentence,
 * and keep punctuation that follows a match outside its highlight.
 */
export function readableExcerpt(excerpt: string): string {
  const marked = excerpt.trim().replace(/([.,;:!?)\]"'”’]+)<\/mark>/g, '</mark>$1').replace(/<mark>([(\["'“‘]+)/g, '$1<mark>');
  const text = marked.replace(/<[^>]+>/g, '');
  const start = /^[A-Z0-9`"“(<]/.test(text) ? '' : '…';
  const end = /[.!?:]["”)]?$/.test(text) ? '' : '…';
  return `${start}${marked}${end}`;
}
