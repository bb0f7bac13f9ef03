/**
 * A `require` for an author's Docusaurus config: packages the config imports that are not installed
 * here (its theme, plugins, `prism-react-renderer`) are replaced by a stand-in instead of failing the
 * load. Whatever the config takes from a stand-in is a stand-in too, and the translation ignores it.
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
