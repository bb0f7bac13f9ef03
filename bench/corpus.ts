/** Writes a deterministic synthetic Docusaurus-style corpus (docs/ + sidebars.js) into a fresh temp folder. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderPage } from './corpus-page.ts';
import { planCorpus } from './corpus-plan.ts';
import { sidebarsModule } from './corpus-sidebars.ts';
import { countWords } from './corpus-text.ts';
import { Random } from './prng.ts';

export interface Corpus {
  root: string;
  docsDir: string;
  sidebarsFile: string;
  pages: number;
  wordsPerPage: number;
  bytes: number;
  /** Each page's path below `docsDir`. */
  pageFiles: string[];
}

export function generateCorpus(pageCount: number, seed: number): Corpus {
  const random = new Random(seed);
  const root = mkdtempSync(path.join(os.tmpdir(), `redux-docs-bench-${pageCount}-`));
  const docsDir = path.join(root, 'docs');
  const plans = planCorpus(pageCount, random);
  let words = 0;
  let bytes = 0;
  for (const page of plans) {
    const markdown = renderPage(page, plans, random);
    const file = path.join(docsDir, page.sourcePath);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, markdown);
    words += countWords(markdown);
    bytes += Buffer.byteLength(markdown);
  }
  const sidebarsFile = path.join(root, 'sidebars.js');
  writeFileSync(sidebarsFile, sidebarsModule(plans));
  return { root, docsDir, sidebarsFile, pages: pageCount, wordsPerPage: Math.round(words / pageCount), bytes, pageFiles: plans.map((page) => page.sourcePath) };
}
