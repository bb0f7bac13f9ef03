/**
 * The server a `run fetch` block talks to: the global `fetch` answers from memory, as the pages'
 * own mocks do. `/club/…` is the mock club of the Essentials tutorial (its route table is in Part 2,
 * `tutorials/essentials/part-2-app-structure.md`, and Parts 5 to 8 use it); `/api/prices` is the price
 * service of `usage/writing-tests.md`. Each block gets a fresh copy of the data. Answers come on the
 * next turn of the event loop, not after the tutorial mock's 400 ms, and records the server creates are
 * stamped with one fixed time, so what a block prints is the same on every run.
 */
import { STATUS_CODES } from 'node:http';

/** Relative URLs (`/club/books`) resolve against this, as they would on the page that serves the app. */
export const PAGE_ORIGIN = 'http://localhost';
/** The time the fake server gives the books and comments it creates. */
export const FAKE_NOW = '2026-11-20T18:00:00.000Z';

type VoteChoice = 'readNext' | 'maybeLater' | 'notForMe';
interface Book { id: string; title: string; author: string; notes: string; addedBy: string; addedAt: string; votes: Record<string, VoteChoice> }
interface Comment { id: string; bookId: string; memberId: string; text: string; createdAt: string }

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A path with `:name` placeholders. */
  path: string;
  /** `body` is the request's JSON, `{}` when it has none. */
  respond: (params: Record<string, string>, body: Record<string, unknown>, url: URL) => Response;
}

function seed() {
  return {
    members: [
      { id: 'm1', name: 'Amara Okafor' },
      { id: 'm2', name: 'Tomasz Nowak' },
      { id: 'm3', name: 'Priya Raman' },
    ],
    books: [
      {
        id: 'b1', title: 'The Overstory', author: 'Richard Powers',
        notes: 'Nine people, a lot of trees, and the best argument for reading slowly.',
        addedBy: 'm1', addedAt: '2026-11-12T19:00:00.000Z', votes: { m2: 'readNext' },
      },
      {
        id: 'b2', title: 'Station Eleven', author: 'Emily St. John Mandel',
        notes: 'A travelling theatre company after the end of the world. Hopeful, oddly.',
        addedBy: 'm2', addedAt: '2026-11-18T20:15:00.000Z', votes: { m2: 'readNext' },
      },
    ] as Book[],
    comments: [
      { id: 'c1', bookId: 'b1', memberId: 'm3', text: 'Halfway through and I already look at oaks differently.', createdAt: '2026-11-14T08:30:00.000Z' },
    ] as Comment[],
  };
}

const PRICES: Record<string, number> = { 'K-1': 28, 'K-2': 12, 'K-3': 45 };

/** A `fetch` answering the fake API's routes, over fresh data; anything else is a 404. */
export function createFakeFetch(): typeof fetch {
  const routes = fakeRoutes();
  return async (input, init) => {
    const request = new Request(typeof input === 'string' || input instanceof URL ? new URL(input, PAGE_ORIGIN) : input, init);
    const url = new URL(request.url);
    // A macrotask, as a network answer is; the runner waits for it (pending-work.ts).
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const route of routes) {
      const params = route.method === request.method ? matchPath(route.path, url.pathname) : undefined;
      if (!params) continue;
      const text = await request.text();
      return route.respond(params, text ? JSON.parse(text) : {}, url);
    }
    return notFound(url.pathname.startsWith('/club/')
      ? `The mock club has no ${request.method} ${url.pathname.slice('/club'.length)}`
      : `The fake API has no ${request.method} ${url.pathname}`);
  };
}

/** `Request`, resolving a relative URL against the page's origin as a browser does (fetchBaseQuery makes Requests). */
export class PageRequest extends Request {
  constructor(input: ConstructorParameters<typeof Request>[0], init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, PAGE_ORIGIN) : input, init);
  }
}

