/**
 * Files kept in one cache entry, with a JSON header describing them: a page's rendered files, or a
 * search index partition. Compressed, since a large site's pages would not fit the cache's size
 * otherwise (10,000 pages: 1.3 GiB of HTML and chunks, about 0.25 GiB compressed); gzip at level 1,
 * the fastest to write and one of the fastest to read of Node's zlib codecs on this HTML.
 */
import { gunzipSync, gzipSync } from 'node:zlib';

export type BundledFile = [path: string, contents: string | Uint8Array];

interface Layout<H> { header: H; sizes: number[]; paths: string[] }

export function packFiles<H>(header: H, files: BundledFile[]): Buffer {
  const contents = files.map(([, body]) => (typeof body === 'string' ? Buffer.from(body) : body));
  const layout: Layout<H> = { header, paths: files.map(([file]) => file), sizes: contents.map((body) => body.byteLength) };
  const layoutBytes = Buffer.from(JSON.stringify(layout));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(layoutBytes.byteLength);
  return gzipSync(Buffer.concat([length, layoutBytes, ...contents]), { level: 1 });
}

/** Files come back as bytes: a page's HTML is decoded by whoever needs it as text. */
export function unpackFiles<H>(packed: Uint8Array): { header: H; files: [string, Buffer][] } {
  const bytes = gunzipSync(packed);
  const layoutEnd = 4 + bytes.readUInt32LE(0);
  const { header, paths, sizes } = JSON.parse(bytes.toString('utf8', 4, layoutEnd)) as Layout<H>;
  let offset = layoutEnd;
  const files = paths.map((file, index): [string, Buffer] => {
    const body = bytes.subarray(offset, offset + sizes[index]);
    offset += sizes[index];
    return [file, body];
  });
  return { header, files };
}
