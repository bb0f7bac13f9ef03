/**
 * The values a Docusaurus config is made of, as its translation reads them (config.ts,
 * theme-config.ts, code-theme.ts): plain records, strings, static-folder paths, and the
 * callback that records what is not supported.
 */
import { isStub } from '../site/package-stubs.ts';

/** Records that something in the config is not supported: `subject` names it as the author wrote it (`"themeConfig.algolia"`, `navbar item 2 ("Blog")`); `outcome` says what happens instead (default: it is ignored). */
export type Unsupported = (subject: string, outcome?: string) => void;

export type Raw = Record<string, unknown>;

export const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value) && !isStub(value);
export const stringOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** `img/logo.svg` in Docusaurus is a file of the static folder: our site path `/img/logo.svg`. URLs stay. */
export function staticPath(value: unknown): string | undefined {
  const src = stringOf(value);
  if (src === undefined || src === '' || /^([a-z][a-z\d+.-]*:|\/)/i.test(src)) return src;
  return `/${src}`;
}
