/**
 * A site's own component module (`.jsx`/`.tsx`/`.js`), bundled by esbuild for Node and imported, so
 * the page can render it at build time. React and `@theme/…` stay shared with the generator (one
 * React, and the built-in Tabs are recognised as the island they are). Only reached when the site
 * opted in to running its component code (imports.ts).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { GENERATED_MODULES_DIR } from '../../fs-utils.ts';

const THEME_INDEX = pathToFileURL(path.join(import.meta.dirname, 'theme/index.ts')).href;
const loaded = new Map<string, Promise<Record<string, unknown>>>();

export function loadComponentModule(file: string, siteDir: string): Promise<Record<string, unknown>> {
  let module = loaded.get(file);
  if (!module) {
    module = bundleAndImport(file, siteDir);
    loaded.set(file, module);
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
    external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
    alias: { '@site': siteDir },
    plugins: [themeModulesPlugin()],
  });
  const code = result.outputFiles[0].text;
  const dir = path.join(GENERATED_MODULES_DIR, 'components');
  mkdirSync(dir, { recursive: true });
  const target = path.join(dir, `${createHash('sha1').update(file).update(code).digest('hex').slice(0, 16)}.mjs`);
  writeFileSync(target, code);
  return (await import(pathToFileURL(target).href)) as Record<string, unknown>;
}

/** `@theme/X` in a component module is the generator's own X. */
function themeModulesPlugin(): Plugin {
  return {
    name: 'theme-modules',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^@theme\// }, (args) => ({ path: args.path, namespace: 'theme' }));
      esbuild.onResolve({ filter: /^theme-index:/ }, () => ({ path: THEME_INDEX, external: true }));
      esbuild.onLoad({ filter: /.*/, namespace: 'theme' }, (args) => ({
        contents: `import { THEME_MODULES } from 'theme-index:';\nexport default THEME_MODULES.get(${JSON.stringify(args.path)})?.default;\n`,
        loader: 'js',
      }));
    },
  };
}
