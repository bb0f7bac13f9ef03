import type { FileSink } from '../output-layout.ts';
import type { SiteConfig } from '../../src/shared/types.ts';

export function writeSitemap(output: FileSink, config: SiteConfig, permalinks: string[]): void {
  const origin = config.url.replace(/\/$/, '');
  const urls = permalinks.map((permalink) => `  <url><loc>${escapeXml(origin + permalink)}</loc></url>`).join('\n');
  output.write('sitemap.xml', `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
