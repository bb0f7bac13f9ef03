/**
 * parseFrontMatter hands gray-matter only the front matter (build/markdown/front-matter.ts says why);
 * the data and the body must be what gray-matter makes of the whole file, for every page of the site
 * and for the edge cases of the closing fence.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import matter from 'gray-matter';
import { parseFrontMatter } from '../../build/markdown/front-matter.ts';

const EDGE_CASES = [
  '', 'No front matter.\n', '---\ntitle: A\n---\nBody\n', '---\r\ntitle: A\r\n---\r\nBody\r\n', '---\ntitle: A\n---', '---\ntitle: A\n--- trailing\nBody',
  '---\ntitle: A\n---\n\n---\nA rule after the front matter.\n', '---\n---\nEmpty front matter.\n', '---\ntitle: never closed\n',
  '---yaml\ntitle: A\n---\nBody\n', '--- \ntitle: A\n---\nBody\n', 'Text first\n---\ntitle: A\n---\n',
];

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true }).map(String).filter((file) => /\.mdx?$/.test(file)).map((file) => path.join(dir, file));
}

test('front matter and body are what gray-matter makes of the whole file', () => {
  const texts = [...EDGE_CASES, ...files('content/docs').map((file) => readFileSync(file, 'utf8'))];
  assert.ok(texts.length > 80);
  for (const text of texts) {
    const whole = matter(text, { engines: {} });
    assert.deepEqual(parseFrontMatter(text, 'page.md'), { data: whole.data, content: whole.content }, JSON.stringify(text.slice(0, 60)));
  }
});
