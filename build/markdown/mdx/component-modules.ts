/**
 * A site's own component module (`.jsx`/`.tsx`/`.js`), bundled by esbuild for Node and imported, so
 * the page can render it at build time. Its `react` and `@theme/…` imports are the generator's own
 * instances, handed over through a global (the generator itself runs as one bundle, so there is no
 * file to import them from): one React for hooks, and the built-in Tabs are recognised as the
 * island they are. Only reached when the site opted in to running its component code (imports.ts).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import { build, type Plugin } from 'esbuild';
import { GENERATED_MODULES_DIR } from '../../fs-utils.ts';
import { THEME_MODULES } from './theme/index.ts';

const HOST_MODULES_KEY = Symbol.for('redux-docs.host-modules');
const HOST_MODULES = new Map<string, Record<string, unknown>>([
  ['react', React],
  ['react/jsx-runtime', JsxRuntime],
  ['react/jsx-dev-runtime', JsxRuntime],
  ...THEME_MODULES,
]);
(globalThis as Record<symbol, unknown>)[HOST_MODULES_KEY] = HOST_MODULES;

const loaded = new Map<string, Promise<Record<string, unknown>>>();

/** Bundled once per version of the file: watch mode picks up an edit. */
export function loadComponentModule(file: string, siteDir: string): Promise<Record<string, unknown>> {
  const key = `${file}@${statSync(file).mtimeMs}`;
  let module = loaded.get(key);
  if (!module) {
    module = bundleAndImport(file, siteDir);
    loaded.set(key, module);
  }
  return module;
}

async function bundleAndImport(file: string, siteDir: string): Promise<Record<string, unknown>> {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    jsx: 'automatic',
    logLevel: 'silent',
    alias: { '@site': siteDir },
    plugins: [hostModulesPlugin()],
  });
  const code = result.outputFiles[0].text;
  const dir = path.join(GENERATED_MODULES_DIR, 'components');
  mkdirSync(dir, { recursive: true });
  const target = path.join(dir, `${createHash('sha1').update(file).update(code).digest('hex').slice(0, 16)}.mjs`);
  writeFileSync(target, code);
  return (await import(pathToFileURL(target).href)) as Record<string, unknown>;
}

/** `react` and `@theme/X` in a component module are the generator's own modules. */
function hostModulesPlugin(): Plugin {
  const filter = new RegExp(`^(${[...HOST_MODULES.keys()].map((name) => name.replace(/[/.]/g, '\\$&')).join('|')})$`);
  return {
    name: 'host-modules',
    setup(esbuild) {
      esbuild.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'host' }));
      esbuild.onLoad({ filter: /.*/, namespace: 'host' }, (args) => {
        const names = Object.keys(HOST_MODULES.get(args.path)!).filter((name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name));
        const module = `globalThis[Symbol.for(${JSON.stringify(HOST_MODULES_KEY.description)})].get(${JSON.stringify(args.path)})`;
        return { contents: `const m = ${module};\nexport default m.default ?? m;\nexport const { ${names.join(', ')} } = m;\n`, loader: 'js' };
      });
    },
  };
}
