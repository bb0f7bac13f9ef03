/**
 * Inline style a page may keep (`<img style={{ maxHeight: 200 }} />`, `<p style="text-align: center">`):
 * layout and text properties from an allowlist, with values that cannot load or run anything (no
 * `url()`, `expression()`, `@import`, escapes or comments). The CSP then allows each value the site
 * uses by its hash (security-headers.ts), so no other inline style can apply.
 */

/** Properties that place, size, space, colour or set text; none of them takes a URL. */
const PROPERTIES = new Set([
  'color', 'background-color', 'opacity', 'display', 'visibility', 'float', 'clear', 'vertical-align',
  'text-align', 'text-decoration', 'text-transform', 'font-size', 'font-weight', 'font-style', 'font-family', 'line-height', 'letter-spacing', 'white-space', 'word-break',
  'width', 'height', 'min-width', 'min-height', 'max-width', 'max-height', 'aspect-ratio', 'object-fit', 'overflow', 'overflow-x', 'overflow-y',
  'margin', 'margin-top', 'margin-right', 'margin-bottom', 'margin-left', 'padding', 'padding-top', 'padding-right', 'padding-bottom', 'padding-left',
  'border', 'border-top', 'border-right', 'border-bottom', 'border-left', 'border-color', 'border-style', 'border-width', 'border-radius',
  'gap', 'flex', 'flex-direction', 'flex-wrap', 'flex-grow', 'flex-shrink', 'flex-basis', 'justify-content', 'align-items', 'align-self',
  'list-style-type', 'list-style-position', 'table-layout', 'border-collapse',
  'position', 'top', 'right', 'bottom', 'left', 'inset',
]);

/**
 * Values narrower than SAFE_VALUE for some properties. `position` is what embeds use to fill a
 * 16:9 box (a relative wrapper, an absolute iframe); never `fixed` or `sticky`, which would pin content
 * over the page. The article is the containing block of what it positions (site.css), and no
 * `z-index` is kept, so nothing an author positions can cover the navbar.
 */
const VALUES: Record<string, RegExp> = { position: /^(static|relative|absolute)$/i };

/** Numbers React writes without `px`. */
const UNITLESS = new Set(['opacity', 'line-height', 'font-weight', 'flex', 'flex-grow', 'flex-shrink', 'aspect-ratio']);

/** A value of words, numbers, units, colours and simple functions (`rgb()`, `calc()`); never a URL or an escape. */
const SAFE_VALUE = /^(?!.*(?:url|expression|image-set|image|element|attr)\s*\()(?!.*\/\*)[\w\s.,%#()+\-*/'"!]*$/i;

export interface CleanStyle {
  /** The declarations kept, as a `style` attribute; empty when none was. */
  css: string;
  /** The properties dropped, for the warning. */
  dropped: string[];
}

/** A JSX style object (`{ maxHeight: 200 }`) as CSS text, as React writes it; `safeStyle` then keeps what is allowed. */
export function cssFromObject(style: Record<string, unknown>): string {
  return Object.entries(style).flatMap(([name, value]) => {
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    const property = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    return [`${property}: ${typeof value === 'number' && value !== 0 && !UNITLESS.has(property) ? `${value}px` : value}`];
  }).join('; ');
}

/** A `style` attribute's text, kept to the allowlist. */
export function safeStyle(css: string): CleanStyle {
  return clean(css.split(';').filter((declaration) => declaration.trim()).map((declaration) => {
    const colon = declaration.indexOf(':');
    return colon < 0 ? [declaration.trim(), ''] : [declaration.slice(0, colon).trim().toLowerCase(), declaration.slice(colon + 1).trim()];
  }));
}

function clean(declarations: string[][]): CleanStyle {
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const [property, value] of declarations) {
    if (PROPERTIES.has(property) && value !== '' && SAFE_VALUE.test(value) && (VALUES[property]?.test(value) ?? true)) kept.push(`${property}: ${value}`);
    else dropped.push(property);
  }
  return { css: kept.join('; '), dropped };
}
