/**
 * Starts the CLI (build/cli.ts) without a TypeScript loader: esbuild bundles the generator's own
 * modules into one file (packages stay imports, resolved by Node) and Node runs it. Loading the
 * sources through tsx's module hooks took ~0.3 s of every start. This file is JavaScript because
 * nothing has been set up to transpile it when it runs.
 */
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outfile = path.join(root, 'node_modules/.cache/redux-docs', `cli-${process.pid}.mjs`);

/** Inside one bundle every module would share its URL: each keeps the location of its source file. */
const sourceLocations = {
  name: 'source-locations',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.tsx?$/ }, async ({ path: file }) => ({
      contents: (await readFile(file, 'utf8'))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(file)))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href)),
      loader: file.endsWith('x') ? 'tsx' : 'ts',
    }));
  },
};

await build({
  entryPoints: [path.join(root, 'build/cli.ts')],
  outfile,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  logLevel: 'error',
  plugins: [sourceLocations],
});
process.once('exit', () => rmSync(outfile, { force: true }));
// React reads NODE_ENV once, when first imported: a build renders with the production server
// renderer (its development build checks every element and prop: 540 -> 390 ms of writing 100 pages).
// Watch mode keeps development React for its warnings.
if (process.argv[2] === 'build') process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(outfile).href);
