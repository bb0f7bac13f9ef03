/**
 * The footer's HTML items (Docusaurus's `{ html: '<a …><img …></a>' }`) through the one HTML policy
 * every page passes (markdown/html-policy.ts): what it drops is a warning naming the item, and an
 * iframe it refuses is an error, as in a page.
 */
import { VFile } from 'vfile';
import { toHtml } from 'hast-util-to-html';
import { sanitizedHtmlTree } from '../markdown/html-policy.ts';
import { ContentError, throwIfAny, type Warning } from '../errors.ts';
import type { SiteConfig } from '../../src/shared/types.ts';

/** The config with its footer HTML made safe, and a warning for each thing taken out. */
export function withSafeFooterHtml(config: SiteConfig, configFile: string): { config: SiteConfig; warnings: Warning[] } {
  const warnings: Warning[] = [];
  const errors: ContentError[] = [];
  const columns = config.footer.columns.map((column) => ({
    ...column,
    items: column.items.map((item, index) => {
      if (!('html' in item)) return item;
      const file = new VFile();
      const html = toHtml(sanitizedHtmlTree(item.html, file, { embedHosts: config.embedHosts }));
      const where = `footer ${column.title ? `column "${column.title}" ` : ''}item ${index + 1} (html)`;
      for (const message of file.messages) {
        const problem = { rule: 'html-policy', file: configFile, message: `${where}: ${message.reason}`, fix: message.note };
        if (message.fatal) errors.push(new ContentError(problem));
        else warnings.push(problem);
      }
      return { html };
    }),
  }));
  throwIfAny(errors);
  return { config: { ...config, footer: { ...config.footer, columns } }, warnings };
}
