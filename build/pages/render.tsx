import { renderToString } from 'react-dom/server';
import type { RouteChunk, RouteData, SiteConfig, SiteData } from '../../src/shared/types.ts';
import { assetUrl, pageTitle, withBaseUrl } from '../../src/shared/paths.ts';
import { NO_VERSION } from '../../src/shared/search.ts';
import { App } from '../../src/theme/App.tsx';
import { eagerPages } from '../../src/theme/pages/eager.ts';
import { baseUrlBannerScript } from '../output/base-url-banner.ts';

export interface PageAssets { runtimeUrl: string; cssUrl: string; chunkUrl: string; chunkPreloads: string[] }

/**
 * Sets <html data-theme> before the first paint from localStorage `theme`. Light is the default
 * and the OS preference is ignored, as the site config asks. The build prints its CSP hash.
 */
export function themeScript(colorMode: SiteConfig['colorMode']): string {
  if (colorMode.disableSwitch) {
    return `(function(){try{localStorage.removeItem('theme')}catch(e){}document.documentElement.setAttribute('data-theme','${colorMode.defaultMode}')})();`;
  }
  const fallback = colorMode.respectPrefersColorScheme
    ? `(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light')`
    : `'${colorMode.defaultMode}'`;
  return `(function(){var t;try{t=localStorage.getItem('theme')}catch(e){}if(t!=='dark'&&t!=='light')t=${fallback};document.documentElement.setAttribute('data-theme',t)})();`;
}


export interface RenderPageInput {
  config: SiteConfig;
  site: SiteData;
  chunk: RouteChunk;
  /** The body HTML of a doc or a React page. */
  body?: string;
  assets: PageAssets;
  themeScript: string;
}

/**
 * One complete HTML page: head metadata, the no-flash theme script, preloads, server-rendered body.
 * The theme's stylesheet has a React precedence, so the stylesheets React adds for a page's components
 * (App.tsx) go after it, as a Docusaurus site's CSS modules come after Infima.
 */
export function renderPage({ config, site, chunk, body, assets, themeScript: script }: RenderPageInput): string {
  const { route } = chunk;
  const app = renderToString(<App pages={eagerPages} site={site} chunk={chunk} body={body} location={{ pathname: route.permalink, search: '', hash: '' }} />);
  const title = pageTitle(route, config);
  const version = site.versions?.find((candidate) => candidate.name === route.version);
  const canonical = config.url.replace(/\/$/, '') + canonicalPath(route, site);
  const noIndex = route.unlisted || version?.noIndex;
  const locale = config.i18n.defaultLocale;
  const direction = config.i18n.localeConfigs[locale]?.direction ?? 'ltr';
  const preloads = unique([assets.runtimeUrl, assets.chunkUrl, ...assets.chunkPreloads]);
  // As Docusaurus shows it: on the home page, whichever page is at the baseUrl.
  const banner = route.permalink === config.baseUrl ? baseUrlBannerScript(config) : undefined;
  const image = route.image ?? config.image;
  return `<!DOCTYPE html>
<html lang="${locale}" dir="${direction}" data-theme="${config.colorMode.defaultMode}" data-base-url="${escapeAttribute(config.baseUrl)}" data-docs-versions="${escapeAttribute(site.versions?.map((candidate) => candidate.name).join(',') ?? 'current')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeText(title)}</title>
<meta name="description" content="${escapeAttribute(route.description)}">
${route.keywords?.length ? `<meta name="keywords" content="${escapeAttribute(route.keywords.join(', '))}">\n` : ''}${noIndex ? '<meta name="robots" content="noindex, nofollow">\n' : ''}<link rel="canonical" href="${escapeAttribute(canonical)}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="${escapeAttribute(config.title)}">
<meta property="og:title" content="${escapeAttribute(title)}">
<meta property="og:description" content="${escapeAttribute(route.description)}">
<meta property="og:url" content="${escapeAttribute(canonical)}">
<meta property="og:locale" content="${locale}">
${image ? socialImage(new URL(withBaseUrl(image, config.baseUrl), config.url).href) : ''}<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">
${site.versions ? `<meta data-pagefind-filter="version[content]" content="${escapeAttribute(route.version ?? NO_VERSION)}">\n` : ''}<meta name="route-chunk" content="${escapeAttribute(assets.chunkUrl)}">
<link rel="icon" href="${config.favicon ? escapeAttribute(assetUrl(config.favicon, config.baseUrl)) : 'data:,'}">
<script>${script}</script>
${banner ? `<script>${banner}</script>\n` : ''}<link rel="stylesheet" href="${assets.cssUrl}" data-precedence="theme">
${externalStylesheets(config.stylesheets)}${preloads.map((url) => `<link rel="modulepreload" href="${escapeAttribute(url)}">`).join('\n')}
<script type="module" src="${escapeAttribute(assets.runtimeUrl)}"></script>
</head>
<body>
<div id="__app">${app}</div>
</body>
</html>
`;
}

/** A page of an older or unreleased version names the same doc in the last version as the canonical page, where it exists. */
function canonicalPath(route: RouteData, site: SiteData): string {
  const last = site.versions?.find((version) => version.isLast);
  return (last && route.versions?.[last.name]) ?? route.permalink;
}

/**
 * A page that forwards `/api/store.html` to `/api/store`, for hosts without redirect rules. Its empty icon
 * keeps the browser from asking for /favicon.ico, which is outside the site when it has a baseUrl.
 */
export function renderRedirectPage(target: string): string {
  const href = escapeAttribute(target);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Redirecting…</title>
<link rel="canonical" href="${href}">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="0; url=${href}">
<link rel="icon" href="data:,">
</head>
<body>
<p>This page has moved to <a href="${href}">${escapeText(target)}</a>.</p>
</body>
</html>
`;
}

/** The config's stylesheets from other sites, after ours; a file of the site is in our CSS (site/site-css.ts). */
function externalStylesheets(stylesheets: SiteConfig['stylesheets']): string {
  return stylesheets.filter((sheet) => /^(https:)?\/\//i.test(sheet.href)).map(({ href, integrity, crossorigin }) => {
    const attributes = [['href', href], ['integrity', integrity], ['crossorigin', crossorigin]].filter((pair): pair is [string, string] => pair[1] !== undefined);
    return `<link rel="stylesheet" ${attributes.map(([name, value]) => `${name}="${escapeAttribute(value)}"`).join(' ')}>\n`;
  }).join('');
}

function socialImage(href: string): string {
  return `<meta property="og:image" content="${escapeAttribute(href)}">\n<meta name="twitter:image" content="${escapeAttribute(href)}">\n`;
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter(Boolean))];
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;');
}
