/** A Docusaurus config's prism-react-renderer themes (`themeConfig.prism.theme` / `darkTheme`), read into what site/code-theme.ts accepts. */
import * as v from 'valibot';
import type { CodeStyle, CodeTheme } from '../../src/shared/types.ts';
import { CODE_NAME, STYLE_VALUES } from '../site/code-theme.ts';
import { isStub } from '../site/package-stubs.ts';
import { isRecord, type Unsupported } from './values.ts';

/**
 * A theme object of a Docusaurus config, keeping what CODE_THEME accepts; each property or value it
 * leaves out is one warning (`option`: `"themeConfig.prism.theme"`). A stand-in or no theme: undefined.
 */
export function readCodeTheme(raw: unknown, option: string, unsupported: Unsupported): CodeTheme | undefined {
  if (raw === undefined || isStub(raw)) return undefined;
  if (!isRecord(raw)) {
    unsupported(`${option} that is not a prism-react-renderer theme object`, 'the code keeps the theme\'s colours');
    return undefined;
  }
  const dropped = new Set<string>();
  const style = (value: unknown) => readStyle(value, option, dropped, unsupported);
  const plain = style(raw.plain);
  const named = (value: unknown, what: string) => names(value, (name) => `${what} ${name} in ${option}`, unsupported);
  const styles = (Array.isArray(raw.styles) ? raw.styles : []).filter(isRecord).map((entry) => ({
    types: named(entry.types, 'token type'),
    ...(entry.languages === undefined ? {} : { languages: named(entry.languages, 'language') }),
    style: style(entry.style),
  }));
  return { plain, styles: styles.filter((entry) => entry.types.length > 0) };
}

/** Token types and languages become class names in a selector: only Prism's kind of name is kept. */
function names(value: unknown, subject: (name: string) => string, unsupported: Unsupported): string[] {
  return (Array.isArray(value) ? value : [value]).filter((name): name is string => {
    if (v.is(CODE_NAME, name)) return true;
    unsupported(subject(JSON.stringify(String(name).slice(0, 60))));
    return false;
  });
}

/** `dropped`: properties already warned about for this theme, so a theme with many shadows warns once. */
function readStyle(raw: unknown, option: string, dropped: Set<string>, unsupported: Unsupported): CodeStyle {
  const style: Record<string, unknown> = {};
  for (const [property, written] of Object.entries(isRecord(raw) ? raw : {})) {
    // Some themes mark a colour `!important`; a rule of ours needs no such help.
    const value = typeof written === 'string' ? written.replace(/\s*!important$/, '') : written;
    const schema = STYLE_VALUES[property as keyof CodeStyle];
    if (schema && v.is(schema, value)) style[property] = value;
    else if (!dropped.has(property)) {
      dropped.add(property);
      if (schema) unsupported(`${property} ${JSON.stringify(String(written).slice(0, 60))} in ${option} (a code theme takes plain values only)`);
      else unsupported(`"${property}" in ${option}`, 'code is coloured without it');
    }
  }
  return style as CodeStyle;
}
