/**
 * A well-formedness check for the HTML our Markdown pipeline renders.
 *
 * "Well-formed" here means what matters for a page that is rendered on the server and hydrated in
 * the browser: the markup tokenizes without HTML parse errors, every element is closed by its own
 * end tag, and a browser's HTML parser builds exactly the tree the markup spells out. The second
 * part catches what parse5's error reporting does not: tree-construction fix-ups such as a `<div>`
 * closing an open `<p>`, an implied `<tbody>`, or text foster-parented out of a table — each would
 * make the browser's DOM differ from React's tree and break hydration.
 *
 * The markup is checked inside a complete document (`<!DOCTYPE html>…<body><div>` + html), so no
 * parse error is an artefact of parsing a fragment.
 */
import { parse, Tokenizer, TokenizerMode, type DefaultTreeAdapterTypes, type ParserError, type Token } from 'parse5';

type Parse5Node = DefaultTreeAdapterTypes.Node;
export type Parse5Element = DefaultTreeAdapterTypes.Element;

/** The tree as the markup spells it: a string is text, an object an element. */
type SpelledNode = string | { tag: string; attrs: string; children: SpelledNode[] };

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Elements whose content the tokenizer reads as text (the parser switches it into these states). */
const TEXT_ELEMENTS: Record<string, number> = {
  title: TokenizerMode.RCDATA, textarea: TokenizerMode.RCDATA,
  style: TokenizerMode.RAWTEXT, xmp: TokenizerMode.RAWTEXT, iframe: TokenizerMode.RAWTEXT, noembed: TokenizerMode.RAWTEXT, noframes: TokenizerMode.RAWTEXT,
  script: TokenizerMode.SCRIPT_DATA, plaintext: TokenizerMode.PLAINTEXT,
};
/** The parser drops one newline right after these start tags (React adds one to keep it). */
const LEADING_NEWLINE_DROPPED = new Set(['pre', 'textarea', 'listing']);

const PREFIX = '<!DOCTYPE html><html><head><title>check</title></head><body><div>';
const SUFFIX = '</div></body></html>';

/**
 * Parse errors about single characters of the text (a BEL or U+FFFF an author typed): the HTML
 * spec calls them errors, but browsers keep the character and build the same tree.
 */
const CHARACTER_ERRORS = new Set(['control-character-in-input-stream', 'noncharacter-in-input-stream', 'surrogate-in-input-stream']);

export interface HtmlCheck {
  /** Empty when the markup is well-formed; otherwise one line per problem. */
  problems: string[];
  /** Character-level parse errors (see CHARACTER_ERRORS): reported, not failures. */
  characterErrors: string[];
  /** The wrapper `<div>` of the parsed document: the markup as a browser sees it. */
  root: Parse5Element;
}

export function checkHtml(html: string): HtmlCheck {
  const problems: string[] = [];
  const characterErrors: string[] = [];
  const where = (offset: number) => `at ${offset - PREFIX.length}: …${JSON.stringify(html.slice(Math.max(0, offset - PREFIX.length - 30), offset - PREFIX.length + 30))}…`;
  const report = (error: ParserError) => (CHARACTER_ERRORS.has(error.code) ? characterErrors : problems).push(`parse error ${error.code} ${where(error.startOffset)}`);
  const document = parse(PREFIX + html + SUFFIX, { onParseError: report });
  const htmlElement = document.childNodes.find((node): node is Parse5Element => node.nodeName === 'html')!;
  const body = htmlElement.childNodes.find((node): node is Parse5Element => node.nodeName === 'body')!;
  const root = body.childNodes[0] as Parse5Element;

  const spelled = spell(PREFIX + html + SUFFIX, problems, report, where);
  const expected = normalize(spelled);
  const actual = normalize(body.childNodes.map(fromParse5));
  const difference = firstDifference(expected, actual, 'body');
  if (difference) problems.push(`the browser builds another tree than the markup spells: ${difference}`);
  // The parser and our tokenizer report the same tokenizer errors: keep one of each.
  return { problems: [...new Set(problems)], characterErrors: [...new Set(characterErrors)], root };
}

