import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ROUTE_CACHE_LIMIT, resolveRoute, routeCacheSize } from '../../src/client/routes.ts';

test('the route-match cache keeps at most 10,000 paths, dropping the oldest first', async () => {
  const requested: string[] = [];
  globalThis.fetch = (async (url: string) => {
    requested.push(url);
    return new Response(JSON.stringify({ chunk: `/assets/routes/${requested.length}.js`, preloads: [] }), { status: 200 });
  }) as typeof fetch;
  for (let index = 0; index <= ROUTE_CACHE_LIMIT; index++) await resolveRoute('/', `/page-${index}`);
  assert.equal(ROUTE_CACHE_LIMIT, 10_000);
  assert.equal(routeCacheSize(), ROUTE_CACHE_LIMIT);
  const before = requested.length;
  await resolveRoute('/', `/page-${ROUTE_CACHE_LIMIT}`);
  assert.equal(requested.length, before, 'a recent path is answered from the cache');
  await resolveRoute('/', '/page-0');
  assert.equal(requested.length, before + 1, 'the oldest path was evicted and is fetched again');
});

test('/usage and /usage/ name one page: the other spelling is tried before giving up', async () => {
  const requested: string[] = [];
  globalThis.fetch = (async (url: string) => {
    requested.push(url);
    return url.endsWith('__routes/guides/_.json')
      ? new Response(JSON.stringify({ chunk: '/assets/routes/guides.js', preloads: [] }), { status: 200 })
      : new Response('missing', { status: 404 });
  }) as typeof fetch;
  assert.deepEqual(await resolveRoute('/', '/guides'), { chunk: '/assets/routes/guides.js', preloads: [] });
  assert.deepEqual(requested, ['/__routes/guides.json', '/__routes/guides/_.json']);
  assert.equal(await resolveRoute('/', '/nowhere'), null);
});
