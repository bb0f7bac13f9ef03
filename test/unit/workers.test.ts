import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ContentError } from '../../build/errors.ts';
import { compilePages, WorkerPool } from '../../build/pipeline/workers.ts';
import { compile, markdownOptions } from '../helpers/markdown.ts';

const options = markdownOptions({ permalinkBySourcePath: new Map([['page.md', '/page'], ['other.md', '/other']]) });
const source = (body: string) => ({ sourcePath: 'page.md', displayPath: 'content/docs/page.md', body, lineOffset: 0 });

test('pages compiled on worker threads come out exactly as in-process', async () => {
  const pool = await WorkerPool.start({ markdown: options }, 2);
  try {
    const body = '## Setup\n\nSee [other](./other.md).\n\n```ts title="a.ts" {1}\nconst a = 1\n```\n\n:::tip\nHi\n:::\n';
    const [fromWorker, inProcess] = await Promise.all([pool.compile(source(body)), compile(body, { 'other.md': '/other' })]);
    assert.equal(fromWorker.html, inProcess.html);
    assert.deepEqual(fromWorker.toc, inProcess.toc);
    assert.match(fromWorker.html, /<span class="token keyword">const<\/span>/, 'the block was highlighted on the worker');
  } finally {
    await pool.close();
  }
});

test('a content error on a worker reaches the build with its file and line', async () => {
  const pool = await WorkerPool.start({ markdown: options }, 1);
  try {
    await assert.rejects(pool.compile(source('Text.\n\n[gone](./gone.md)\n')), (error: unknown) => {
      assert.ok(error instanceof ContentError);
      assert.equal(error.format(), 'content/docs/page.md:3:1: link to a missing Markdown file "./gone.md"\n  → Fix the path (relative to this file or to the docs folder), or create the page.');
      return true;
    });
  } finally {
    await pool.close();
  }
});

test('a large site compiles on this thread and a worker at once, outcomes in page order', async () => {
  const sources = Array.from({ length: 240 }, (_, index) => ({
    ...source(index === 117 ? `## Page ${index}\n\n[gone](./gone.md)\n` : `## Page ${index}\n\nText.\n`),
    displayPath: `content/docs/page-${index}.md`,
  }));
  let compiledCount = 0;
  const outcomes = await compilePages(sources, options, () => compiledCount++);
  assert.equal(compiledCount, 240);
  outcomes.forEach((outcome, index) => {
    if (index === 117) {
      assert.equal(outcome.status, 'rejected');
      assert.equal(((outcome as PromiseRejectedResult).reason as ContentError).file, 'content/docs/page-117.md');
    } else {
      assert.equal(outcome.status, 'fulfilled');
      assert.deepEqual((outcome as PromiseFulfilledResult<{ toc: unknown }>).value.toc, [{ depth: 2, id: `page-${index}`, value: `Page ${index}` }]);
    }
  });
});

test('closing the pool fails the requests still in flight, so a build stopping for another error never waits for them', async () => {
  const pool = await WorkerPool.start({ markdown: options, pages: undefined as never }, 1);
  // Without the runtime the worker holds a page request until it is told the runtime's URLs: here, never.
  const waiting = pool.writePage({ doc: { ...source('# Page\n'), id: 'page', permalink: '/page', title: 'Page', sidebarLabel: 'Page', frontMatter: {}, warnings: [], bodyLineOffset: 0 } as never });
  const outcome = Promise.race([waiting.then(() => 'written', (error: Error) => error.message), new Promise((resolve) => setTimeout(resolve, 5_000, 'still waiting'))]);
  await pool.close();
  assert.equal(await outcome, 'the build stopped before this page was written');
});
