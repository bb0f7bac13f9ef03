import type { ReactNode } from 'react';
import { markdownCopyPath } from '../shared/paths.ts';
import type { PageLink, RouteData, SidebarItem } from '../shared/types.ts';
import { BackToTopOnScroll } from './BackToTopOnScroll.tsx';
import { useSite } from './context.ts';
import { DocSidebar } from './DocSidebar.tsx';
import { DocVersionNotice } from './DocVersion.tsx';
import { TableOfContents, TableOfContentsCollapsible } from './TableOfContents.tsx';

type DocRoute = RouteData & { doc: NonNullable<RouteData['doc']> };

/**
 * `body` is the page's HTML. While hydrating a server-rendered page it is undefined: React keeps
 * the DOM that came with the HTML, so the body never travels twice on a first visit.
 */
export function DocPage({ route, sidebar, body }: { route: DocRoute; sidebar?: SidebarItem[]; body?: string }) {
  const { doc } = route;
  let versionNotice: ReactNode = null;
  // A versioned site's badge and banner (build/client/theme-parts.ts leaves them out of other sites' runtime).
  DOCS_VERSIONS: versionNotice = <DocVersionNotice route={route} />;
  return (
    <div className={sidebar ? 'doc-layout' : 'doc-layout doc-layout-no-sidebar'}>
      {sidebar ? <aside className="doc-sidebar-container" aria-label="Docs sidebar"><DocSidebar items={sidebar} /></aside> : null}
      <div className={doc.hideTableOfContents ? 'doc-main' : 'doc-main doc-main-toc'}>
        <article className="doc-article">
          {versionNotice}
          {doc.breadcrumbs ? <Breadcrumbs trail={doc.breadcrumbs} current={doc.sidebarLabel ?? route.title} /> : null}
          <div className="doc-content" data-pagefind-body="">
            {doc.hideTitle ? null : <h1>{route.title}</h1>}
            {doc.hideTableOfContents ? null : <TableOfContentsCollapsible toc={doc.toc} />}
            <div className="markdown" dangerouslySetInnerHTML={{ __html: body ?? '' }} suppressHydrationWarning />
          </div>
          <DocFooter editUrl={doc.editUrl} lastUpdated={doc.lastUpdated} markdownUrl={markdownCopyPath(route.permalink)} />
          <Paginator previous={doc.previous} next={doc.next} />
        </article>
        {doc.hideTableOfContents ? null : <aside className="toc-container" aria-label="Table of contents"><TableOfContents toc={doc.toc} /></aside>}
      </div>
      <BackToTopOnScroll page={route.permalink} />
    </div>
  );
}

function Breadcrumbs({ trail, current }: { trail: PageLink[]; current: string }) {
  const { navbar } = useSite();
  return (
    <nav aria-label="Breadcrumbs" className="breadcrumbs">
      <ol>
        <li><a href={navbar.homeHref} className="breadcrumb-home" aria-label="Home page"><span className="icon icon-home" aria-hidden="true" /></a></li>
        {trail.map((crumb) => (
          <li key={crumb.label}>{crumb.href ? <a href={crumb.href}>{crumb.label}</a> : <span>{crumb.label}</span>}</li>
        ))}
        <li><span aria-current="page">{current}</span></li>
      </ol>
    </nav>
  );
}

/** The page as Markdown (the build writes it beside the page) is copied by src/client/copy-code.ts. */
function DocFooter({ editUrl, lastUpdated, markdownUrl }: { editUrl?: string; lastUpdated?: string; markdownUrl: string }) {
  return (
    <div className="doc-footer">
      <span className="doc-footer-actions">
        {editUrl ? <a className="edit-this-page" href={editUrl} target="_blank" rel="noopener noreferrer">Edit this page<span className="sr-only"> (opens in a new tab)</span></a> : null}
        <button type="button" className="copy-page-button" data-markdown={markdownUrl}>Copy page as Markdown</button>
      </span>
      {lastUpdated ? <span className="last-updated">{`Last updated on ${lastUpdated}`}</span> : null}
    </div>
  );
}

function Paginator({ previous, next }: { previous?: PageLink; next?: PageLink }) {
  if (!previous && !next) return null;
  return (
    <nav aria-label="Docs pages" className="pagination-nav">
      {previous ? <a className="pagination-link pagination-previous" href={previous.href}><span className="pagination-sublabel">Previous</span><span className="pagination-label">« {previous.label}</span></a> : <span />}
      {next ? <a className="pagination-link pagination-next" href={next.href}><span className="pagination-sublabel">Next</span><span className="pagination-label">{next.label} »</span></a> : <span />}
    </nav>
  );
}
