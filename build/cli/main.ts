/**
 * npm run build | start | serve | check-links | clean, or installed, `redux-docs-site build` and so on.
 * One entry point, so every command reports errors the same way: the file, the line, the fix, and a
 * non-zero exit code.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { displayPath } from '../fs-utils.ts';
import { commandsHelp, parseFlags, UsageError, type CommandSpec, type Flag, type FlagValues } from './args.ts';
import { buildSite } from '../build.ts';
import { mergeShards } from '../shards/merge.ts';
import { parseShard } from '../shards/shard.ts';
import { EntryStore } from '../cache/entry-store.ts';
import { DEFAULT_CACHE_DIR, DEFAULT_CACHE_MAX_BYTES, type BuildCacheOptions } from '../cache/compile-cache.ts';
import { readLinkSources, runCheckLinks } from '../links/check-built-site.ts';
import { ContentError, formatProblem, formatProblems, problemsOf } from '../errors.ts';
import { startDevServer } from '../dev/server.ts';
import { discardActiveOutput } from '../output/output-folder.ts';
import { parseHeadersFile } from '../serve/headers-file.ts';
import { createStaticServer, listenOn, portOption } from '../serve/static-server.ts';
import { loadSiteSources } from '../pipeline/site-sources.ts';
import { cutVersion } from '../site/cut-version.ts';
import { TaskTimer } from '../task.ts';

process.env.NODE_ENV ??= 'production';

const SITE_FLAGS = {
  docs: { type: 'string', value: '<dir>', description: 'a Docusaurus docs folder to build instead of the config\'s' },
  sidebars: { type: 'string', value: '<file>', description: 'the sidebars file for --docs' },
  static: { type: 'string', value: '<dir>', description: 'the static folder (default static, or static/ beside --docs)' },
  config: { type: 'string', value: '<file>', description: 'the site config (default site.config.ts; --docs alone needs none)' },
  'allow-component-code': { type: 'boolean', description: "run the site's own components and React pages (trusted sites only; a React page with state also runs in readers' browsers)" },
} satisfies Record<string, Flag>;

const SERVER_FLAGS = {
  port: { type: 'string', value: '<n>', default: '3000', description: 'the port to listen on (0: any free port)' },
  host: { type: 'string', value: '<name>', default: 'localhost', description: 'the host name to listen on' },
} satisfies Record<string, Flag>;

const CACHE_FLAGS = {
  'cache-dir': { type: 'string', value: '<dir>', description: 'the build cache\'s folder (default node_modules/.cache/redux-docs/pages)' },
} satisfies Record<string, Flag>;

const BUILD = {
  usage: 'npm run build --',
  summary: 'Builds the site into a static folder; the folder is replaced only if the whole build succeeds.',
  flags: {
    ...SITE_FLAGS,
    out: { type: 'string', value: '<dir>', description: 'the output folder (default dist)' },
    'no-search': { type: 'boolean', description: 'leave out the search index' },
    ...CACHE_FLAGS,
    'no-cache': { type: 'boolean', description: 'compile every page, without reading or writing the build cache' },
    shard: { type: 'string', value: '<k/n>', description: 'build the k-th of n shares of the pages (a stable split); --merge puts the shards together' },
    merge: { type: 'boolean', description: 'make the site from the output folders of every shard, given after the options' },
  },
  positionals: { usage: '[DIR…]', description: 'with --merge, the output folder of each shard (npm run build -- --merge shard-1 shard-2)' },
} satisfies CommandSpec;

const CLEAN = {
  usage: 'npm run clean --',
  summary: 'Removes the build cache, so the next build compiles every page.',
  flags: CACHE_FLAGS,
} satisfies CommandSpec;

const START = {
  usage: 'npm start --',
  summary: 'Builds the site, serves it on this machine and rebuilds what each saved change touches; open tabs reload.',
  flags: { ...SITE_FLAGS, ...SERVER_FLAGS, 'dev-dir': { type: 'string', value: '<dir>', description: 'watch mode\'s working folder (default .dev-dist)' } },
} satisfies CommandSpec;

const SERVE = {
  usage: 'npm run serve --',
  summary: 'Serves a built site as a static host would (clean URLs, 404.html, _headers).',
  flags: { ...SERVER_FLAGS, dir: { type: 'string', value: '<dir>', default: 'dist', description: 'the built site' } },
} satisfies CommandSpec;

const CHECK_LINKS = {
  usage: 'npm run check-links --',
  summary: 'Checks the links of a built site without rebuilding it, naming the Markdown file and line of each broken one.',
  flags: {
    dir: { type: 'string', value: '<dir>', default: 'dist', description: 'the built site' },
    json: { type: 'boolean', description: 'print a machine-readable report' },
    external: { type: 'boolean', description: 'also fetch external http(s) links' },
  },
} satisfies CommandSpec;

const DOCS_VERSION = {
  usage: 'npm run docs:version --',
  summary: 'Cuts a docs version as Docusaurus\'s docs:version does: copies the docs folder and the sidebars into versioned_docs/ and versioned_sidebars/, and puts the version first in versions.json.',
  flags: { config: SITE_FLAGS.config },
  positionals: { usage: '<version>', description: 'the name of the version, for example 1.2.0' },
} satisfies CommandSpec;

interface Command {
  spec: CommandSpec;
  run(args: string[]): Promise<void>;
}

const COMMANDS: Record<string, Command> = {
  build: command('build', BUILD, runBuild),
  start: command('start', START, runStart),
  serve: command('serve', SERVE, runServe),
  'check-links': command('check-links', CHECK_LINKS, runCheckLinks),
  clean: command('clean', CLEAN, runClean),
  'docs:version': command('docs:version', DOCS_VERSION, runDocsVersion),
};

function command<F extends Record<string, Flag>>(name: string, spec: CommandSpec<F>, run: (values: FlagValues<F>) => Promise<void>): Command {
  const shown = { ...spec, usage: invocation(name, spec) };
  return {
    spec: shown,
    run: async (args) => {
      const values = parseFlags(name, shown, args);
      if (values) await run(values);
    },
  };
}

/** A command as the user starts it: the installed `redux-docs-site build` (build/cli/bin.mjs), or this repository's npm script. */
function invocation(name: string, spec: CommandSpec): string {
  const installed = process.env.REDUX_DOCS_COMMAND;
  return installed ? `${installed} ${name}` : spec.usage;
}

