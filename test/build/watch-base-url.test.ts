/** Watch mode serves a site with a baseUrl below it, as `npm run serve` does, and rebuilds an edited page there. */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { startDevServer, type DevServer } from '../../build/dev/server.ts';
import { BASE_URL_SITE } from '../helpers/base-url-site.ts';
import { tempTree } from '../helpers/tmp.ts';

const root = tempTree(BASE_URL_SITE);
let server: DevServer | undefined;
after(() => server?.close());

test('watch mode prints the URL below the baseUrl, leads / there, and serves an edit below it', async () => {
  const lines: string[] = [];
  server = await startDevServer({ projectRoot: root, configFile: 'docusaurus.config.js', port: 0, host: '127.0.0.1', log: (line) => lines.push(line), logError: (line) => lines.push(`E ${line}`) });
  await server.idle();
  assert.equal(server.url, `http://127.0.0.1:${server.port}/rockets/`);
  const home = await fetch(new URL('/', server.url), { redirect: 'manual' });
  assert.deepEqual([home.status, home.headers.get('location')], [302, '/rockets/']);
  assert.match(await (await fetch(new URL('/rockets/docs/guide', server.url))).text(), /<p>Check the fuel\.<\/p>/);
  assert.equal((await fetch(new URL('/docs/guide', server.url))).status, 404);

  writeFileSync(path.join(root, 'docs/guide.md'), BASE_URL_SITE['docs/guide.md'].replace('Check the fuel.', 'Check the fuel twice.'));
  const deadline = Date.now() + 20_000;
  while (!lines.some((line) => line.startsWith('rebuilt')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.ok(lines.some((line) => /^rebuilt \/rockets\/docs\/guide \(docs\/guide\.md\) in /.test(line)), lines.join('\n'));
  assert.match(await (await fetch(new URL('/rockets/docs/guide', server.url))).text(), /<p>Check the fuel twice\.<\/p>/);
});
