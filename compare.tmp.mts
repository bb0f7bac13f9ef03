import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fromHtml } from 'hast-util-from-html';
import { toString } from 'hast-util-to-string';
import type { Element, Root } from 'hast';

type Node = Root | Element;
function find(node: Node, test: (e: Element) => boolean): Element | undefined {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (test(child)) return child;
    const found = find(child, test);
    if (found) return found;
  }
}
function all(node: Node, test: (e: Element) => boolean, out: Element[] = []): Element[] {
  for (const child of node.children) if (child.type === 'element') { if (test(child)) out.push(child); all(child, test, out); }
  return out;
}
const cls = (e: Element) => ((e.properties.className as string[] | undefined) ?? []).join(' ');
function strip(node: Node, test: (e: Element) => boolean): void {
  node.children = node.children.filter((c) => !(c.type === 'element' && test(c))) as never;
  for (const c of node.children) if (c.type === 'element') strip(c, test);
}
function extract(file: string, kind: 'ours' | 'docusaurus') {
  const tree = fromHtml(readFileSync(file, 'utf8'));
  const root = find(tree, kind === 'ours' ? (e) => e.tagName === 'div' && cls(e) === 'markdown' : (e) => cls(e).includes('theme-doc-markdown'));
  if (!root) return undefined;
  const pres = all(root, (e) => e.tagName === 'pre');
  const code = pres.map((p) => toString(p).replace(/\s+/g, '')).join('|');
  strip(root, (e) => e.tagName === 'pre' || e.tagName === 'button' || cls(e).includes('hash-link') || e.tagName === 'svg');
  const blocks = all(root, (e) => ['p', 'li', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'summary', 'figcaption'].includes(e.tagName));
  const words = toString(root).replace(/\u200b/g, '').toLowerCase().split(/\s+/).filter(Boolean);
  const headings = all(root, (e) => /^h[2-4]$/.test(e.tagName)).map((h) => `${h.tagName} ${toString(h).replace(/\s+/g, ' ').trim()}`);
  const counts: Record<string, number> = {};
  for (const tag of ['pre', 'table', 'ul', 'ol', 'img', 'a', 'details', 'blockquote', 'iframe']) counts[tag] = all(root, (e) => e.tagName === tag).length + (tag === 'pre' ? pres.length : 0);
  return { words, code, headings, counts, blocks: blocks.length };
}
function similarity<T>(a: T[], b: T[]): number {
  // Longest common subsequence ratio on words (Ratcliff-Obershelp is slow in JS; LCS by DP on up to 5k words is fine).
  const n = a.length, m = b.length;
  if (n === 0 && m === 0) return 1;
  let prev = new Uint16Array(m + 1), cur = new Uint16Array(m + 1);
  for (let i = 1; i <= n; i++) { for (let j = 1; j <= m; j++) cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]); [prev, cur] = [cur, prev]; }
  return (2 * prev[m]) / (n + m);
}
function pages(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => { for (const name of readdirSync(dir)) { const p = path.join(dir, name); if (statSync(p).isDirectory()) walk(p); else if (name === 'index.html') out.set(path.relative(root, dir), p); } };
  walk(root);
  return out;
}
const [ours, docu] = [pages(process.argv[2]), pages(process.argv[3])];
let total = 0, count = 0, headingsSame = 0, codeSame = 0;
for (const [rel, file] of [...docu].sort()) {
  const d = extract(file, 'docusaurus'); const oFile = ours.get(rel);
  if (!d || !oFile) continue;
  const o = extract(oFile, 'ours'); if (!o) { console.log('MISSING body', rel); continue; }
  const sim = similarity(d.words, o.words);
  const sameHeadings = JSON.stringify(d.headings) === JSON.stringify(o.headings);
  const diffCounts = Object.fromEntries(Object.keys(d.counts).filter((k) => d.counts[k] !== o.counts[k]).map((k) => [k, `${d.counts[k]}/${o.counts[k]}`]));
  total += sim; count++; if (sameHeadings) headingsSame++; if (d.code === o.code) codeSame++;
  console.log(`${sim.toFixed(3)} code=${d.code === o.code ? 'same' : 'DIFF'} headings=${sameHeadings ? 'same' : 'DIFF'} words=${d.words.length}/${o.words.length} ${rel} ${Object.keys(diffCounts).length ? JSON.stringify(diffCounts) : ''}`);
  if (!sameHeadings && process.env.SHOW) console.log('  D', d.headings.join(' | '), '\n  O', o.headings.join(' | '));
}
console.log(`mean prose similarity ${(total / count).toFixed(3)} over ${count} pages; headings same on ${headingsSame}, code same on ${codeSame}`);
console.log('only in Docusaurus:', [...docu.keys()].filter((k) => !ours.has(k)).join(', '), '| only ours:', [...ours.keys()].filter((k) => !docu.has(k)).join(', '));
