/**
 * The `clsx` package, which nearly every Docusaurus site's components import to join class names:
 * strings and numbers are kept, arrays flattened, an object gives its keys whose values are truthy.
 */
export function clsx(...values: unknown[]): string {
  return values.map(classNames).filter(Boolean).join(' ');
}

function classNames(value: unknown): string {
  if (typeof value === 'string' || (typeof value === 'number' && value !== 0)) return String(value);
  if (Array.isArray(value)) return clsx(...value);
  if (value && typeof value === 'object') return Object.keys(value).filter((key) => (value as Record<string, unknown>)[key]).join(' ');
  return '';
}
