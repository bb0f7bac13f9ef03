/** Watch mode takes onBrokenMarkdownLinks as the build does: a warning in the terminal, or a failed rebuild. */
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { startDevServer, type DevServer } from '../../build/dev/server.ts';
import { DOCS, siteConfig } from '../helpers/site-folder.ts';
import { tempTree } from '../helpers/tmp.ts';

const INTRO = { 'docs/intro.md': '---\ntitle: Intro\n---\n\nWelcome. See [the old guide](./old-guide.md).\n' };

let server: DevServer | undefined;
let root: string | undefined;
after(async () => {
  await server?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

test('watch mode: "warn" prints the warning once and serves the link as written; "throw" fails the rebuild naming the file and line', async () => {
  root = tempTree({ ...DOCS, ...INTRO, 'site.config.ts': siteConfig({ onBrokenMarkdownLinks: 'warn' }) });
  const lines: string[] = [];
  server = await startDevServer({ projectRoot: root, configFile: 'site.config.ts', port: 0, host: '127.0.0.1', log: (line) => lines.push(line), logError: (line) => lines.push(`E ${line}`) });
  await server.idle();
  const shown = path.relative(process.cwd(), path.join(root, 'docs/intro.md'));
  const fix = '  → Fix the path (relative to this file or to the docs folder), or create the page.';
  assert.deepEqual(lines.filter((line) => line.startsWith('E ')), [`E warning: ${shown}:5:14: link to a missing Markdown file "./old-guide.md"\n${fix}`]);
  const html = await (await fetch(new URL('/intro', server.url))).text();
  assert.match(html, /<div class="markdown"><p>Welcome\. See <a href="\.\/old-guide\.md">the old guide<\/a>\.<\/p>/);
  lines.length = 0;
  writeFileSync(path.join(root, 'site.config.ts'), siteConfig({ onBrokenMarkdownLinks: 'throw' }));
  const deadline = Date.now() + 20_000;
  while (!lines.some((line) => line.startsWith('rebuild failed')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(lines.map((line) => line.replace(/after [\d.]+ m?s/, 'after …')), [
    `E error: ${shown}:5:14: link to a missing Markdown file "./old-guide.md"\n${fix}`,
    'rebuild failed (site.config.ts) after …; serving the last good pages',
  ]);
});
