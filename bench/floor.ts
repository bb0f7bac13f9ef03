/**
 * The floor: what the bare Markdown pipeline costs on the same corpus, in this process, single
 * threaded: read every file, drop the front matter, remark-parse → remark-rehype → HTML string.
 * No GFM, directives, highlighting, React, bundling, search or link checks. rehype-stringify is
 * not installed; it is a thin wrapper over hast-util-to-html, which is used directly instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { toHtml } from 'hast-util-to-html';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import type { Root as HastRoot } from 'hast';

export interface FloorRun { ms: number; cpuMs: number; files: number; htmlBytes: number }

const FRONT_MATTER = /^---\r?\n[\s\S]*?\r?\n---\r?\n/;

export function measureFloor(docsDir: string): FloorRun {
  const processor = unified().use(remarkParse).use(remarkRehype);
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const files = readdirSync(docsDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  let htmlBytes = 0;
  for (const file of files) {
    const markdown = readFileSync(file, 'utf8').replace(FRONT_MATTER, '');
    const hast = processor.runSync(processor.parse(markdown)) as HastRoot;
    htmlBytes += toHtml(hast).length;
  }
  const cpu = process.cpuUsage(cpuStarted);
  return { ms: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000, files: files.length, htmlBytes };
}
