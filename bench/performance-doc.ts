/** Writes docs/performance.md from a benchmark's results: method, per-size table, stages, scaling, findings. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { WORDS_PER_PAGE } from './corpus-page.ts';
import { formatMachine, type Machine } from './machine.ts';
import { npmScript, PROJECT_ROOT } from './measure.ts';
import { markdownTable } from './format.ts';
import { comparisonTable, observations, scalingTable, sizesTable, stagesTable, shardedTable, warmTable } from './report.ts';
import type { SizeSummary } from './results.ts';
import { realSiteTable, type RealSiteSummary } from './real-site.ts';

export interface DocInput {
  summaries: SizeSummary[];
  /** This project's own site, when the benchmark built it (`--site`). */
  site?: RealSiteSummary;
  machine: Machine;
  seed: number;
  command: string;
  benchMinutes: number;
}

export const PERFORMANCE_DOC = path.join(PROJECT_ROOT, 'docs/performance.md');

export function writePerformanceDoc(input: DocInput): string {
  const { summaries, machine } = input;
  const date = new Date().toISOString().slice(0, 10);
  const rssSource = summaries[0]?.rssSource ?? 'none';
  const text = `# Build performance

How fast the generator builds a docs site, where the time goes, and how time and memory grow with
the number of pages. This page is generated: \`${input.command}\` measures and rewrites it
(last run ${date}, ${input.benchMinutes.toFixed(1)} minutes in all). Do not edit it by hand.

## Method

- **Corpus.** \`bench/corpus.ts\` writes a synthetic Docusaurus-style docs folder of N pages into
  the OS temp folder, from a seeded PRNG (seed ${input.seed}), so the same N always gives the same
  files. Each page has front matter (\`title\`, \`description\`, \`sidebar_label\`), h2–h4 sections
  (some titles repeated, some \`{#custom-id}\`s), paragraphs with bold, italic, inline code and links
  to other pages of the corpus (most with an \`#anchor\` to a heading that exists on the target page,
  made with github-slugger as the generator makes them), lists, GFM tables, fenced code in ts, tsx,
  js, json and bash with \`title="…"\` and line highlights such as \`{1,3-4}\`, and admonitions
  (\`:::tip[Title]\` … \`:::\`). Pages have ${WORDS_PER_PAGE.min}–${WORDS_PER_PAGE.max} words as \`wc -w\` counts them, in
  area/category/(group) folders, with a CommonJS \`sidebars.js\` listing every page in categories.
- **Build.** Each run spawns the CLI as a user would, from the project root:
  \`npm run build\`'s command (\`${npmScript('build')}\`) with \`--docs <corpus>/docs --sidebars <corpus>/sidebars.js --out <tmp>/out\`
  (search index included; the output folder is deleted before each run). The phase times come from
  the build's own summary line (\`Built N pages in … (stage time, …)\`), parsed generically and
  sorted into the report's wall-clock phases: *read sources* (config, docs, sidebars), *pages*
  (every doc compiled, rendered and written: the threads stream pages through all three steps at
  once), *bundle* (esbuild, running alongside the first pages), *search index* (writing Pagefind's
  index; pages reach Pagefind while they are written), *link check*, and *other* (theme pages,
  static files, sitemap). The table of build stages shows which label went where. Within *pages*,
  the build prints each step's time summed over its threads (*compile*: GFM, directives, heading
  ids, links, raw HTML, Prism highlighting; *render*: React and route chunks; *write*: files), so
  the thread times add up to more than the wall time. *Total* is the build's own total; *process
  wall* adds Node start-up and module loading.
- **Memory.** Peak RSS is \`Maximum resident set size\` from \`/usr/bin/time -v\` (source here:
  ${rssSource}): the largest single process of the build, which is the build's Node process. The
  summed RSS of the whole process tree (Node, the Pagefind binary) is also sampled
  from /proc every 50 ms and shown in the console report.
- **CPU time and load.** Wall times suffer when other work shares the machine, so each run also
  records the build's CPU time (user + system of every process it waited for, from \`time -v\`),
  the floor's CPU time (\`process.cpuUsage\`), and the 1-minute load average before the run. When
  the load is above the core count, compare CPU times rather than wall times.
- **Floor.** \`bench/floor.ts\` runs, in the benchmark's own process and on one thread, the least
  any Markdown-to-HTML build must do on the same files: read each file, drop the front matter, then
  remark-parse → remark-rehype → HTML string (hast-util-to-html, which rehype-stringify wraps). The
  *ratio* is the build total divided by this floor.
- **First-load JavaScript.** After the last build of a size, \`bench/first-load.ts\` sums the
  module script and modulepreloads of the same docs page (the corpus's first page inside a
  category), raw and gzip -9: what a reader's browser fetches before the page is interactive.
- **Watch mode** (\`--watch N\`). \`bench/watch.ts\` runs \`npm start\`'s command on the corpus,
  listens to its server-sent events as an open tab does, then saves one page 20 times (100 ms
  apart), timing each save to the \`reload\` event; the figure is the median.
- **Docusaurus** (\`--docusaurus N\`). \`bench/docusaurus.ts\` installs Docusaurus 3.6.3 with the
  classic preset on first use (into node_modules/.cache) and runs one cold \`docusaurus build\` of
  the same corpus, docs only, with Node's default heap and /usr/bin/time -v; its process wall
  time is compared with our build's process wall time (both include start-up). Docusaurus builds
  no search index; ours includes Pagefind's.
- **Rebuilds with the build cache** (\`--warm N\`). \`bench/warm.ts\` builds the corpus once more
  with a fresh build cache (\`--cache-dir\`; the other builds pass \`--no-cache\`, so they are cold),
  then three times with it: with nothing changed, after appending a sentence to one page, and after
  renaming one sidebar category. Each is one run, compared with the size's cold median (process wall).
  Every build writes to a new folder: emptying one first made the next build wait on ext4, which
  searches longer for free inodes while many were freed in the last 30 s.
- **Sharded builds** (\`--sharded N\`). \`bench/sharded.ts\` builds the corpus as 4 shards
  (\`--shard K/4\`, cold), one after another as separate processes, then merges them (\`--merge\`). A CI
  matrix would wait for the longest shard and then the merge; one machine for all of them and the merge.
- **Our own site** (\`--site\`). \`bench/real-site.ts\` builds this project's site (content/docs with
  site.config.ts) as \`npm run build\` does, R times cold (\`--no-cache\`), each followed by the floor on
  content/docs, then fills a build cache and builds R times warm with nothing changed.
- **Runs.** Each size is built R times; every figure is the median of the runs, each column on its
  own, so phases need not add up to the total. The floor is measured once after each build, after
  one untimed warm-up pass, so it is the warm best case; each build is a fresh, cold process, so
  its total includes its own start-up and JIT warm-up (as a user's build does).

Machine: ${formatMachine(machine)}.

## Results

${input.site ? `Our own site:

${markdownTable(realSiteTable(input.site))}

Synthetic corpora:

` : ''}${markdownTable(sizesTable(summaries))}

Corpus sizes: ${summaries.map((summary) => `${summary.pages} pages = ${(summary.corpusBytes / 1024 / 1024).toFixed(1)} MiB of Markdown, ${summary.wordsPerPage} words a page, ${summary.written ?? 'n/a'} written`).join('; ')}.

## First-load JavaScript, watch mode, Docusaurus

${markdownTable(comparisonTable(summaries))}

${summaries.some((summary) => summary.warm) ? `## Rebuilds with the build cache

${markdownTable(warmTable(summaries))}

` : ''}${summaries.some((summary) => summary.sharded) ? `## Sharded builds

${markdownTable(shardedTable(summaries))}

` : ''}## Build stages as the build names them

${summaries.map((summary) => `${summary.pages} pages (median of ${summary.runs}):\n\n${markdownTable(stagesTable(summary))}`).join('\n\n')}

## Scaling

${markdownTable(scalingTable(summaries))}

*Exponent k*: time ∝ N^k between the first size and this one (1.00 is linear). *KiB per added page*:
peak RSS growth divided by the pages added since the first size.

## Findings

${observations(summaries).map((line) => `- ${line}`).join('\n')}

## Running it

\`\`\`bash
npm run bench -- --pages 100            # one size, 3 runs, console report only
npm run bench -- --pages 100,1000 --runs 3,2 --write-docs   # several sizes; rewrite this page
npm run bench -- --pages 100,1000 --watch 1000 --docusaurus 100   # also watch mode and Docusaurus
npm run bench -- --pages 1000 --warm 1000 --sharded 1000   # also rebuilds with the build cache, and 4 shards merged
\`\`\`

Options: \`--runs R\` (one count, or one per size), \`--seed S\`, \`--keep\` (keep the temp corpora
and outputs for inspection).
`;
  writeFileSync(PERFORMANCE_DOC, text);
  return PERFORMANCE_DOC;
}
