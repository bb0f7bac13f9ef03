/**
 * Run blocks (build/examples/run.ts): each runs against the installed packages, and what it prints is
 * compared with the output its page shows; every failure is the line an author reads, word for word.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractExamples } from '../../build/examples/extract.ts';
import { runPage } from '../../build/examples/run.ts';
import { projectRoot } from '../helpers/site.ts';

const fence = (meta: string, ...code: string[]) => ['```' + meta, ...code, '```', ''].join('\n');

/** The problems of a page at content/docs/page.md with this body (the body starts on line 3). */
async function problems(...blocks: string[]): Promise<string[]> {
  const markdown = ['# Page', '', ...blocks].join('\n');
  const errors = await runPage(projectRoot, extractExamples(markdown, 'content/docs/page.md'));
  return errors.map(({ sourceFile, line, message }) => `${sourceFile}:${line}: ${message}`);
}

test('blocks whose output matches the page pass: comments trailing, alone or continued, an output fence, warnings, each mode', async () => {
  assert.deepEqual(await problems(
    fence('ts run',
      "import { configureStore, createSlice } from '@reduxjs/toolkit'",
      "const slice = createSlice({ name: 'shelf', initialState: { books: ['Kindred', 'Beloved'], shelved: 2, label: 'Fiction, by author' }, reducers: {} })",
      'const store = configureStore({ reducer: { shelf: slice.reducer } })',
      'console.log(store.getState().shelf.shelved) // → 2',
      'console.log(store.getState())',
      '// → {',
      '//     shelf: {',
      "//       books: [ 'Kindred', 'Beloved' ],",
      '//       shelved: 2,',
      "//       label: 'Fiction, by author'",
      '//     }',
      '//   }',
      "store.dispatch({ type: 'shelf/unknown', payload: () => 1 })",
      '// → A non-serializable value was detected in an action, in the path: `payload`. Value: [Function: payload]',
      "//   Take a look at the logic that dispatched this action:  { type: 'shelf/unknown', payload: [Function: payload] }",
      '//   (See https://redux.js.org/faq/actions#why-should-type-be-a-string-why-should-my-action-types-be-constants)',
      '//   (To allow non-serializable values see: https://redux-toolkit.js.org/usage/usage-guide#working-with-non-serializable-data)',
    ),
    fence('js run=production', 'console.log(process.env.NODE_ENV)'),
    fence('text output', 'production'),
    fence('ts run', "const sum: number = [1, 2].reduce((a, b) => a + b)"),
  ), []);
});

test('a different output names the page line of the first line that differs, word for word', async () => {
  assert.deepEqual(await problems(
    fence('ts run', "console.log('a') // → a", "console.log({ b: 'c' }) // → { b: \"c\" }"),
    fence('js run', "console.log('only this')"),
    fence('js run', "console.log('one') // → one", '// → two'),
    fence('js run', "console.log('x')"),
    fence('text output', 'y'),
  ), [
    'content/docs/page.md:5: run block printed "{ b: \'c\' }" where the page shows "{ b: \\"c\\" }"',
    'content/docs/page.md:8: run block printed "only this" where the page shows no output',
    'content/docs/page.md:14: run block printed nothing more where the page shows "two"',
    'content/docs/page.md:22: run block printed "x" where the page shows "y"',
  ]);
});

test('an error names the line that threw, also inside an example the block imports', async () => {
  assert.deepEqual(await problems(
    fence('ts title="src/shelf.ts" check', 'export function shelve(title: string): string {', "  if (!title) throw new RangeError('a book needs a title')", '  return title', '}'),
    fence('ts run', "import { shelve } from './src/shelf'", "console.log(shelve('Kindred')) // → Kindred", "shelve('')"),
    fence('js run', 'null.read()'),
  ), [
    'content/docs/page.md:5: run block threw RangeError: a book needs a title',
    'content/docs/page.md:17: run block threw TypeError: Cannot read properties of null (reading \'read\')',
  ]);
});

