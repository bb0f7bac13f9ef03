/** `npm run bench -- --pages 100,1000 [--runs 3 | --runs 3,2] [--seed 42] [--watch 1000] [--docusaurus 100] [--warm 1000] [--sharded 10000] [--write-docs] [--keep]` */
import { parseArgs } from 'node:util';

export interface BenchOptions {
  /** Corpus sizes, in the order given. */
  sizes: { pages: number; runs: number }[];
  seed: number;
  writeDocs: boolean;
  /** Keep the temp corpora and outputs instead of deleting them. */
  keep: boolean;
  /** Sizes whose watch mode is measured (WATCH_EDITS saves each). */
  watchSizes: number[];
  /** Sizes also built with Docusaurus 3.6.3, once each, in the same run. */
  docusaurusSizes: number[];
  /** Sizes rebuilt with the build cache (bench/warm.ts). */
  warmSizes: number[];
  /** Sizes also built as shards and merged (bench/sharded.ts). */
  shardedSizes: number[];
  /** Also build this project's own site, cold and warm, beside its floor (bench/real-site.ts), as many times as the first size. */
  site: boolean;
}

export const USAGE = 'usage: npm run bench -- --pages N[,N…] [--runs R[,R…]] [--seed S] [--watch N[,N…]] [--docusaurus N[,N…]] [--warm N[,N…]] [--sharded N[,N…]] [--site] [--write-docs] [--keep]';

export function parseBenchArgs(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      pages: { type: 'string', default: '100' },
      runs: { type: 'string', default: '3' },
      seed: { type: 'string', default: '42' },
      'write-docs': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      watch: { type: 'string', default: '' },
      docusaurus: { type: 'string', default: '' },
      warm: { type: 'string', default: '' },
      sharded: { type: 'string', default: '' },
      site: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const pages = positiveList(values.pages, '--pages');
  const runs = positiveList(values.runs, '--runs');
  if (runs.length !== 1 && runs.length !== pages.length) throw new Error(`--runs takes one count, or one per --pages size (${pages.length})\n${USAGE}`);
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer\n${USAGE}`);
  return {
    sizes: pages.map((count, index) => ({ pages: count, runs: runs[runs.length === 1 ? 0 : index] })),
    seed,
    writeDocs: values['write-docs'],
    keep: values.keep,
    watchSizes: sizesAmong(values.watch, pages, '--watch'),
    docusaurusSizes: sizesAmong(values.docusaurus, pages, '--docusaurus'),
    warmSizes: sizesAmong(values.warm, pages, '--warm'),
    shardedSizes: sizesAmong(values.sharded, pages, '--sharded'),
    site: values.site,
  };
}

function positiveList(value: string, flag: string): number[] {
  const numbers = value.split(',').map((part) => Number(part.trim().replace(/_/g, '')));
  if (numbers.length === 0 || numbers.some((number) => !Number.isInteger(number) || number < 1)) {
    throw new Error(`${flag} takes positive integers separated by commas, not "${value}"\n${USAGE}`);
  }
  return numbers;
}

/** Saves timed per size in watch mode: the issue asks for the median of 20. */
export const WATCH_EDITS = 20;

function sizesAmong(value: string, pages: number[], flag: string): number[] {
  if (value === '') return [];
  const sizes = positiveList(value, flag);
  const unknown = sizes.filter((size) => !pages.includes(size));
  if (unknown.length > 0) throw new Error(`${flag} sizes must be among --pages (${pages.join(',')}), not ${unknown.join(',')}\n${USAGE}`);
  return sizes;
}

