/**
 * Facts that several pages state, measured on the installed Redux Toolkit in both build modes, so that
 * no page can drift from the package or contradict another page.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { listMarkdownFiles } from '../../build/fs-utils.ts';
import { projectRoot } from '../helpers/site.ts';

type Mode = 'development' | 'production';

/** Runs an ES module snippet against the installed packages with NODE_ENV set; returns its JSON output. */
function runInMode<T>(mode: Mode, source: string): T {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', source], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: mode },
    encoding: 'utf8',
  });
  return JSON.parse(output) as T;
}

const CHECKS = ['actionCreatorCheck', 'immutableCheck', 'serializableCheck'] as const;

interface MiddlewareOrder { length: number; thunkIndex: number; before: string[]; after: string[] }

/** The default middleware list: its length, where thunk sits, and which checks run before or after it. */
function defaultMiddlewareOrder(mode: Mode): MiddlewareOrder {
  return runInMode<MiddlewareOrder>(mode, `
    import { configureStore } from '@reduxjs/toolkit';
    import { thunk } from 'redux-thunk';
    const checks = ${JSON.stringify(CHECKS)};
    const list = (options) => {
      let result;
      configureStore({ reducer: (s = 0) => s, middleware: (gDM) => (result = gDM(options)) });
      return result;
    };
    const all = list({});
    const before = [], after = [];
    for (const check of checks) {
      const only = list(Object.fromEntries(checks.map((c) => [c, c === check])));
      if (only.length === 1) continue;
      (only.indexOf(thunk) === 1 ? before : after).push(check);
    }
    console.log(JSON.stringify({ length: all.length, thunkIndex: all.indexOf(thunk), before, after }));
  `);
}

/** What configureStore prints when the enhancers callback drops the middleware enhancer. */
function errorsWithoutDefaultEnhancers(mode: Mode): string[] {
  return runInMode<string[]>(mode, `
    import { configureStore, Tuple } from '@reduxjs/toolkit';
    const errors = [];
    console.error = (...args) => errors.push(args.join(' '));
    configureStore({ reducer: (s = 0) => s, enhancers: () => new Tuple() });
    process.stdout.write(JSON.stringify(errors));
  `);
}

function docsSource(relative: string): string {
  return readFileSync(path.join(projectRoot, 'content/docs', relative), 'utf8');
}

function pagesMatching(pattern: RegExp): string[] {
  const root = path.join(projectRoot, 'content/docs');
  return listMarkdownFiles(root).filter((file) => pattern.test(readFileSync(file, 'utf8'))).map((file) => path.relative(root, file));
}

const ORDINALS = ['first', 'second', 'third', 'fourth'];
const NUMBERS = ['zero', 'one', 'two', 'three', 'four'];

test('the pages state where thunk sits in the default middleware, as RTK builds it in each mode', () => {
  const development = defaultMiddlewareOrder('development');
  const production = defaultMiddlewareOrder('production');
  assert.deepEqual(development, { length: 4, thunkIndex: 2, before: ['actionCreatorCheck', 'immutableCheck'], after: ['serializableCheck'] });
  assert.deepEqual(production, { length: 1, thunkIndex: 0, before: [], after: [] });

  const page = docsSource('faq/store-setup.md');
  assert.match(page, new RegExp(`development build \`getDefaultMiddleware\\(\\)\` returns ${NUMBERS[development.length]} entries, with thunk ${ORDINALS[development.thunkIndex]}`));
  assert.match(page, /action-creator check and the immutability check run ahead of it and the serializability check after it/);
  assert.match(page, /production build drops the three checks, which leaves thunk alone at the front/);
  assert.deepEqual(pagesMatching(/(starts|begins) with (the )?thunk|thunk (is|comes|runs) first/i), [], 'no page may say thunk always comes first');
});

test('the pages agree that dropping getDefaultEnhancers logs an error in development only', () => {
  const [developmentError] = errorsWithoutDefaultEnhancers('development');
  assert.match(developmentError ?? '', /middleware enhancer was not included in final enhancers - make sure to call `getDefaultEnhancers`/);
  assert.deepEqual(errorsWithoutDefaultEnhancers('production'), []);

  assert.match(docsSource('faq/store-setup.md'), /In development `configureStore` notices and logs a `console\.error` telling you to call `getDefaultEnhancers`; a production build prints nothing/);
  assert.match(docsSource('usage/migrations/migrating-rtk-2.md'), /if it is missing, RTK logs an error \(outside production builds\)/);
  assert.deepEqual(pagesMatching(/silently stops running/i), [], 'no page may say the middleware stops silently in development');
});