/** Tokenizes the document with parse5's tokenizer and builds the tree its tags spell out. */
function spell(source: string, problems: string[], report: (error: ParserError) => void, where: (offset: number) => string): SpelledNode[] {
  const top: SpelledNode[] = [];
  const stack: { tag: string; children: SpelledNode[] }[] = [];
  const children = () => stack.at(-1)?.children ?? top;
  let dropNewline = false;
  const text = (chars: string) => {
    let value = chars;
    if (dropNewline && value.startsWith('\n')) value = value.slice(1);
    dropNewline = false;
    if (!value) return;
    const siblings = children();
    if (typeof siblings.at(-1) === 'string') siblings[siblings.length - 1] += value;
    else siblings.push(value);
  };
  const tokenizer: Tokenizer = new Tokenizer({ sourceCodeLocationInfo: true }, {
    onParseError: report,
    onComment: () => { dropNewline = false; },
    onDoctype: () => {},
    onEof: () => {},
    onCharacter: (token: Token.CharacterToken) => text(token.chars),
    onNullCharacter: (token: Token.CharacterToken) => text(token.chars),
    onWhitespaceCharacter: (token: Token.CharacterToken) => text(token.chars),
    onStartTag: (token: Token.TagToken) => {
      dropNewline = false;
      const element = { tag: token.tagName, attrs: attributes(token.attrs), children: [] as SpelledNode[] };
      children().push(element);
      if (VOID_ELEMENTS.has(token.tagName)) return;
      stack.push(element);
      dropNewline = LEADING_NEWLINE_DROPPED.has(token.tagName);
      if (token.tagName in TEXT_ELEMENTS) tokenizer.state = TEXT_ELEMENTS[token.tagName] as never;
    },
    onEndTag: (token: Token.TagToken) => {
      dropNewline = false;
      const index = stack.map((open) => open.tag).lastIndexOf(token.tagName);
      if (index === -1) {
        problems.push(`end tag </${token.tagName}> closes nothing ${where(token.location!.startOffset)}`);
        return;
      }
      if (index !== stack.length - 1) {
        problems.push(`end tag </${token.tagName}> closes <${stack.at(-1)!.tag}> too ${where(token.location!.startOffset)}`);
      }
      stack.length = index;
    },
  });
  tokenizer.write(source, true);
  if (stack.length > 0) problems.push(`unclosed elements at the end: ${stack.map((open) => `<${open.tag}>`).join(' ')}`);
  // The document wrapper: <html><head><title/></head><body>…</body></html>; compare the body.
  const htmlElement = top.find((node): node is Exclude<SpelledNode, string> => typeof node !== 'string' && node.tag === 'html');
  const body = htmlElement?.children.find((node): node is Exclude<SpelledNode, string> => typeof node !== 'string' && node.tag === 'body');
  return body?.children ?? [];
}

function attributes(attrs: { name: string; value: string; prefix?: string }[]): string {
  return attrs.map((attr) => `${attr.prefix ? `${attr.prefix}:` : ''}${attr.name.toLowerCase()}=${JSON.stringify(attr.value)}`).sort().join(' ');
}

function fromParse5(node: Parse5Node): SpelledNode | undefined {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterTypes.TextNode).value;
  if (!('tagName' in node)) return undefined; // comments
  const element = node as Parse5Element;
  const content = element.nodeName === 'template' ? (element as DefaultTreeAdapterTypes.Template).content.childNodes : element.childNodes;
  return { tag: element.tagName.toLowerCase(), attrs: attributes(element.attrs), children: content.map(fromParse5).filter((child) => child !== undefined) };
}

/** Merges adjacent text (a dropped comment can split it). */
function normalize(nodes: (SpelledNode | undefined)[]): SpelledNode[] {
  const result: SpelledNode[] = [];
  for (const node of nodes) {
    if (node === undefined) continue;
    if (typeof node === 'string') {
      if (typeof result.at(-1) === 'string') result[result.length - 1] += node;
      else if (node) result.push(node);
    } else {
      result.push({ ...node, children: normalize(node.children) });
    }
  }
  return result;
}

function firstDifference(expected: SpelledNode[], actual: SpelledNode[], path: string): string | undefined {
  const length = Math.max(expected.length, actual.length);
  for (let index = 0; index < length; index++) {
    const want = expected[index];
    const got = actual[index];
    const here = `${path} > [${index}]`;
    if (want === undefined || got === undefined) return `${here}: markup has ${describe(want)}, the browser ${describe(got)}`;
    if (typeof want === 'string' || typeof got === 'string') {
      if (want !== got) return `${here}: markup has ${describe(want)}, the browser ${describe(got)}`;
      continue;
    }
    if (want.tag !== got.tag || want.attrs !== got.attrs) return `${here}: markup has ${describe(want)}, the browser ${describe(got)}`;
    const inner = firstDifference(want.children, got.children, `${path} > ${want.tag}`);
    if (inner) return inner;
  }
  return undefined;
}

function describe(node: SpelledNode | undefined): string {
  if (node === undefined) return 'nothing';
  if (typeof node === 'string') return `text ${JSON.stringify(node.length > 60 ? `${node.slice(0, 60)}…` : node)}`;
  return `<${node.tag}${node.attrs ? ` ${node.attrs.slice(0, 80)}` : ''}>`;
}

/** Every element of a parsed tree, depth first. */
export function* elements(root: Parse5Element): Generator<Parse5Element> {
  for (const child of root.childNodes) {
    if (!('tagName' in child)) continue;
    yield child;
    yield* elements(child);
  }
}
