/**
 * GitHub Flavored Markdown, as remark-gfm parses it, for less work. micromark's autolink-literal
 * extension tries an email link at the start of every word (it is hooked on every letter and
 * digit): 300 benchmark pages parse in 2.97 s with remark-gfm, 2.29 s with this. Email literals are found
 * instead by the mdast transform of mdast-util-gfm-autolink-literal, which runs anyway (it catches
 * literals the syntax misses); `www.` and `http(s)://` literals stay in the syntax, where they keep
 * `_` and `*` inside URLs from becoming emphasis. The HTML is the same on the GFM spec's autolink
 * examples, every page of content/ and a 1,000-page benchmark corpus (test/unit/gfm.test.ts).
 */
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import type { Construct, Extension } from 'micromark-util-types';
import type { Processor } from 'unified';

/** The autolink-literal constructs for URLs only: hooked on `h`/`H` (http) and `w`/`W` (www). */
function urlAutolinkLiterals(): Extension {
  const text = gfmAutolinkLiteral().text ?? {};
  const construct = (code: number, name: string): Construct => {
    const found = [text[code] ?? []].flat().find((candidate) => candidate.name === name);
    if (!found) throw new Error(`internal: micromark-extension-gfm-autolink-literal no longer has ${name} on ${String.fromCharCode(code)}`);
    return found;
  };
  const [H, h, W, w] = ['H', 'h', 'W', 'w'].map((letter) => letter.charCodeAt(0));
  return { text: { [H]: construct(H, 'protocolAutolink'), [h]: construct(h, 'protocolAutolink'), [W]: construct(W, 'wwwAutolink'), [w]: construct(w, 'wwwAutolink') } };
}

export function remarkGfm(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(urlAutolinkLiterals(), gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
}
