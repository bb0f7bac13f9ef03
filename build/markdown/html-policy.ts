/**
 * The one allowlist every page's HTML passes, whoever made it: Markdown, raw HTML, MDX's HTML
 * elements, markup given as a prop, and what theme and opted-in components render (render.ts runs
 * their HTML through `sanitizedHtmlTree`). hast-util-sanitize keeps only the tags and attributes of
 * SCHEMA, and only http(s), mailto, tel and relative URLs; every iframe must come from an allowed
 * embed host over https. What is dropped gets a warning at its line; a refused iframe is an error.
 */
import { fromHtml } from 'hast-util-from-html';
import { sanitize, type Schema } from 'hast-util-sanitize';
import { find, html } from 'property-information';
import type { Element, ElementContent, Root, RootContent } from 'hast';
import type { VFile } from 'vfile';
import { walkElements } from './walk.ts';
import { safeStyle } from './inline-style.ts';

export interface HtmlPolicyOptions {
  /** Hosts an `<iframe>` may load over https; undefined: any. */
  embedHosts?: string[];
}

const TEXT_TAGS = ['p', 'br', 'hr', 'b', 'i', 'em', 'strong', 'small', 'mark', 's', 'u', 'q', 'cite', 'abbr', 'code', 'kbd', 'samp', 'var', 'sub', 'sup', 'del', 'ins', 'time', 'span', 'center', 'pre', 'blockquote'];
const STRUCTURE_TAGS = ['div', 'section', 'aside', 'header', 'footer', 'nav', 'figure', 'figcaption', 'details', 'summary', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd'];
const TABLE_TAGS = ['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'col', 'colgroup'];
const MEDIA_TAGS = ['a', 'img', 'picture', 'source', 'video', 'audio', 'track', 'iframe'];
/** Only in the theme's own markup (tabs, task lists); an author's are dropped earlier (raw-html.ts, jsx-elements.ts). */
const THEME_TAGS = ['button', 'input'];
/**
 * Inline SVG as components draw icons with it: shapes, gradients and text. Not `script`, `foreignObject`,
 * `animate`/`set` (which can set an href), `image` or `a`; `use` only points inside the page.
 */
export const SVG_TAGS = ['svg', 'g', 'path', 'circle', 'ellipse', 'rect', 'line', 'polyline', 'polygon', 'title', 'desc', 'defs', 'symbol', 'use', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'text', 'tspan'];
/** A paint or reference (`fill="url(#g)"`) may point inside the page only. */
const LOCAL_REFERENCE = /^(?!.*url\(\s*(?!#))/i;
const SVG_ATTRIBUTES: (string | [string, RegExp])[] = ['viewBox', 'xmlns', 'width', 'height', ['fill', LOCAL_REFERENCE], 'fillRule', 'fillOpacity', 'clipRule', ['clipPath', LOCAL_REFERENCE], ['mask', LOCAL_REFERENCE], ['stroke', LOCAL_REFERENCE], 'strokeWidth', 'strokeLinecap', 'strokeLinejoin', 'strokeMiterlimit', 'strokeDasharray', 'strokeOpacity', 'opacity', 'd', 'cx', 'cy', 'r', 'rx', 'ry', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'dx', 'dy', 'points', 'transform', 'offset', 'stopColor', 'stopOpacity', 'gradientUnits', 'gradientTransform', 'preserveAspectRatio', 'focusable', 'textAnchor', 'fontSize', 'fontWeight'];

/** The data attributes the theme's markup and GFM carry; others could steer the runtime or the search index. */
const DATA_ATTRIBUTES = ['dataTabs', 'dataGroupId', 'dataQueryKey', 'dataValue', 'dataMeta', 'dataLine', 'dataPagefindIgnore', 'dataFootnotes', 'dataFootnoteRef', 'dataFootnoteBackref'];
const ARIA_ATTRIBUTES = ['role', 'ariaLabel', 'ariaLabelledBy', 'ariaDescribedBy', 'ariaHidden', 'ariaControls', 'ariaSelected', 'ariaOrientation', 'ariaExpanded', 'ariaCurrent'];

/** The presentational `align` of old HTML, which Docusaurus pages still write (`<p align="center">`). */
const ALIGN: [string, ...string[]] = ['align', 'left', 'right', 'center', 'justify', 'top', 'middle', 'bottom'];

/** `data:` URLs only for images of raster formats, which cannot run script. */
const IMAGE_SOURCE = /^(?!data:)|^data:image\/(png|gif|jpe?g|webp|avif)[;,]/i;
const NO_DATA_URL = /^(?!data:)/i;

export const SCHEMA: Schema = {
  tagNames: [...TEXT_TAGS, ...STRUCTURE_TAGS, ...TABLE_TAGS, ...MEDIA_TAGS, ...THEME_TAGS, ...SVG_TAGS],
  attributes: {
    // `style` is then kept to inline-style.ts's allowlist.
    '*': ['className', 'id', 'title', 'lang', 'dir', 'hidden', 'tabIndex', 'style', ...ARIA_ATTRIBUTES, ...DATA_ATTRIBUTES],
    // `target="_self"` leaves the link to the browser, not the client router (Docusaurus's `pathname://` links).
    a: ['href', 'hrefLang', 'rel', ['target', '_blank', '_self']],
    img: [['src', IMAGE_SOURCE], 'alt', 'width', 'height', 'loading', 'decoding', 'srcSet', 'sizes', ALIGN],
    p: [ALIGN],
    div: [ALIGN],
    table: [ALIGN],
    h1: [ALIGN],
    h2: [ALIGN],
    h3: [ALIGN],
    h4: [ALIGN],
    h5: [ALIGN],
    h6: [ALIGN],
    // `sandbox` only takes powers away from the frame.
    iframe: [['src', /^https:\/\//i], 'width', 'height', 'allow', 'allowFullScreen', 'loading', 'referrerPolicy', 'frameBorder', 'sandbox'],
    video: [['src', NO_DATA_URL], ['poster', NO_DATA_URL], 'controls', 'width', 'height', 'loop', 'muted', 'playsInline', 'preload'],
    audio: [['src', NO_DATA_URL], 'controls', 'loop', 'muted', 'preload'],
    source: [['src', NO_DATA_URL], 'srcSet', 'type', 'media', 'sizes'],
    track: [['src', NO_DATA_URL], 'kind', 'srcLang', 'label', 'default'],
    td: ['align', 'colSpan', 'rowSpan'],
    th: ['align', 'colSpan', 'rowSpan', 'scope'],
    col: ['span'],
    colgroup: ['span'],
    ol: ['start', 'reversed', 'type'],
    li: ['value'],
    details: ['open'],
    time: ['dateTime'],
    blockquote: ['cite'],
    q: ['cite'],
    del: ['cite'],
    ins: ['cite'],
    button: [['type', 'button']],
    ...Object.fromEntries(SVG_TAGS.map((tag) => [tag, SVG_ATTRIBUTES])),
    use: [...SVG_ATTRIBUTES, ['href', /^#/]],
    input: [['type', 'checkbox'], 'checked', 'disabled'],
  },
  protocols: {
    href: ['http', 'https', 'mailto', 'tel'],
    src: ['http', 'https', 'data'],
    srcSet: ['http', 'https'],
    poster: ['http', 'https'],
    cite: ['http', 'https'],
  },
  // Unknown tags give way to their content; these take theirs with them.
  strip: ['script', 'style', 'template', 'noscript', 'textarea', 'title', 'xmp'],
  // No `user-content-` prefix: our heading ids are the page's anchors. Ids spelled like DOM properties are refused below.
  clobber: [],
  ancestors: {},
  required: { input: { type: 'checkbox', disabled: true } },
  allowComments: false,
  allowDoctypes: false,
};

/**
 * Allowed tags whose content the browser's parser reads as raw text, up to the first `</tag>`
 * anywhere in it. Content written as elements would be serialized as markup, and `</iframe>` inside
 * an attribute value would end the element there and turn the rest into live markup; an iframe shows
 * its src, never its content, so it keeps none. (script, style, textarea, title, noscript, xmp are not allowed at all.)
 */
const RAW_TEXT_TAGS = new Set(['iframe']);

/** rehype plugin: the page's tree through the policy (MDX components and the language tabs' HTML are left whole). */
export function rehypeHtmlPolicy(options: HtmlPolicyOptions) {
  return (tree: Root, file: VFile) => applyHtmlPolicy(tree, file, options);
}

export function applyHtmlPolicy(tree: Root, file: VFile, options: HtmlPolicyOptions): void {
  tree.children = policedChildren(tree.children, file, options) as RootContent[];
  finishElements(tree, file);
}

/** HTML a component rendered, through the same policy, as the tree a browser would parse it into. */
export function sanitizedHtmlTree(html: string, file: VFile, options: HtmlPolicyOptions): Root {
  const tree = fromHtml(html, { fragment: true });
  applyHtmlPolicy(tree, file, options);
  return tree;
}

function policedChildren(children: RootContent[], file: VFile, options: HtmlPolicyOptions): RootContent[] {
  return children.flatMap((child) => policed(child, file, options));
}

/**
 * One node through the policy. Each element goes to hast-util-sanitize alone, so what it drops is
 * known at once, with the element's line; MDX components keep their node (their own HTML is checked
 * when they render) and the language tabs' HTML stays whole.
 */
function policed(node: RootContent, file: VFile, options: HtmlPolicyOptions): RootContent[] {
  if (node.type === 'text' || node.type === 'raw') return [node];
  if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
    node.children = policedChildren(node.children as RootContent[], file, options) as typeof node.children;
    return [node];
  }
  if (node.type !== 'element') return []; // comments and doctypes
  if (node.tagName === 'iframe' && !allowedEmbed(node, options, file)) return [];
  // Every page sits in the theme's own <main>; a component's (each Docusaurus React page has one) is a block like any other.
  if (node.tagName === 'main') node.tagName = 'div';
  if (node.tagName === 'a') nameAsId(node);
  // Without `data`, which the sanitizer would deep-copy, and without children, which are policed one by one.
  const clean = sanitize({ type: 'element', tagName: node.tagName, properties: node.properties, children: [], position: node.position }, SCHEMA);
  const children = policedChildren(node.children, file, options) as ElementContent[];
  if (clean.type !== 'element') {
    file.message(`<${node.tagName}> was removed: the tag is not allowed in a page`, { place: node.position, ruleId: 'html-policy' });
    return SCHEMA.strip!.includes(node.tagName) ? [] : children;
  }
  if (RAW_TEXT_TAGS.has(clean.tagName) && children.length > 0) {
    if (children.some((child) => child.type !== 'text' || child.value.trim())) file.message(`the content of <${clean.tagName}> was removed: a browser reads it as text, never shows it`, { place: node.position, ruleId: 'html-policy' });
    children.length = 0;
  }
  const droppedDeclarations = keepSafeStyle(clean.properties);
  if (droppedDeclarations.length > 0) file.message(`${droppedDeclarations.map((name) => `"${name}"`).join(', ')} in the style of <${node.tagName}> ${droppedDeclarations.length > 1 ? 'were' : 'was'} removed: only layout and text properties, without URLs, are kept`, { place: node.position, ruleId: 'html-policy' });
  const dropped = Object.keys(node.properties).filter((name) => !(name in clean.properties) && !(name === 'style' && droppedDeclarations.length > 0));
  if (dropped.length > 0) file.message(`${dropped.map((name) => `"${attributeName(name)}"`).join(', ')} of <${node.tagName}> ${dropped.length > 1 ? 'were' : 'was'} removed: ${droppedReason(node, dropped)}`, { place: node.position, ruleId: 'html-policy' });
  clean.children = children;
  if (node.data) clean.data = node.data;
  return [clean];
}

/**
 * An old-style anchor, `<a name="x">`, stays a target of `#x` as its id (and is checked as ids are), which is
 * where a browser looks first; `name` itself is dropped as on every element. An `<a>` with another id keeps that.
 */
function nameAsId(anchor: Element): void {
  const { name, id } = anchor.properties;
  if (typeof name !== 'string' || name === '' || (id !== undefined && id !== name)) return;
  anchor.properties.id = name;
  delete anchor.properties.name;
}

/** A `style` of the allowlist's declarations only (none left, no attribute); returns the properties dropped. */
function keepSafeStyle(properties: Element['properties']): string[] {
  if (typeof properties.style !== 'string') return [];
  const { css, dropped } = safeStyle(properties.style);
  if (css) properties.style = css;
  else delete properties.style;
  return dropped;
}

function droppedReason(element: Element, dropped: string[]): string {
  const url = dropped.map((name) => element.properties[name]).find((value) => typeof value === 'string' && /^\s*[\w+.-]+:/.test(value));
  return typeof url === 'string' ? `"${url.slice(0, 60)}" is not an allowed URL (http, https, mailto, tel or a relative path)` : 'the attribute is not allowed on this tag';
}

/** `className` → `class`, `ariaLabel` → `aria-label`: the attribute as the author wrote it. */
function attributeName(property: string): string {
  return find(html, property).attribute;
}

/**
 * An id spelled like a DOM property would replace it on `window` (`<p id="addEventListener">`); DOM
 * property names are camelCase JavaScript identifiers, and `constructor` and `__proto__`.
 */
const CLOBBERING_ID = /^(?=[A-Za-z_$][\w$]*$)(?:.*[A-Z]|constructor$|__proto__$)/;

/** What the schema cannot say: DOM-clobbering ids, lazy images. */
function finishElements(tree: Root, file: VFile): void {
  walkElements(tree, (element) => {
    if (element.tagName === 'img') element.properties.loading ??= 'lazy';
    const id = element.properties.id;
    if (typeof id === 'string' && CLOBBERING_ID.test(id)) {
      delete element.properties.id;
      file.message(`id "${id}" was removed: an id spelled like a DOM property can replace it on window`, { place: element.position, ruleId: 'dom-property-id' });
    }
  });
}

/**
 * An allowed iframe (https, from `embedHosts` when the config lists them) loads lazily and has a title;
 * any other is removed with an error. The CSP's frame-src lists the hosts the pages embed (security-headers.ts).
 */
function allowedEmbed(iframe: Element, options: HtmlPolicyOptions, file: VFile): boolean {
  const src = typeof iframe.properties.src === 'string' ? iframe.properties.src : '';
  const host = URL.canParse(src) ? new URL(src).host : '';
  const allowed = src.startsWith('https://') && host !== '' && (options.embedHosts?.includes(host) ?? true);
  if (!allowed) {
    const message = file.message(`<iframe> from "${host || src}" is not an allowed embed`, { place: iframe.position, ruleId: 'embed' });
    message.fatal = true;
    message.note = options.embedHosts
      ? `Embed from one of ${options.embedHosts.join(', ')} over https, or add the host to embedHosts in the site config.`
      : 'Embed a page over https.';
    return false;
  }
  iframe.properties.loading = 'lazy';
  iframe.properties.title ??= `Embedded content from ${host}`;
  iframe.properties.allowFullScreen ??= true;
  restrictFrame(iframe, file);
  return true;
}

/** What an embed may use: playing media, going full screen, copying; never the reader's camera, microphone, location or payments. */
const FRAME_FEATURES = new Set(['accelerometer', 'autoplay', 'clipboard-write', 'encrypted-media', 'fullscreen', 'gyroscope', 'picture-in-picture', 'web-share']);
/** What a sandboxed embed may do: run its own page, but never navigate ours. */
const SANDBOX_TOKENS = ['allow-scripts', 'allow-same-origin', 'allow-popups', 'allow-forms', 'allow-presentation', 'allow-modals'];

/**
 * Every iframe is sandboxed (the author's tokens kept when they are among SANDBOX_TOKENS, all of them
 * otherwise), so an embed cannot navigate the reader's page away, and asks only for FRAME_FEATURES.
 */
function restrictFrame(iframe: Element, file: VFile): void {
  const asked: unknown = iframe.properties.sandbox;
  const tokens = Array.isArray(asked) ? asked.map(String) : typeof asked === 'string' ? asked.split(/\s+/).filter(Boolean) : undefined;
  const sandbox = tokens ? tokens.filter((token) => SANDBOX_TOKENS.includes(token)) : SANDBOX_TOKENS;
  const droppedTokens = tokens?.filter((token) => !SANDBOX_TOKENS.includes(token)) ?? [];
  iframe.properties.sandbox = sandbox;
  const features = typeof iframe.properties.allow === 'string' ? iframe.properties.allow.split(';').map((feature) => feature.trim()).filter(Boolean) : [];
  const permitted = features.filter((feature) => FRAME_FEATURES.has(feature.split(/\s+/)[0]));
  if (permitted.length > 0) iframe.properties.allow = permitted.join('; ');
  else delete iframe.properties.allow;
  const dropped = [...droppedTokens, ...features.filter((feature) => !permitted.includes(feature)).map((feature) => feature.split(/\s+/)[0])];
  if (dropped.length > 0) file.message(`${dropped.map((name) => `"${name}"`).join(', ')} of <iframe> ${dropped.length > 1 ? 'were' : 'was'} removed: an embed may not navigate the page or use the reader's camera, microphone, location or payments`, { place: iframe.position, ruleId: 'html-policy' });
}
