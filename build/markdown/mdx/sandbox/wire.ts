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

/**
 * An element description, made only by reading the wire's `{"$$el": …}` (readWire): a page's own
 * object of the same shape is data, never an element. The host checks its name and attributes later.
 */
export class ElementValue {
  constructor(readonly element: SandboxElement) {}
}

/** A host component as the page handed it back (`{"$$ref": n}` on the wire): its number in the page's table. */
export class RefValue {
  constructor(readonly ref: number) {}
}

export type SandboxValue = null | boolean | number | string | SandboxValue[] | SandboxObject | ElementValue | RefValue;

/** A host component handed to the sandbox: only its number goes in; the host keeps the function. */
export class ComponentRef {
  constructor(readonly id: number) {}
}

/**
 * A result the wire cannot carry, as the end of a sentence ("… cannot be evaluated: <this>"). The
 * prelude's `__result` never writes one, but a page may replace `__result` and write any string.
 */
export class WireProblem extends Error {}

/** As deep as the prelude writes (64 levels of data), and an element's props and children list below them. */
const MAX_DEPTH = 64 * 3;
const KINDS = new Set(['intrinsic', 'component', 'fragment', 'slot']);

/** Turns the sandbox's JSON into values, checking the shape of every element description; throws a WireProblem. */
export function readWire(json: string): SandboxValue {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new WireProblem('it gives a result that is not JSON (was __result replaced?)');
  }
  return revive(raw, 0);
}

function revive(raw: unknown, depth: number): SandboxValue {
  if (depth > MAX_DEPTH) throw new WireProblem('its result is nested more than 64 levels deep');
  if (raw === null || typeof raw !== 'object') return raw as SandboxValue;
  if (Array.isArray(raw)) return raw.map((item) => revive(item, depth + 1));
  const record = raw as Record<string, unknown>;
  if (Object.hasOwn(record, '$$ref')) return new RefValue(wholeNumber(record.$$ref, 'a component reference'));
  if (Object.hasOwn(record, '$$el')) return new ElementValue(reviveElement(record.$$el, depth + 1));
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, revive(value, depth + 1)]));
}

function reviveElement(raw: unknown, depth: number): SandboxElement {
  if (!Array.isArray(raw) || raw.length !== 4 || !KINDS.has(raw[0] as string)) throw new WireProblem('it gives an element description the build cannot read');
  const [kind, type, props, children] = raw as [string, unknown, unknown, unknown];
  const attributes = props === null ? {} : revive(props, depth + 1);
  if (!isDataObject(attributes)) throw new WireProblem('it gives an element whose props are not an object');
  if (!Array.isArray(children)) throw new WireProblem('it gives an element whose children are not a list');
  const list = children.map((child) => revive(child, depth + 1));
  if (kind === 'intrinsic') {
    if (typeof type !== 'string') throw new WireProblem('it gives an element whose tag is not a string');
    return { kind, name: type, props: attributes, children: list };
  }
  if (kind === 'component') return { kind, id: wholeNumber(type, 'a component reference'), props: attributes, children: list };
  if (kind === 'slot') return { kind, index: wholeNumber(type, 'a slot') };
  return { kind: 'fragment', children: list };
}

function wholeNumber(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new WireProblem(`it gives ${what} the build did not make`);
  return value;
}

export function isElementValue(value: SandboxValue | undefined): value is ElementValue {
  return value instanceof ElementValue;
}

export function isRefValue(value: SandboxValue | undefined): value is RefValue {
  return value instanceof RefValue;
}

/** A plain object of data: not a list, an element or a component. */
export function isDataObject(value: SandboxValue | undefined): value is SandboxObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof ElementValue) && !(value instanceof RefValue);
}

/** True when the value holds an element anywhere: it renders as markup, not as text or data. */
export function containsElement(value: SandboxValue): boolean {
  if (isElementValue(value)) return true;
  if (Array.isArray(value)) return value.some(containsElement);
  return isDataObject(value) && Object.values(value).some(containsElement);
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
 * Plain JSON data (a JSON import, front matter) goes in as one string for the sandbox's JSON.parse,
 * which keeps `"__proto__"` a field as the computed keys below do, and is faster: QuickJS compiled
 * 3.5 MB of records as object literals in 2.6 s, and parses them as JSON in 0.8 s.
 */
export function hostValueSource(value: unknown, handover: FunctionHandover, depth = 0): string {
  if (depth > 64) throw new RangeError('nested more than 64 levels');
  if (value !== null && typeof value === 'object' && isJsonData(value, depth)) return `JSON.parse(${JSON.stringify(JSON.stringify(value))})`;
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') {
    const callable = handover.callable?.(value);
    return callable ? `globalThis[${JSON.stringify(callable)}]` : `__ref(${handover.register(value)})`;
  }
  if (value instanceof RefValue) return `__ref(${value.ref})`;
  if (value instanceof ElementValue) return elementSource(value.element, handover, depth);
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

/** Null, booleans, numbers, strings, lists and plain objects of them, at most 64 levels deep: what JSON.stringify writes as it is. */
function isJsonData(value: unknown, depth: number): boolean {
  if (value === null || typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') return true;
  if (typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.every((item) => isJsonData(item, depth + 1));
  const prototype = Object.getPrototypeOf(value);
  if ((prototype !== Object.prototype && prototype !== null) || isReactComponentObject(value)) return false;
  return Object.values(value).every((field) => isJsonData(field, depth + 1));
}

/** An element the page made (a prop given to a partial) as the calls that make it again in another sandbox. */
function elementSource(element: SandboxElement, handover: FunctionHandover, depth: number): string {
  if (element.kind === 'slot') return `__slot(${element.index})`;
  const children = element.children.map((child) => `, ${hostValueSource(child, handover, depth + 1)}`).join('');
  if (element.kind === 'fragment') return `__jsx(__Fragment, null${children})`;
  const props = hostValueSource(element.props, handover, depth + 1);
  return element.kind === 'intrinsic' ? `__jsxIntrinsic(${JSON.stringify(element.name)}, ${props}${children})` : `__jsx(__ref(${element.id}), ${props}${children})`;
}

function isReactComponentObject(value: object): boolean {
  return typeof (value as { $$typeof?: unknown }).$$typeof === 'symbol';
}
