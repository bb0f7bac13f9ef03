/**
 * A site's React page with state, bundled for readers' browsers: the build renders the page's HTML
 * (component-modules.ts), and this module makes it live once it is shown (src/theme/docusaurus/ClientPage.tsx).
 * The page's imports pass the same checks as at build time (component-imports.ts); React and the
 * theme's location and navigation are the running runtime's (runtime-modules.ts); the Docusaurus
 * modules are the ones that render alike in both places (src/theme/docusaurus/modules.ts). A page
 * importing one that exists only at build time (`@theme/CodeBlock`) cannot be bundled: it is kept as
 * the build rendered it, with a warning.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildFailure, type OnResolveArgs, type Plugin } from 'esbuild';
import { GENERATED_MODULES_DIR, writeFileWhole } from '../../fs-utils.ts';
import { ASSETS_DIR } from '../../output-layout.ts';
import { fromRuntimePlugin, GENERATOR_ROOT } from '../../runtime-modules.ts';
import type { SiteMetadata } from '../../../src/theme/docusaurus/site-context.ts';
import { SHARED_THEME_MODULES } from '../../../src/theme/docusaurus/modules.ts';
import type { PageAsset } from '../doc-images.ts';
import { componentImports, type ComponentContext } from './component-imports.ts';
import { esbuildErrors } from './component-modules.ts';
import { THEME_MODULES } from './theme/index.ts';

const OUTPUT_DIR = path.join(GENERATED_MODULES_DIR, 'client-pages');
const GENERATOR_SRC = path.join(GENERATOR_ROOT, 'src') + path.sep;
const DOCUSAURUS_DIR = path.join(GENERATOR_SRC, 'theme/docusaurus');

export type ClientPageBundle = { url: string; asset: PageAsset } | { refused: string };

/** The page module `file` as a browser module whose default export renders the page. */
export async function bundleClientPage(file: string, context: ComponentContext, site: SiteMetadata): Promise<ClientPageBundle> {
  const entry = [
    `import Page from ${JSON.stringify(file)};`,
    `import { ClientPage } from ${JSON.stringify(path.join(DOCUSAURUS_DIR, 'ClientPage.tsx'))};`,
    "import { jsx } from 'react/jsx-runtime';",
    `const site = JSON.parse(${JSON.stringify(JSON.stringify(site))});`,
    'export default function SitePage() { return jsx(ClientPage, { Page, site }); }',
  ].join('\n');
  try {
    const result = await build({
      stdin: { contents: entry, resolveDir: path.dirname(file), loader: 'js' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      jsx: 'automatic',
      loader: { '.js': 'jsx' },
      define: { 'process.env.NODE_ENV': '"production"' },
      // Not minifyIdentifiers: it would rename the CSS modules' classes, which the built HTML and stylesheet keep.
      minifyWhitespace: true,
      minifySyntax: true,
      legalComments: 'none',
      charset: 'utf8',
      // Names the CSS esbuild makes of the page's stylesheets, which the build already linked; nothing is written there.
      outdir: OUTPUT_DIR,
      logLevel: 'silent',
      plugins: [pageJsxRuntime(), fromRuntimePlugin(GENERATOR_ROOT), browserThemeModules(), componentImports(context, { files: new Set(), assets: [] })],
    });
    const code = result.outputFiles.find((output) => output.path.endsWith('.js'))!.contents;
    const name = createHash('sha1').update(code).digest('hex').slice(0, 10);
    mkdirSync(OUTPUT_DIR, { recursive: true });
    const source = path.join(OUTPUT_DIR, `${name}.js`);
    writeFileWhole(source, code);
    const target = `${ASSETS_DIR}/pages/${path.basename(file, path.extname(file))}-${name}.js`;
    return { url: context.baseUrl + target, asset: { source, target } };
  } catch (error) {
    return { refused: esbuildErrors(error as BuildFailure).split('\n').join('; ') };
  }
}

const fromGenerator = (args: OnResolveArgs) => args.namespace === 'browser-theme' || args.importer === '<stdin>' || args.importer.startsWith(GENERATOR_SRC);

/** The site's JSX renders through src/theme/docusaurus/jsx-runtime.ts; the theme's, through React's own. */
function pageJsxRuntime(): Plugin {
  return {
    name: 'page-jsx-runtime',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^react\/jsx-(dev-)?runtime$/ }, (args) => (fromGenerator(args) ? undefined : { path: path.join(DOCUSAURUS_DIR, 'jsx-runtime.ts') }));
    },
  };
}

/** Docusaurus's modules as the browser has them; one the build alone has is refused by name. */
function browserThemeModules(): Plugin {
  const names = [...THEME_MODULES.keys()];
  const filter = new RegExp(`^(${names.map((name) => name.replace(/[/.]/g, '\\$&')).join('|')})$`);
  return {
    name: 'browser-theme-modules',
    setup(esbuild) {
      // The theme's own files (and the entry's import of ClientPage) are the generator's, not the site's.
      esbuild.onResolve({ filter: /^[./]/ }, (args) => {
        const target = path.resolve(args.resolveDir, args.path);
        return fromGenerator(args) && target.startsWith(GENERATOR_SRC) ? { path: target } : undefined;
      });
      esbuild.onResolve({ filter }, (args) => (SHARED_THEME_MODULES.has(args.path)
        ? { path: args.path, namespace: 'browser-theme' }
        : { errors: [{ text: `"${args.path}" renders only at build time` }] }));
      esbuild.onLoad({ filter: /.*/, namespace: 'browser-theme' }, (args) => {
        const exported = Object.keys(SHARED_THEME_MODULES.get(args.path)!).filter((name) => name !== 'default');
        const module = `SHARED_THEME_MODULES.get(${JSON.stringify(args.path)})`;
        return {
          contents: `import { SHARED_THEME_MODULES } from ${JSON.stringify(path.join(DOCUSAURUS_DIR, 'modules.ts'))};\nconst m = ${module};\nexport default m.default;\nexport const { ${exported.join(', ')} } = m;\n`,
          loader: 'js',
          resolveDir: DOCUSAURUS_DIR,
        };
      });
    },
  };
}