test('a block that cannot build, never finishes, has its output twice, names an unknown mode or exits is reported at its fence', async () => {
  assert.deepEqual(await problems(
    fence('ts run', "import { missing } from './nowhere'", 'console.log(missing)'),
    fence('ts run', 'await new Promise(() => {})'),
    fence('js run', "console.log('twice') // → twice"),
    fence('text output', 'twice'),
    fence('js run=prod', "console.log('x')"),
    fence('js run', 'process.exit(3)'),
  ), [
    'content/docs/page.md:4: run block does not build: Could not resolve "./nowhere"',
    'content/docs/page.md:8: run block did not finish: its top-level await was still waiting when no timer due within 5 s was left',
    'content/docs/page.md:16: run block has both "// →" comments and an output fence; keep one',
    'content/docs/page.md:20: "run=prod" is not a run mode: write run, run=production or run=test',
    'content/docs/page.md:24: run block ended its worker: process.exit(3)',
  ]);
});

test('a block\'s timers and intervals due within 5 s are waited for, their output in order; a timer due later is not', async () => {
  const started = Date.now();
  assert.deepEqual(await problems(
    fence('js run',
      "setTimeout(() => console.log('soon'), 50)",
      "setTimeout(() => console.log('a minute later'), 60_000)",
      'let ticks = 0',
      "const interval = setInterval(() => { if (++ticks === 3) { clearInterval(interval); console.log('three ticks') } }, 10)",
      "await Promise.resolve(); console.log('first')",
    ),
    fence('text output', 'first', 'three ticks', 'soon'),
    fence('js run', "console.log('next block')", '// → next block'),
  ), []);
  assert.ok(Date.now() - started < 5_000, 'the minute-long timer is not waited for');
});

test('fetch answers from the fake API only in a block marked fetch: the mock club and the price service', async () => {
  assert.deepEqual(await problems(
    fence('ts run fetch',
      "const books = await (await fetch('/club/books')).json()",
      'console.log(books.map((book: { title: string }) => book.title))',
      "// → [ 'The Overstory', 'Station Eleven' ]",
      "const created = await fetch('/club/books', { method: 'POST', body: JSON.stringify({ title: 'Kindred', author: 'Octavia E. Butler', notes: '', addedBy: 'm3' }) })",
      'console.log(await created.json())',
      '// → {',
      "//     id: 'b3',",
      "//     title: 'Kindred',",
      "//     author: 'Octavia E. Butler',",
      "//     notes: '',",
      "//     addedBy: 'm3',",
      "//     addedAt: '2026-11-20T18:00:00.000Z',",
      "//     votes: { m3: 'readNext' }",
      '//   }',
      "const missing = await fetch('/club/bookz')",
      'console.log(missing.status, missing.statusText, await missing.json())',
      "// → 404 Not Found { message: 'The mock club has no GET /bookz' }",
      "console.log(await (await fetch('/api/prices?skus=K-1,Z-9')).json()) // → { 'K-1': 28 }",
    ),
    fence('ts run fetch',
      "import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query'",
      "import { configureStore } from '@reduxjs/toolkit'",
      "const clubApi = createApi({ baseQuery: fetchBaseQuery({ baseUrl: '/club' }), endpoints: (build) => ({ getMembers: build.query<{ id: string; name: string }[], void>({ query: () => '/members' }) }) })",
      'const store = configureStore({ reducer: { [clubApi.reducerPath]: clubApi.reducer }, middleware: (getDefault) => getDefault().concat(clubApi.middleware) })',
      'const { data } = await store.dispatch(clubApi.endpoints.getMembers.initiate())',
      'console.log(data?.map((member) => member.name).join(\', \')) // → Amara Okafor, Tomasz Nowak, Priya Raman',
    ),
    fence('ts run', "await fetch('/club/books')"),
  ), [
    'content/docs/page.md:34: run block threw Error: fetch is not available: add "fetch" to the run block\'s meta (```ts run fetch) to send requests to the fake API',
  ]);
});
