/** First-load JavaScript of a built page: what the browser fetches before the page is interactive. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Gzipped bytes of a page's module script and modulepreloads (the route's body chunk loads later, lazily). */
export function firstLoadJsBytes(outDir: string, htmlFile: string): { raw: number; gzip: number; files: number } {
  const html = readFileSync(path.join(outDir, htmlFile), 'utf8');
  const urls = new Set([...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g)].map((match) => match[1]));
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const contents = readFileSync(path.join(outDir, decodeURI(url)));
    raw += contents.length;
    gzip += gzipSync(contents, { level: 9 }).length;
  }
  return { raw, gzip, files: urls.size };
}
