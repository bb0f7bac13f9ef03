/**
 * Starts the CLI (build/cli/main.ts) without a TypeScript loader, for this repository's npm scripts and
 * an installed generator's `redux-docs-site` command (bin.mjs). esbuild bundles the generator, with the
 * packages it uses, into three files (the CLI and its two worker threads); Node runs them. Node's
 * module loader took ~0.18 s to resolve and load the hundreds of small files of unified, micromark
 * and React, and ~0.3 s through tsx; one bundle loads in ~0.08 s. The bundle is kept in
 * node_modules/.cache under a hash of everything it is made from (the generator's sources, the
 * installed packages, this file), so it is rebuilt (~0.2 s) only after a change. This file is
 * JavaScript because nothing has been set up to transpile it when it runs.
 */
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The generator's own files are found from here, whatever the current folder. */
const root = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE_DIRS = ['build', 'src'];
/**
 * Packages that find files of their own at run time (binaries, WebAssembly) stay imports, and so does
 * TypeScript, which is loaded only to name the TypeScript-only syntax of a checked example (and needs __filename).
 */
const EXTERNAL_PACKAGES = ['@jitl/quickjs-wasmfile-release-sync', 'esbuild', 'pagefind', 'chokidar'];
/** Older bundles may still be in use (a long watch session starts workers from its own): removed a day later. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The project the generator is installed in: the one holding the outermost node_modules above it, or
 * this checkout itself. Its node_modules/.cache keeps the bundle, as its node_modules keeps the packages
 * the bundle is made of.
 */
function installingProject() {
  const segments = root.split(path.sep);
  const modules = segments.indexOf('node_modules');
  return modules === -1 ? root : segments.slice(0, modules).join(path.sep);
}
const project = installingProject();

/**
 * The bundle's folder: in the installing project's node_modules/.cache, or, when that cannot be written
 * (a global install), the current project's. Never inside the package, which may be read-only.
 */
function writableCacheDir() {
  const candidates = [project, process.cwd()].map((folder) => path.join(folder, 'node_modules/.cache/redux-docs'));
  for (const dir of candidates) {
    try {
      mkdirSync(dir, { recursive: true });
      accessSync(dir, constants.W_OK);
      return dir;
    } catch {
      // not writable: try the next
    }
  }
  console.error(`error: cannot write the generator's cache folder, ${candidates.join(' or ')}\n  → Run the command from a folder you can write to.`);
  process.exit(1);
}

/** Where Node finds each external package from the generator's own files: a file URL. */
const installedUrl = (name) => import.meta.resolve(name);

/** What the bundle is made of: the generator's sources, the lock of its install and where each external package lives. */
function sourceKey() {
  const hash = createHash('sha1');
  const lockFiles = [path.join(root, 'package-lock.json'), path.join(project, 'node_modules/.package-lock.json')].filter((file) => existsSync(file));
  for (const file of [fileURLToPath(import.meta.url), path.join(root, 'package.json'), ...lockFiles]) hash.update(file).update(readFileSync(file));
  for (const name of [...EXTERNAL_PACKAGES, 'typescript']) hash.update(installedUrl(name));
  for (const dir of SOURCE_DIRS) {
    const files = readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(tsx?|mts|css|json)$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) hash.update(file).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

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

/**
 * TypeScript is one 9 MB CommonJS file: imported from ES modules (ts-blank-space does), Node scans all
 * of it for export names and for module syntax before running it (~0.6 s); required, ~0.2 s. So every
 * import of it in the bundle becomes a require.
 */
const typescriptByRequire = {
  name: 'typescript-by-require',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^typescript$/ }, ({ namespace }) => namespace === 'typescript-by-require'
      ? { path: fileURLToPath(installedUrl('typescript')), external: true }
      : { path: 'typescript', namespace: 'typescript-by-require' });
    esbuild.onLoad({ filter: /.*/, namespace: 'typescript-by-require' }, () => ({ contents: "module.exports = require('typescript');", loader: 'js' }));
  },
};

/**
 * The other external packages are imported by their absolute location: from the cache folder, their
 * names could find another version installed by the project, or nothing.
 */
const installedExternals = {
  name: 'installed-externals',
  setup(esbuild) {
    const filter = new RegExp(`^(${EXTERNAL_PACKAGES.map((name) => name.replace(/[/.]/g, '\\$&')).join('|')})$`);
    esbuild.onResolve({ filter }, ({ path: name }) => ({ path: installedUrl(name), external: true }));
  },
};

async function bundleGenerator(dir) {
  const { build } = await import('esbuild');
  const staging = `${dir}.tmp-${process.pid}`;
  await build({
    entryPoints: {
      cli: path.join(root, 'build/cli/main.ts'),
      worker: path.join(root, 'build/pipeline/worker.ts'),
      'run-worker': path.join(root, 'build/examples/run-worker.ts'),
    },
    outdir: staging,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    logLevel: 'error',
    // CommonJS packages (React, gray-matter) require Node's built-in modules.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    plugins: [sourceLocations, typescriptByRequire, installedExternals],
  });
  try {
    renameSync(staging, dir);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // another process made the same bundle first
  }
  removeStaleBundles(dir);
}

function removeStaleBundles(current) {
  for (const entry of readdirSync(cacheDir)) {
    const file = path.join(cacheDir, entry);
    if (!entry.startsWith('generator-') || file === current) continue;
    if (Date.now() - statSync(file).mtimeMs > STALE_AFTER_MS) rmSync(file, { recursive: true, force: true });
  }
}

const cacheDir = writableCacheDir();
const generatorKey = sourceKey();
const bundleDir = path.join(cacheDir, `generator-${generatorKey}`);
if (!existsSync(path.join(bundleDir, 'cli.mjs'))) await bundleGenerator(bundleDir);
// worker-scripts.ts starts the workers from here instead of bundling them itself (as it does under tsx, in tests).
process.env.REDUX_DOCS_WORKER_DIR = bundleDir;
// The modules the generator writes and imports (fs-utils.ts) go beside the bundle, out of the package.
process.env.REDUX_DOCS_GENERATED_DIR = cacheDir;
// The build cache's entries are valid for this generator only (build/cache/compile-cache.ts).
process.env.REDUX_DOCS_GENERATOR_KEY = generatorKey;
// React picks its build from NODE_ENV when first loaded: a build renders with the production server
// renderer (the development one checks every element and prop: 540 -> 390 ms of writing 100 pages).
// Watch mode keeps development React for its warnings.
if (process.argv[2] === 'build') process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(bundleDir, 'cli.mjs')).href);
