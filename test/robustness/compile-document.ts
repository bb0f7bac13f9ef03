/**
 * Compiles a Markdown document as a page would be, telling apart the rejections an author can
 * cause (a link to a missing `.md` file, a missing image, a file of a type not published) from a crash. After an expected rejection
 * the missing targets are supplied and the document is compiled again, so its HTML is checked too.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contentErrorsOf } from '../../build/errors.ts';
import { compile, toHtml } from '../helpers/markdown.ts';
import { tempTree } from '../helpers/tmp.ts';

export const EXPECTED_REJECTIONS = {
  missingMarkdown: /^link to a missing Markdown file "(.+)"$/,
  missingImage: /^image "(.+)" not found (in the static folder|next to the page)$/,
  /** The file the harness wrote for an image has no image extension (`![x](url)`): a type the build does not publish. */
  unpublishedFile: /^(image "(.+)" is not copied into the site|link to "(.+)": the file is not copied into the site)$/,
};

export type RejectionKind = keyof typeof EXPECTED_REJECTIONS;

export interface CompiledDocument {
  /** The page body, unless the document was rejected (see `rejections`) or failed. */
  html?: string;
  /** Milliseconds of the slowest compile of this document (compile and HTML). */
  ms: number;
  /** Expected rejections met before the targets were supplied. */
  rejections: RejectionKind[];
  /** A crash, an unexpected rejection, or a rejection that did not go away. */
  failure?: string;
}

export class DocumentCompiler {
  /** Files the documents may link to, and images they may show; grows as targets are supplied. */
  readonly permalinks: Record<string, string>;
  readonly staticDir: string;
  /** The page's folder: images with a relative path are looked for here (doc-images.ts). */
  readonly docsDir: string;

  constructor(permalinks: Record<string, string> = {}, staticFiles: Record<string, string> = {}) {
    this.permalinks = { ...permalinks };
    this.staticDir = tempTree(staticFiles);
    this.docsDir = path.join(tempTree({ 'docs/.keep': '' }), 'docs');
  }

  async compile(markdown: string): Promise<CompiledDocument> {
    const result: CompiledDocument = { ms: 0, rejections: [] };
    for (let attempt = 0; attempt < 3; attempt++) {
      const started = performance.now();
      try {
        result.html = toHtml(await compile(markdown, this.permalinks, [this.staticDir], { docsDir: this.docsDir, siteDir: path.dirname(this.docsDir) }));
        return result;
      } catch (error) {
        const contentErrors = contentErrorsOf(error);
        if (!contentErrors) {
          result.failure = `crashed: ${error instanceof Error ? error.stack : String(error)}`;
          return result;
        }
        let supplied = true;
        for (const entry of contentErrors) {
          const target = this.supplyTarget(entry.message);
          if (!target) {
            result.failure = `rejected with an unexpected error: ${entry.format()}`;
            return result;
          }
          result.rejections.push(target.kind);
          supplied &&= target.supplied;
        }
        // An image path no file can have here (outside the folder, a folder itself): rejected, as expected.
        if (!supplied) return result;
      } finally {
        result.ms = Math.max(result.ms, performance.now() - started);
      }
    }
    result.failure = 'still rejected after its link targets were supplied';
    return result;
  }

  private supplyTarget(message: string): { kind: RejectionKind; supplied: boolean } | undefined {
    const markdown = EXPECTED_REJECTIONS.missingMarkdown.exec(message);
    if (markdown) {
      // Resolved as build/markdown/links.ts does, for a page at the docs root.
      const target = markdown[1].startsWith('/') ? markdown[1].slice(1) : path.posix.normalize(safeDecodeUri(markdown[1]));
      this.permalinks[target] = '/target';
      return { kind: 'missingMarkdown', supplied: true };
    }
    const image = EXPECTED_REJECTIONS.missingImage.exec(message);
    if (image) {
      const [folder, imagePath] = image[2] === 'in the static folder' ? [this.staticDir, safeDecodeUri(image[1].split('#')[0]).replace(/^\/+/, '')] : [this.docsDir, safeDecodeUri(image[1].split(/[?#]/)[0])];
      const file = path.resolve(folder, imagePath);
      if (!file.startsWith(`${folder}${path.sep}`)) return { kind: 'missingImage', supplied: false };
      try {
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, '');
      } catch {
        return { kind: 'missingImage', supplied: false };
      }
      return { kind: 'missingImage', supplied: true };
    }
    if (EXPECTED_REJECTIONS.unpublishedFile.test(message)) return { kind: 'unpublishedFile', supplied: false };
    return undefined;
  }
}

function safeDecodeUri(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}