/** `npm start`: build, serve on localhost, rebuild what a change touches, reload open tabs. */
async function runStart(values: FlagValues<typeof START.flags>): Promise<void> {
  const server = await startDevServer({
    projectRoot: process.cwd(),
    port: portOption(values.port),
    host: values.host,
    docsDir: values.docs,
    sidebarsFile: values.sidebars,
    staticDir: values.static,
    configFile: values.config,
    allowComponentCode: values['allow-component-code'],
    devDir: values['dev-dir'],
  });
  console.log(`Serving at ${server.url} (watching for changes; Ctrl-C stops)`);
}

/** `npm run serve`: the built `dist/` as a static host would serve it. */
async function runServe(values: FlagValues<typeof SERVE.flags>): Promise<void> {
  const port = portOption(values.port);
  const root = path.resolve(values.dir);
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new ContentError({ rule: 'cli', message: 'no built site here', file: values.dir, fix: 'Run `npm run build` first, or pass --dir with a built site.' });
  }
  const headersFile = path.join(root, '_headers');
  const headerRules = existsSync(headersFile) ? parseHeadersFile(readFileSync(headersFile, 'utf8')) : [];
  const baseUrl = readLinkSources(root)?.baseUrl ?? '/';
  const server = createStaticServer({ root, headerRules, checkHost: values.host, baseUrl: () => baseUrl });
  await listenOn(server, port, values.host);
  console.log(`Serving ${values.dir} at http://${values.host}:${(server.address() as AddressInfo).port}${baseUrl}`);
}

