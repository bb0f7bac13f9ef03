/** The slice of Pagefind's browser API we use (see pagefind.app/docs/api). */
interface PagefindSubResult { title: string; url: string; excerpt: string }
interface PagefindResultData { url: string; excerpt: string; meta: { title?: string }; sub_results: PagefindSubResult[] }
interface PagefindApi {
  options(options: Record<string, unknown>): Promise<void>;
  search(query: string, options?: { filters?: Record<string, string> }): Promise<{ results: { data(): Promise<PagefindResultData> }[] }>;
}

export interface SearchHit { url: string; pageTitle: string; section?: string; excerpt: string }

const MAX_HITS = 12;
let pagefind: Promise<PagefindApi> | undefined;

export function loadPagefind(baseUrl: string): Promise<PagefindApi> {
  pagefind ??= (async () => {
    // A runtime URL: the index is written by the build, not bundled with the client.
    const url = `${baseUrl}pagefind/pagefind.js`;
    const api = (await import(/* @vite-ignore */ url)) as PagefindApi;
    await api.options({ baseUrl, excerptLength: 24 });
    return api;
  })();
  pagefind.catch(() => {
    pagefind = undefined; // let a later attempt retry
  });
  return pagefind;
}

/** Each hit is one section of a page: the best sub-result links straight to its heading. */
export async function searchPagefind(baseUrl: string, query: string, filter?: string): Promise<{ hits: SearchHit[]; total: number }> {
  const api = await loadPagefind(baseUrl);
  const response = await api.search(query, filter ? { filters: { section: filter } } : undefined);
  const pages = await Promise.all(response.results.slice(0, MAX_HITS).map((result) => result.data()));
  const hits = pages.map((page) => {
    const best = page.sub_results.find((sub) => sub.url.includes('#')) ?? page.sub_results[0];
    const pageTitle = page.meta.title ?? page.url;
    return {
      url: best?.url ?? page.url,
      pageTitle,
      section: best && best.title !== pageTitle ? best.title : undefined,
      excerpt: best?.excerpt ?? page.excerpt,
    };
  });
  return { hits, total: response.results.length };
}
