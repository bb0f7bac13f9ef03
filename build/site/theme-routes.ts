/** The pages the theme makes without a doc: home, production error codes, not found. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ContentError } from '../errors.ts';
import { parseDataFile } from './data-files.ts';
import { NOT_FOUND_PERMALINK } from '../output-layout.ts';
import type { RouteData, SiteConfig } from '../../src/shared/types.ts';

/** Home and error codes as the config asks; a docs-only build has just the not-found page. */
export function themeRoutes(config: SiteConfig, projectRoot: string): RouteData[] {
  const routes: RouteData[] = [];
  if (config.pages.home) {
    routes.push({ kind: 'home', permalink: config.baseUrl, title: config.title, description: config.tagline, pageProps: readJson(projectRoot, config.pages.home) });
  }
  if (config.pages.errors) {
    routes.push({ kind: 'errors', permalink: `${config.baseUrl}errors`, title: 'Production Error Codes', description: `Every production error code of ${config.title} with its full message.`, pageProps: readErrorCodes(projectRoot, config.pages.errors) });
  }
  routes.push({ kind: 'notFound', permalink: NOT_FOUND_PERMALINK, title: 'Page Not Found', description: 'The page you asked for does not exist.' });
  return routes;
}

function readJson(projectRoot: string, file: string): Record<string, unknown> {
  const absolute = path.resolve(projectRoot, file);
  if (!existsSync(absolute)) {
    throw new ContentError({ rule: 'theme-pages', message: 'file not found', file, fix: 'Create it, or fix pages.home / pages.errors in site.config.ts.' });
  }
  return parseDataFile(absolute, readFileSync(absolute, 'utf8'), { file, rule: 'theme-pages', kind: 'the page data file' }) as Record<string, unknown>;
}

/** errors.json maps code numbers ("0", "1", …) to message strings. */
function readErrorCodes(projectRoot: string, file: string): Record<string, string> {
  const codes = readJson(projectRoot, file);
  for (const [code, message] of Object.entries(codes)) {
    if (!/^\d+$/.test(code) || typeof message !== 'string' || message.trim() === '') {
      throw new ContentError({ rule: 'theme-pages', message: `entry "${code}" is not a numeric code with a message string`, file, fix: 'Write each entry as "N": "message".' });
    }
  }
  return codes as Record<string, string>;
}
