import { useEffect, useRef, useState, type Dispatch, type KeyboardEvent, type SetStateAction } from 'react';
import { useNavigate, useSite } from '../context.ts';
import type { SiteVersion } from '../../shared/types.ts';
import { loadPagefind, searchPagefind, type SearchHit, type SearchResults } from './pagefind.ts';

export function preloadPagefind(): Promise<unknown> {
  return loadPagefind(document.documentElement.dataset.baseUrl ?? '/');
}

const DEBOUNCE_MS = 120;

type SearchState =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'done'; query: string; hits: SearchHit[]; total: number; more: SearchResults['more'] }
  | { status: 'crashed'; message: string };

/** `scope`: on a versioned site, the version whose docs are searched (with the pages outside the docs). */
export default function SearchModal({ onClose, scope }: { onClose: () => void; scope?: SiteVersion }) {
  const { baseUrl, search: searchConfig } = useSite();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<string | undefined>(undefined);
  const [selected, setSelected] = useState(0);
  const [state, setState] = useSearch(baseUrl, query, filter, scope?.name, () => setSelected(0));
  const dialogRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => inputRef.current?.focus(), []);
  // The page behind the dialog stays put under the wheel and touch.
  useEffect(() => {
    document.body.classList.add('scroll-locked');
    return () => document.body.classList.remove('scroll-locked');
  }, []);

  const hits = state.status === 'done' ? state.hits : [];
  const showMore = () => {
    if (state.status !== 'done') return;
    state.more(state.hits.length).then(
      (next) => setState((current) => (current === state ? { ...state, hits: [...state.hits, ...next] } : current)),
      (error: Error) => setState({ status: 'crashed', message: error.message }),
    );
  };
  const open = (hit: SearchHit) => {
    onClose();
    navigate(hit.url);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (hits.length === 0) return;
      setSelected((index) => (index + (event.key === 'ArrowDown' ? 1 : hits.length - 1)) % hits.length);
    } else if (event.key === 'Enter' && hits[selected] && event.target === inputRef.current) {
      event.preventDefault();
      open(hits[selected]);
    } else if (event.key === 'Tab') {
      trapFocus(event, dialogRef.current);
    }
  };

  return (
    <div className="search-modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={dialogRef} className="search-modal" role="dialog" aria-modal="true" aria-label="Search the documentation" onKeyDown={onKeyDown}>
        <div className="search-modal-form">
          <input ref={inputRef} type="search" className="search-input" placeholder="Search docs" aria-label="Search docs"
            value={query} onChange={(event) => setQuery(event.target.value)}
            role="combobox" aria-expanded={hits.length > 0} aria-controls="search-results"
            aria-activedescendant={hits[selected] ? `search-hit-${selected}` : undefined} autoComplete="off" spellCheck={false} />
          <button type="button" className="search-modal-close" onClick={onClose}>Close</button>
        </div>
        <SearchFilters filters={searchConfig.filters} value={filter} onChange={setFilter} />
        {scope ? <p className="search-scope">Searching the docs of version {scope.label}</p> : null}
        <SearchBody state={state} selected={selected} onOpen={open} onHover={setSelected} onShowMore={showMore} />
      </div>
    </div>
  );
}

/** Pagefind's results for the query, searched once typing pauses; `onResults` runs with each new result list. */
function useSearch(baseUrl: string, query: string, filter: string | undefined, version: string | undefined, onResults: () => void): [SearchState, Dispatch<SetStateAction<SearchState>>] {
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  useEffect(() => {
    loadPagefind(baseUrl).catch((error: Error) => setState({ status: 'crashed', message: error.message }));
  }, [baseUrl]);
  useEffect(() => {
    if (query.trim() === '') {
      setState((previous) => (previous.status === 'crashed' ? previous : { status: 'idle' }));
      return;
    }
    let cancelled = false;
    setState({ status: 'searching' });
    const timer = setTimeout(() => {
      searchPagefind(baseUrl, query, filter, version)
        .then(({ hits, total, more }) => {
          if (cancelled) return;
          onResults();
          setState({ status: 'done', query, hits, total, more });
        })
        .catch((error: Error) => !cancelled && setState({ status: 'crashed', message: error.message }));
    }, DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [baseUrl, query, filter, version]);
  return [state, setState];
}

function SearchFilters({ filters, value, onChange }: { filters?: Record<string, string[]>; value?: string; onChange: (value?: string) => void }) {
  if (!filters || Object.keys(filters).length === 0) return null;
  const tabs = Object.values(filters).flat();
  return (
    <div className="search-filters" role="group" aria-label="Filter results">
      <button type="button" aria-pressed={value === undefined} onClick={() => onChange(undefined)}>All</button>
      {tabs.map((tab) => <button key={tab} type="button" aria-pressed={value === tab} onClick={() => onChange(tab)}>{tab}</button>)}
    </div>
  );
}

interface SearchBodyProps { state: SearchState; selected: number; onOpen: (hit: SearchHit) => void; onHover: (index: number) => void; onShowMore: () => void }

function SearchBody({ state, selected, onOpen, onHover, onShowMore }: SearchBodyProps) {
  if (state.status === 'crashed') {
    return (
      <div className="search-crashed" role="alert">
        <p><strong>Search crashed.</strong> {state.message}</p>
        <p>Try reloading the page. In development, run a production build first (<code>npm run build</code>): the search index exists only after it.</p>
      </div>
    );
  }
  if (state.status === 'idle') return <p className="search-hint">Type to search the docs. Use ↑ ↓ to move, Enter to open, Esc to close.</p>;
  if (state.status === 'searching') return <p className="search-hint" aria-live="polite">Searching…</p>;
  if (state.hits.length === 0) return <p className="search-empty" aria-live="polite">No results for “{state.query}”.</p>;
  return (
    <>
      <p className="search-count" aria-live="polite">
        {state.hits.length < state.total ? `${state.hits.length} of ${state.total} results` : `${state.total} result${state.total === 1 ? '' : 's'}`}
      </p>
      <ul id="search-results" className="search-results" role="listbox" aria-label="Search results">
        {state.hits.map((hit, index) => (
          <li key={hit.url} id={`search-hit-${index}`} role="option" aria-selected={index === selected}
            className={index === selected ? 'search-hit search-hit-selected' : 'search-hit'} onMouseEnter={() => onHover(index)}>
            <a href={hit.url} onClick={(event) => { event.preventDefault(); onOpen(hit); }}>
              <span className="search-hit-title">{hit.pageTitle}</span>
              {hit.section ? <span className="search-hit-section">{hit.section}</span> : null}
              {/* Pagefind escapes page text and wraps matches in <mark>. */}
              <span className="search-hit-excerpt" dangerouslySetInnerHTML={{ __html: hit.excerpt }} />
            </a>
          </li>
        ))}
        {state.hits.length < state.total
          ? <li className="search-more" role="presentation"><button type="button" onClick={onShowMore}>Show more results</button></li>
          : null}
      </ul>
    </>
  );
}

function trapFocus(event: KeyboardEvent<HTMLDivElement>, dialog: HTMLElement | null) {
  const focusable = dialog ? [...dialog.querySelectorAll<HTMLElement>('input, button, a[href]')] : [];
  if (focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
