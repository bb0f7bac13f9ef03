/**
 * A `require` for an author's Docusaurus config: packages the config imports that are not installed
 * here (its theme, plugins) are replaced by a stand-in instead of failing the load. Whatever the config
 * takes from a stand-in is a stand-in too, and the translation ignores it. The packages a config reads
 * data from, the code themes of `prism-react-renderer`, are installed with the generator: a site
 * without its own copy gets ours.
 */
import { builtinModules, createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';

const STUB = Symbol('package stub');

/** A value that stands for an uninstalled package, or anything taken from one. */
export function isStub(value: unknown): boolean {
  return typeof value === 'function' && (value as unknown as Record<symbol, unknown>)[STUB] !== undefined;
}

function stub(name: string): unknown {
  const target = function stand_in() {};
  // A namespace object esbuild makes of the stand-in (`import * as x`) inherits every name from this.
  const prototype: object = new Proxy({}, { get: (_, key) => (key === 'then' ? undefined : self) });
  const self: unknown = new Proxy(target, {
    get: (_, key) => {
      if (key === STUB) return name;
      if (key === 'then' || key === '__esModule') return undefined; // not a promise, not an ES module
      if (key === Symbol.toPrimitive) return () => `[${name}]`;
      return self;
    },
    getPrototypeOf: () => prototype,
    apply: () => self,
    construct: () => self as object,
  });
  return self;
}

/** Packages installed with the generator for configs to read, resolved from the generator's own folder. */
const PROVIDED_PACKAGES = new Set(['prism-react-renderer']);
const generatorRequire = createRequire(import.meta.url);

/**
 * A provided package, or a file of it: `prism-react-renderer/themes/github` of version 1 (Docusaurus 2
 * configs) is version 2's `themes.github`.
 */
function providedModule(id: string): { exports: unknown } | undefined {
  if (!PROVIDED_PACKAGES.has(packageName(id))) return undefined;
  const v1Theme = /^prism-react-renderer\/themes\/(\w+)(\/index(\.js)?)?$/.exec(id);
  if (v1Theme) {
    const theme = (generatorRequire('prism-react-renderer') as { themes: Record<string, unknown> }).themes[v1Theme[1]];
    return theme === undefined ? undefined : { exports: theme };
  }
  try {
    return { exports: generatorRequire(id) };
  } catch {
    return undefined;
  }
}

function isBarePackage(id: string): boolean {
  return !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('node:') && !builtinModules.includes(id);
}

/** `./sidebars.js` that is `sidebars.ts` on disk: Docusaurus's loader finds it, so this does too. */
function resolveLocal(file: string, id: string): string {
  const absolute = path.resolve(path.dirname(file), id);
  const base = absolute.replace(/\.[cm]?js$/, '');
  return [absolute, ...['.ts', '.mts', '.cts', '.tsx', '.js', '.json'].map((ext) => base + ext)].find((candidate) => existsSync(candidate)) ?? absolute;
}

/**
 * `require` for `file`: an uninstalled package gives a stand-in and `missing(name)`; `require.resolve`
 * of one returns its name, and of a local file that does not exist, the file the author meant.
 */
export function requireWithStubs(file: string, missing: (name: string) => void): NodeJS.Require {
  const real = createRequire(file);
  const resolvable = (id: string) => {
    try {
      real.resolve(id);
      return true;
    } catch {
      return false;
    }
  };
  const wrapped = ((id: string) => {
    if (isBarePackage(id) && !resolvable(id)) {
      const provided = providedModule(id);
      if (provided) return provided.exports;
      missing(packageName(id));
      return stub(packageName(id));
    }
    return real(id);
  }) as NodeJS.Require;
  wrapped.resolve = ((id: string, options?: { paths?: string[] }) => {
    if (resolvable(id)) return real.resolve(id, options);
    if (!isBarePackage(id)) return resolveLocal(file, id);
    missing(packageName(id));
    return id;
  }) as NodeJS.RequireResolve;
  wrapped.resolve.paths = real.resolve.paths;
  wrapped.cache = real.cache;
  wrapped.main = real.main;
  wrapped.extensions = real.extensions;
  return wrapped;
}

/** `@scope/name` or `name`, without a path inside the package. */
function packageName(id: string): string {
  const parts = id.split('/');
  return id.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}
