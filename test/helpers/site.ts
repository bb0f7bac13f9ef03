import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSite, type BuildResult } from '../../build/build.ts';

export const projectRoot = path.join(import.meta.dirname, '../..');

const docsRoutes = (prefix: string, names: string) => names.split(' ').map((name) => `${prefix}${name}`);

/** Every docs route the site must have (the route list of the pipeline issue). */
export const DOC_ROUTES = [
  ...docsRoutes('/api/', 'api-reference applymiddleware bindactioncreators combinereducers compose createstore store utils'),
  '/faq', ...docsRoutes('/faq/', 'actions code-structure design-decisions general immutable-data miscellaneous organizing-state performance react-redux reducers store-setup'),
  '/introduction/', ...docsRoutes('/introduction/', 'core-concepts ecosystem examples getting-started installation learning-resources why-rtk-is-redux-today'),
  '/redux-toolkit/overview', '/style-guide/',
  ...docsRoutes('/tutorials/essentials/', 'part-1-overview-concepts part-2-app-structure part-3-data-flow part-4-using-data part-5-async-logic part-6-performance-normalization part-7-rtk-query-basics part-8-rtk-query-advanced'),
  ...docsRoutes('/tutorials/fundamentals/', 'part-1-overview part-2-concepts-data-flow part-3-state-actions-reducers part-4-store part-5-ui-react part-6-async-logic part-7-standard-patterns part-8-modern-redux'),
  ...docsRoutes('/tutorials/', 'index quick-start typescript-quick-start videos'),
  ...docsRoutes('/understanding/history-and-design/', 'history-of-redux middleware prior-art'),
  ...docsRoutes('/understanding/thinking-in-redux/', 'glossary motivation three-principles'),
  '/usage/', ...docsRoutes('/usage/', 'code-splitting configuring-your-store deriving-data-selectors implementing-undo-history isolating-redux-sub-apps migrating-to-modern-redux migrations/migrating-rtk-2 nextjs reducing-boilerplate server-rendering side-effects-approaches troubleshooting usage-with-typescript writing-custom-middleware writing-logic-thunks writing-tests'),
  ...docsRoutes('/usage/structuring-reducers/', 'basic-reducer-structure beyond-combinereducers immutable-update-patterns initializing-state normalizing-state-shape prerequisite-concepts refactoring-reducer-example reusing-reducer-logic splitting-reducer-logic structuring-reducers updating-normalized-data using-combinereducers'),
];

export const ALL_ROUTES = ['/', '/errors', ...DOC_ROUTES];

let built: Promise<{ outDir: string; result?: BuildResult }> | undefined;

const SITE_INPUTS = ['build', 'src', 'content', 'static', 'site.config.ts', 'sidebars.ts', 'package-lock.json'];

/** test/unit/structure.test.ts's probe files, written into build/ and src/ for a moment: not part of the site. */
const PROBE_FILE = /-probe(-partner)?\.ts$/;

/**
 * Changes whenever a file the site is built from changes, so test processes share one build. A file gone
 * between listing and reading (a probe, removed by another test process) is skipped.
 */
function inputsFingerprint(): string {
  const hash = createHash('sha256');
  const visit = (file: string) => {
    const stats = statSync(file, { throwIfNoEntry: false });
    if (!stats || PROBE_FILE.test(file)) return;
    if (stats.isDirectory()) readdirSync(file).sort().forEach((name) => visit(path.join(file, name)));
    else hash.update(`${file}:${stats.size}:${stats.mtimeMs}\n`);
  };
  for (const input of SITE_INPUTS) {
    const file = path.join(projectRoot, input);
    if (existsSync(file)) visit(file);
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The real site, built once for the current sources into a temporary folder that every test
 * process reuses (the output is swapped in atomically, so an existing folder is complete).
 */
export function builtSite(): Promise<{ outDir: string; result?: BuildResult }> {
  built ??= (async () => {
    const outDir = path.join(tmpdir(), `redux-docs-site-${inputsFingerprint()}`);
    const lock = `${outDir}.building`;
    // One process builds; another starting meanwhile waits for its site rather than swapping in its own.
    while (!existsSync(path.join(outDir, 'index.html'))) {
      if (takeLock(lock)) {
        try {
          if (existsSync(path.join(outDir, 'index.html'))) break;
          return { outDir, result: await buildSite({ projectRoot, outDir, log: () => {} }) };
        } finally {
          rmSync(lock, { recursive: true, force: true });
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return { outDir };
  })();
  return built;
}

/** The build lock, taken (mkdir is atomic); one left by a process that died mid-build is taken over after STALE_LOCK_MS. */
function takeLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch {
    const stats = statSync(lock, { throwIfNoEntry: false });
    if (stats && Date.now() - stats.mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
    return false;
  }
}

const STALE_LOCK_MS = 5 * 60_000;

export function routeFile(outDir: string, route: string): string {
  const trimmed = route.replace(/^\/|\/$/g, '');
  return path.join(outDir, trimmed === '' ? 'index.html' : `${trimmed}/index.html`);
}

export function readRoute(outDir: string, route: string): string {
  return readFileSync(routeFile(outDir, route), 'utf8');
}
