import path from 'node:path';
import * as v from 'valibot';
import { CONFIG_SCHEMA, type ConfigInput } from './config-schema.ts';
import { ContentError, contentError } from '../errors.ts';
import { loadModuleDefault } from './module-loader.ts';
import type { NavbarItem, SiteConfig } from '../../src/shared/types.ts';

const NAVBAR_ITEM_TYPES = ['doc', 'default', 'search', 'colorMode'];

/** Loads and validates `site.config.ts`; every problem names the file and the field. */
export async function loadConfig(file: string): Promise<SiteConfig> {
  const raw = await loadModuleDefault(file);
  return validateConfig(raw, path.relative(process.cwd(), file) || file);
}

/** The config with defaults filled in; every bad field is reported at once, by its path. */
export function validateConfig(raw: unknown, file: string): SiteConfig {
  const result = v.safeParse(CONFIG_SCHEMA, raw);
  if (!result.success) throw contentError(result.issues.map((issue) => configError(issue, file)));
  const config = result.output;
  const items = config.navbar.items.map((item, index) => validateNavbarItem(item, index, file));
  return { ...config, navbar: { ...config.navbar, title: config.navbar.title ?? config.title, items } };
}

function configError(issue: v.BaseIssue<unknown>, file: string): ContentError {
  const dotPath = v.getDotPath(issue);
  const field = dotPath ? `"${dotPath}"` : 'the default export';
  if (issue.type === 'strict_object' && issue.expected === 'never') {
    return new ContentError(`${field} is not a config field`, file, undefined, 'Remove it, or correct its spelling (docs/authoring.md lists the fields).');
  }
  if (issue.kind === 'validation') {
    return new ContentError(`${field} is ${JSON.stringify(issue.input)}`, file, undefined, issue.message);
  }
  if (issue.input === undefined) {
    return new ContentError(`${field} is missing`, file, undefined, `Add ${dotPath}: ${describeExpected(expectedAt(issue.path ?? []))}.`);
  }
  const expected = describeExpected(issue.expected ?? '');
  return new ContentError(`${field} must be ${expected}, not ${describeValue(issue.input)}`, file, undefined, `Set ${dotPath || 'the default export'} to ${expected}.`);
}

/** What the schema expects at a path (a missing key's issue names the key, not its type). */
function expectedAt(path: v.IssuePathItem[]): string {
  let schema: { type: string; expects: string; entries?: Record<string, unknown>; wrapped?: unknown } = CONFIG_SCHEMA;
  for (const { key } of path) {
    while (schema.type === 'optional' && schema.wrapped) schema = schema.wrapped as typeof schema;
    schema = schema.entries?.[String(key)] as typeof schema;
  }
  return schema.expects;
}

/** valibot's `string`, `Object`, `("a" | "b")` as an author reads it. */
function describeExpected(expected: string): string {
  const words: Record<string, string> = { string: 'a string', number: 'a number', boolean: 'true or false', Object: 'an object', Array: 'a list' };
  return words[expected] ?? `one of ${expected.replace(/^\(|\)$/g, '').split(' | ').join(', ')}`;
}

function describeValue(value: unknown): string {
  return Array.isArray(value) ? 'a list' : value === null ? 'null' : `a ${typeof value} (${JSON.stringify(value)})`;
}

function validateNavbarItem(raw: unknown, index: number, file: string): NavbarItem {
  const item = (isObject(raw) ? raw : {}) as Record<string, unknown>;
  const type = (item.type as string | undefined) ?? 'default';
  const name = `navbar item ${index + 1}${typeof item.label === 'string' ? ` ("${item.label}")` : ''}`;
  if (!NAVBAR_ITEM_TYPES.includes(type)) {
    throw new ContentError(`${name} has unknown type "${type}"`, file, undefined,
      `Use one of: ${NAVBAR_ITEM_TYPES.join(', ')} (a plain link needs no type, only "to" or "href").`);
  }
  if (type === 'doc' && typeof item.docId !== 'string') {
    throw new ContentError(`${name} of type "doc" has no docId`, file, undefined, 'Add docId: the id of the doc it links to.');
  }
  if (type === 'default' && typeof item.to !== 'string' && typeof item.href !== 'string') {
    throw new ContentError(`${name} has neither "to" nor "href"`, file, undefined, 'Add to (a page of this site) or href (an external URL).');
  }
  if ((type === 'doc' || type === 'default') && typeof item.label !== 'string') {
    throw new ContentError(`${name} has no label`, file, undefined, 'Add label: the text shown in the navbar.');
  }
  return { ...item, type } as NavbarItem;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The config of a docs-only build of a foreign Docusaurus folder (`--docs DIR` without a site config). */
export function docsOnlyConfig(docsDir: string, sidebarsFile: string): SiteConfig {
  return validateConfig({
    title: path.basename(path.resolve(docsDir, '..')) || 'Docs',
    url: 'http://localhost',
    baseUrl: '/',
    docs: { path: docsDir, sidebarPath: sidebarsFile, routeBasePath: '/' },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 4 },
  } satisfies ConfigInput, 'the docs-only config');
}