function fakeRoutes(): Route[] {
  const { members, books, comments } = seed();
  const feeds = new CommentFeeds();
  const withBook = (bookId: string, answer: (book: Book) => Response) => {
    const book = books.find((candidate) => candidate.id === bookId);
    return book ? answer(book) : notFound('No such book');
  };
  return [
    { method: 'GET', path: '/club/members', respond: () => json(members) },
    { method: 'GET', path: '/club/books', respond: () => json(books) },
    { method: 'GET', path: '/club/books/:bookId', respond: ({ bookId }) => withBook(bookId, json) },
    {
      method: 'POST', path: '/club/books',
      respond: (_, body) => {
        const { title, author, notes, addedBy } = body as Pick<Book, 'title' | 'author' | 'notes' | 'addedBy'>;
        // The suggester's own "read next" vote comes with a suggestion (Part 5).
        const book: Book = { id: `b${books.length + 1}`, title, author, notes, addedBy, addedAt: FAKE_NOW, votes: { [addedBy]: 'readNext' } };
        books.push(book);
        return json(book);
      },
    },
    {
      method: 'PATCH', path: '/club/books/:bookId',
      respond: ({ bookId }, changes) => withBook(bookId, (book) => {
        for (const field of ['title', 'author', 'notes'] as const) {
          const value = changes[field];
          if (typeof value === 'string') book[field] = value;
        }
        return json(book);
      }),
    },
    {
      method: 'PUT', path: '/club/books/:bookId/votes/:memberId',
      respond: ({ bookId, memberId }, body) => withBook(bookId, (book) => {
        book.votes[memberId] = body.choice as VoteChoice;
        return json(book);
      }),
    },
    {
      method: 'DELETE', path: '/club/books/:bookId/votes/:memberId',
      respond: ({ bookId, memberId }) => withBook(bookId, (book) => {
        delete book.votes[memberId];
        return json(book);
      }),
    },
    { method: 'GET', path: '/club/books/:bookId/comments', respond: ({ bookId }) => withBook(bookId, () => json(comments.filter((comment) => comment.bookId === bookId))) },
    {
      method: 'POST', path: '/club/books/:bookId/comments',
      respond: ({ bookId }, body) => withBook(bookId, () => {
        const { memberId, text } = body as Pick<Comment, 'memberId' | 'text'>;
        const comment: Comment = { id: `c${comments.length + 1}`, bookId, memberId, text, createdAt: FAKE_NOW };
        comments.push(comment);
        feeds.announce(comment);
        return json(comment);
      }),
    },
    { method: 'GET', path: '/club/books/:bookId/comments/live', respond: ({ bookId }) => withBook(bookId, () => feeds.open(bookId)) },
    {
      method: 'GET', path: '/api/prices',
      respond: (_, __, url) => {
        const skus = (url.searchParams.get('skus') ?? '').split(',').filter((sku) => sku in PRICES);
        return json(Object.fromEntries(skus.map((sku) => [sku, PRICES[sku]])));
      },
    },
  ];
}

/** Part 8's live comments: a response that never ends, one line of JSON per new comment on its book. */
class CommentFeeds {
  private readonly listeners = new Set<{ bookId: string; send: (line: string) => void }>();

  open(bookId: string): Response {
    let listener: { bookId: string; send: (line: string) => void };
    const lines = new ReadableStream<string>({
      start: (controller) => {
        listener = { bookId, send: (line) => controller.enqueue(line) };
        this.listeners.add(listener);
      },
      cancel: () => {
        this.listeners.delete(listener);
      },
    });
    return new Response(lines.pipeThrough(new TextEncoderStream()), { headers: { 'Content-Type': 'application/x-ndjson' } });
  }

  announce(comment: Comment): void {
    for (const listener of this.listeners) if (listener.bookId === comment.bookId) listener.send(`${JSON.stringify(comment)}\n`);
  }
}

function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const expected = pattern.split('/');
  const actual = path.split('/');
  if (expected.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(actual[index]);
    else if (segment !== actual[index]) return undefined;
  }
  return params;
}

const json = (body: unknown, status = 200) => Response.json(body, { status, statusText: STATUS_CODES[status] });
const notFound = (message: string) => json({ message }, 404);
