/**
 * What crosses the sandbox's wall, in both directions: data (strings, numbers, booleans, null, lists
 * and plain objects), descriptions of JSX elements made inside it, and references to the components
 * the host provides. Everything else (functions, class instances, symbols) stays on its own side.
 */

/** A JSX element made by a page's expression, not yet trusted: the host checks its name and attributes. */
export type SandboxElement =
  | { kind: 'intrinsic'; name: string; props: SandboxObject; children: SandboxValue[] }
  | { kind: 'component'; id: number; props: SandboxObject; children: SandboxValue[] }
  | { kind: 'fragment'; children: SandboxValue[] }
  /** Where a page's function component put its `children`: the host puts the element's own children there. */
  | { kind: 'slot'; index: number };

export interface SandboxObject { [key: string]: SandboxValue }

export type SandboxValue = null | boolean | number | string | SandboxValue[] | SandboxObject | { element: SandboxElement } | { ref: number };

/** A host component handed to the sandbox: only its number goes in; the host keeps the function. */
export class ComponentRef {
  constructor(readonly id: number) {}
}

/** Turns the sandbox's JSON into values, checking the shape of every element description. */
export function readWire(json: string): SandboxValue {
  return revive(JSON.parse(json));
}

function revive(raw: unknown): SandboxValue {
  if (raw === null || typeof raw !== 'object') return raw as SandboxValue;
  if (Array.isArray(raw)) return raw.map(revive);
  const record = raw as Record<string, unknown>;
  if ('$$ref' in record) return { ref: Number(record.$$ref) };
  if ('$$el' in record) return { element: reviveElement(record.$$el as unknown[]) };
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, revive(value)]));
}

function reviveElement([kind, type, props, children]: unknown[]): SandboxElement {
  const list = Array.isArray(children) ? children.map(revive) : [];
  const attributes = (props && typeof props === 'object' && !Array.isArray(props) ? revive(props) : {}) as SandboxObject;
  if (kind === 'intrinsic') return { kind, name: String(type), props: attributes, children: list };
  if (kind === 'component') return { kind, id: Number(type), props: attributes, children: list };
  if (kind === 'slot') return { kind, index: Number(type) };
  return { kind: 'fragment', children: list };
}

export function isElementValue(value: SandboxValue | undefined): value is { element: SandboxElement } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'element' in value && Object.keys(value).length === 1;
}

export function isRefValue(value: SandboxValue | undefined): value is { ref: number } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'ref' in value && Object.keys(value).length === 1 && typeof value.ref === 'number';
}

/** True when the value holds an element anywhere: it renders as markup, not as text or data. */
export function containsElement(value: SandboxValue): boolean {
  if (isElementValue(value)) return true;
  if (Array.isArray(value)) return value.some(containsElement);
  return typeof value === 'object' && value !== null && !isRefValue(value) && Object.values(value).some(containsElement);
}

/**
 * How the host hands over a function: by its source name when the sandbox may call it (a client
 * function such as useBaseUrl), else as a component reference numbered by `register`.
 */
export interface FunctionHandover {
  register: (component: unknown) => number;
  /** The global the sandbox calls it by, or undefined when it is a component. */
  callable?: (fn: unknown) => string | undefined;
}

/**
 * A host value as the sandbox's JavaScript source: data as literals, functions as callables or
 * component references. Other objects (dates, maps, class instances) are left out.
 */
export function hostValueSource(value: unknown, handover: FunctionHandover, depth = 0): string {
  if (depth > 64) throw new RangeError('nested more than 64 levels');
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') {
    const callable = handover.callable?.(value);
    return callable ? `globalThis[${JSON.stringify(callable)}]` : `__ref(${handover.register(value)})`;
  }
  if (value === null || typeof value !== 'object') return typeof value === 'bigint' ? JSON.stringify(String(value)) : JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map((item) => hostValueSource(item, handover, depth + 1)).join(',')}]`;
  const prototype = Object.getPrototypeOf(value);
  // A module namespace object has a null prototype; a React component object (memo, forwardRef) is one too.
  if (isReactComponentObject(value)) return `__ref(${handover.register(value)})`;
  if (prototype !== Object.prototype && prototype !== null) return 'undefined';
  // Computed keys: a literal `"__proto__": x` would set the prototype instead of a field.
  const fields = Object.entries(value as Record<string, unknown>).map(([key, field]) => `[${JSON.stringify(key)}]:${hostValueSource(field, handover, depth + 1)}`);
  return `({${fields.join(',')}})`;
}

function isReactComponentObject(value: object): boolean {
  return typeof (value as { $$typeof?: unknown }).$$typeof === 'symbol';
}
