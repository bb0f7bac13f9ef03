/**
 * A prism-react-renderer theme (`prism.theme` / `darkTheme`; docusaurus/code-theme.ts reads a Docusaurus config's) as the code colours: the
 * highlighter gives tokens Prism's `token <type>` classes (markdown/prism-tokens.ts), so the theme's
 * styles become one CSS rule per entry, scoped to its colour mode. What reaches the CSS is only what the
 * schemas below accept (colours, font style and weight, text decoration, opacity): never a string as
 * the config wrote it.
 */
import * as v from 'valibot';
import type { CodeStyle, CodeTheme, SiteConfig } from '../../src/shared/types.ts';

const COLOR = v.pipe(v.string(), v.regex(/^(#[\da-f]{3,8}|[a-z]+|(rgba?|hsla?)\([\d.,%\s/]+\))$/i, 'Use a colour: "#393a34", "rgb(0, 0, 128)", "hsl(220, 14%, 71%)" or a name.'));
export const CODE_NAME = v.pipe(v.string(), v.regex(/^[\w-]+$/, 'Use a Prism token type or language name, such as "comment" or "markup".'));

/** Each style property a theme may set, as its value must be; CSS_PROPERTY names it in CSS. */
export const STYLE_VALUES = {
  color: COLOR,
  backgroundColor: COLOR,
  fontStyle: v.picklist(['normal', 'italic', 'oblique']),
  fontWeight: v.union([v.picklist(['normal', 'bold', 'bolder', 'lighter', '100', '200', '300', '400', '500', '600', '700', '800', '900']), v.picklist([100, 200, 300, 400, 500, 600, 700, 800, 900])]),
  textDecorationLine: v.pipe(v.string(), v.regex(/^(none|(underline|overline|line-through)(\s+(underline|overline|line-through))*)$/, 'Use none, underline, overline or line-through.')),
  opacity: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
} satisfies Record<keyof CodeStyle, v.GenericSchema>;

const CSS_PROPERTY: Record<keyof CodeStyle, string> = {
  color: 'color', backgroundColor: 'background-color', fontStyle: 'font-style', fontWeight: 'font-weight', textDecorationLine: 'text-decoration-line', opacity: 'opacity',
};

const CODE_STYLE = v.strictObject(Object.fromEntries(Object.entries(STYLE_VALUES).map(([key, schema]) => [key, v.optional(schema)])) as { [K in keyof CodeStyle]-?: v.OptionalSchema<(typeof STYLE_VALUES)[K], undefined> });

export const CODE_THEME = v.strictObject({
  plain: CODE_STYLE,
  styles: v.array(v.strictObject({ types: v.array(CODE_NAME), languages: v.optional(v.array(CODE_NAME)), style: CODE_STYLE })),
});

/** The CSS of the config's code themes, the light one under `[data-theme='light']`, the dark one under `[data-theme='dark']`. */
export function codeThemeCss(prism: SiteConfig['prism']): string {
  return [...(prism.theme ? themeRules(prism.theme, 'light') : []), ...(prism.darkTheme ? themeRules(prism.darkTheme, 'dark') : [])].join('\n');
}

/**
 * A theme replaces the theme's own code colours in its mode, the title bar's too: tokens it does not
 * style take the plain colour, as prism-react-renderer leaves them. A later entry wins over an earlier
 * one, as in prism-react-renderer, so a language's entry (`:where()`, no weight of its own) is not stronger.
 */
function themeRules(theme: CodeTheme, mode: 'light' | 'dark'): string[] {
  const scope = `[data-theme='${mode}'] .code-block`;
  const comment = theme.styles.find((entry) => entry.types.includes('comment'))?.style.color;
  const variables = { '--code-text': theme.plain.color, '--color-code-bg': theme.plain.backgroundColor, '--code-comment': comment ?? theme.plain.color };
  return [
    rule(scope, Object.entries(variables)),
    rule(`${scope} .code-block-title`, [['background-color', theme.plain.backgroundColor], ['color', theme.plain.color]]),
    rule(`${scope} .token`, [['color', 'inherit'], ['font-style', 'inherit'], ['font-weight', 'inherit']]),
    ...theme.styles.map((entry) => {
      const languages = entry.languages ? `:where(${entry.languages.map((language) => `.language-${language}`).join(', ')})` : '';
      return rule(entry.types.map((type) => `${scope}${languages} .token.${type}`).join(', '), declarations(entry.style));
    }),
  ].filter((css) => css !== '');
}

function declarations(style: CodeStyle): [string, string | number | undefined][] {
  return (Object.keys(CSS_PROPERTY) as (keyof CodeStyle)[]).map((property) => [CSS_PROPERTY[property], style[property]]);
}

function rule(selector: string, entries: [string, string | number | undefined][]): string {
  const body = entries.filter(([, value]) => value !== undefined).map(([property, value]) => `${property}: ${value}`).join('; ');
  return body ? `${selector} { ${body}; }` : '';
}
