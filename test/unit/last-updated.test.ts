/** "Last updated" dates: the newest commit touching a doc, or its modification time outside git. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { lastUpdatedTimes } from '../../build/site/last-updated.ts';
import { tempTree } from '../helpers/tmp.ts';

const git = (cwd: string, args: string[], date: string) =>
  execFileSync('git', args, { cwd, env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date, GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@example.com', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@example.com' } });

test('each doc gets the time of the newest commit that touched it; a file git does not know, its modification time', () => {
  const root = tempTree({ 'docs/a.md': '# A\n', 'docs/guide/b.md': '# B\n' });
  git(root, ['init', '-q'], '2024-01-01T00:00:00Z');
  git(root, ['add', '.'], '2024-01-01T00:00:00Z');
  git(root, ['commit', '-qm', 'first'], '2024-01-01T00:00:00Z');
  writeFileSync(path.join(root, 'docs/guide/b.md'), '# B, revised\n');
  git(root, ['commit', '-qam', 'second'], '2024-03-05T12:00:00Z');
  writeFileSync(path.join(root, 'docs/new.md'), '# New\n');
  utimesSync(path.join(root, 'docs/new.md'), new Date('2025-06-07T00:00:00Z'), new Date('2025-06-07T00:00:00Z'));
  const times = lastUpdatedTimes(path.join(root, 'docs'), ['a.md', 'guide/b.md', 'new.md']);
  assert.deepEqual([...times].map(([file, ms]) => [file, new Date(ms).toISOString()]), [
    ['a.md', '2024-01-01T00:00:00.000Z'],
    ['guide/b.md', '2024-03-05T12:00:00.000Z'],
    ['new.md', '2025-06-07T00:00:00.000Z'],
  ]);
});
