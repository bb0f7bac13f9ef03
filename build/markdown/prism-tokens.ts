/**
 * refractor.highlight's hast, made without its last step: refractor builds each token's span with
 * hastscript, which parses a `span.token.keyword` selector per token, and that was two fifths of
 * highlighting the site's code (0.85 s of its checked examples' 2.7 s). Tokens are built here as plain
 * objects; a token that Prism's `wrap` hooks give attributes or another tag goes through hastscript,
 * as refractor does (test/unit/prism-tokens.test.ts compares both over every code block in content/).
 */
import { h } from 'hastscript';
import { parseEntities } from 'parse-entities';
import { refractor } from 'refractor/core';
import type { ElementContent, Root } from 'hast';

interface Token { type: string; content: TokenStream; alias?: string | string[] }
type TokenStream = string | Token | (string | Token)[];

interface WrapEnv {
  attributes: Record<string, string>;
  classes: string[];
  /** Markdown's hook puts a fenced block's highlighted code here, as a root. */
  content: ElementContent | ElementContent[] | Root;
  language: string;
  tag: string;
  type: string;
}

interface TokenizeEnv { code: string; grammar: unknown; language: string; tokens?: TokenStream }

/** The Prism that refractor extends; its types leave these out. */
const prism = refractor as unknown as {
  languages: Record<string, unknown>;
  tokenize(code: string, grammar: unknown): TokenStream;
  hooks: { run(name: 'before-tokenize' | 'after-tokenize', env: TokenizeEnv): void; run(name: 'wrap', env: WrapEnv): void };
};

/** The same nodes as `refractor.highlight(code, language).children`, for a registered language. */
export function highlightTokens(code: string, language: string): ElementContent[] {
  const env: TokenizeEnv = { code, grammar: prism.languages[language], language };
  prism.hooks.run('before-tokenize', env);
  env.tokens = prism.tokenize(env.code, env.grammar);
  prism.hooks.run('after-tokenize', env);
  const nodes = toHast(env.tokens, language);
  return Array.isArray(nodes) ? nodes : [nodes];
}

function toHast(value: TokenStream, language: string): ElementContent | ElementContent[] {
  if (typeof value === 'string') return { type: 'text', value };
  if (Array.isArray(value)) return value.filter((item) => item !== '').map((item) => toHast(item, language) as ElementContent);
  const env: WrapEnv = { attributes: {}, classes: ['token', value.type], content: toHast(value.content, language), language, tag: 'span', type: value.type };
  if (value.alias) env.classes.push(...(typeof value.alias === 'string' ? [value.alias] : value.alias));
  prism.hooks.run('wrap', env);
  const children = Array.isArray(env.content) ? env.content : env.content.type === 'root' ? env.content.children as ElementContent[] : [env.content];
  if (env.tag !== 'span' || Object.keys(env.attributes).length > 0) return hastscriptElement(env, children);
  return { type: 'element', tagName: 'span', properties: { className: env.classes }, children };
}

/** What refractor makes of a token the hooks changed (markup's entities get a title). */
function hastscriptElement(env: WrapEnv, children: ElementContent[]): ElementContent {
  const attributes = Object.fromEntries(Object.entries(env.attributes).map(([name, value]) => [name, parseEntities(value)]));
  return h(`${env.tag}.${env.classes.join('.')}`, attributes, children) as ElementContent;
}