async function runBuild(values: FlagValues<typeof BUILD.flags>): Promise<void> {
  const options = {
    projectRoot: process.cwd(),
    docsDir: values.docs,
    sidebarsFile: values.sidebars,
    outDir: values.out,
    staticDir: values.static,
    configFile: values.config,
    allowComponentCode: values['allow-component-code'],
    search: !values['no-search'],
    cache: values['no-cache'] ? undefined : buildCache(values['cache-dir']),
    shard: values.shard === undefined ? undefined : parseShard(values.shard),
  };
  if (values.merge && values.shard !== undefined) throw new UsageError('--shard builds a shard and --merge merges them: run them as separate steps');
  if (Boolean(values.merge) !== values.positionals.length > 0) throw new UsageError(values.merge ? '--merge needs the output folder of each shard after the options' : `unexpected argument "${values.positionals[0]}" for "build". Run with --help to see the options.`);
  const result = values.merge ? await mergeShards({ ...options, shardDirs: values.positionals.map((dir) => path.resolve(dir)) }) : await buildSite(options);
  for (const warning of result.warnings) console.warn(`warning: ${formatProblem(warning)}`);
  console.log(`Content-Security-Policy script hash of the theme script: '${result.themeScriptHash}' (written to _headers)`);
  console.log(result.summary);
}

/** The build cache, when the launcher said which generator this is (build/cli/launch.mjs). */
function buildCache(dir = DEFAULT_CACHE_DIR): BuildCacheOptions | undefined {
  const generatorKey = process.env.REDUX_DOCS_GENERATOR_KEY;
  return generatorKey ? { dir: path.resolve(dir), generatorKey, maxBytes: DEFAULT_CACHE_MAX_BYTES } : undefined;
}

/** `npm run clean`: the build cache goes; the output folder stays. */
async function runClean(values: FlagValues<typeof CLEAN.flags>): Promise<void> {
  const dir = path.resolve(values['cache-dir'] ?? DEFAULT_CACHE_DIR);
  const removed = new EntryStore(dir).clear();
  console.log(removed ? `Removed the build cache in ${displayPath(dir)}.` : `There was no build cache in ${displayPath(dir)}.`);
}

/** `npm run docs:version -- 1.2.0`: the docs and sidebars as they are now become version 1.2.0. */
async function runDocsVersion(values: FlagValues<typeof DOCS_VERSION.flags>): Promise<void> {
  if (values.positionals.length !== 1) throw new UsageError('docs:version needs the name of the version, for example: docs:version 1.2.0');
  const sources = await loadSiteSources({ projectRoot: process.cwd(), configFile: values.config }, new TaskTimer(() => {}, undefined));
  const written = await cutVersion(values.positionals[0], sources.paths);
  console.log(`Version ${values.positionals[0]} cut: docs copied to ${written.docs}, sidebars written to ${written.sidebars}, ${written.versions} updated.`);
}

/** A mistake in the command line as said; anything else as the problems it is (errors.ts). */
function reportError(error: unknown): void {
  if (error instanceof UsageError) console.error(`error: ${error.message}`);
  else console.error(`error: ${formatProblems(problemsOf(error))}`);
}

const HELP_ARGS = new Set(['--help', '-h', 'help']);

async function printCommands(): Promise<void> {
  console.log(commandsHelp(Object.values(COMMANDS).map(({ spec }) => spec)));
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    discardActiveOutput();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

const [commandName = 'build', ...rest] = process.argv.slice(2);
const run = HELP_ARGS.has(commandName) ? printCommands : COMMANDS[commandName]?.run;
if (!run) {
  console.error(`error: unknown command "${commandName}". Use one of: ${Object.keys(COMMANDS).join(', ')}.`);
  process.exit(2);
}
let finished = false;
run(rest)
  .catch((error: unknown) => {
    reportError(error);
    // A failed `start` may have a watcher or worker threads running: nothing else must keep it alive.
    process.exit(1);
  })
  .finally(() => {
    finished = true;
  });
// If nothing is left to run but the command never finished (a lost worker, a promise that can no
// longer settle), fail loudly: exiting 0 here would tell CI a broken build succeeded.
process.on('beforeExit', () => {
  if (finished) return;
  console.error(`error: "${commandName}" stopped before finishing (work was lost, for example a crashed worker thread).`);
  process.exitCode = 1;
  finished = true;
});
