/**
 * A route's chunk and its body chunk, as production and watch mode write them. They are data, not
 * code, so they are written directly, named by content hash, instead of going through esbuild.
 */
import { createHash } from 'node:crypto';
import type { RouteData, SidebarItem } from '../../src/shared/types.ts';
import { pathBelowBase } from '../../src/shared/paths.ts';

export interface RouteChunkInput {
  route: RouteData;
  /** A doc's body HTML: its own chunk, loaded lazily after the page is shown. */
  body?: string;
  /** The page's sidebar: a shared module's URL, or the items this page ships (see sidebar-chunks.ts). */
  sidebar?: { url: string } | { items: SidebarItem[] };
  /** Island modules the page's components need, imported for their effect. */
  islandUrls?: string[];
  /** A React page with state: the module whose default export renders it in the browser. */
  clientPage?: string;
  baseUrl: string;
  assetsDir: string;
}

export interface RouteChunk {
  /** Files to write: path below the output folder → contents. */
  files: [string, string][];
  url: string;
  /** Modules the chunk imports statically, preloaded with it. */
  preloads: string[];
}

export function routeChunk({ route, body, sidebar, islandUrls = [], clientPage, baseUrl, assetsDir }: RouteChunkInput): RouteChunk {
  const key = routeFileKey(pathBelowBase(route.permalink, baseUrl));
  const files: [string, string][] = [];
  const imports = islandUrls.map((url) => `import ${JSON.stringify(url)};\n`);
  const preloads = [...islandUrls];
  const fields = [`route: JSON.parse(${JSON.stringify(JSON.stringify(route))})`];
  if (sidebar && 'url' in sidebar) {
    imports.push(`import sidebar from ${JSON.stringify(sidebar.url)};\n`);
    preloads.push(sidebar.url);
    fields.push('sidebar');
  } else if (sidebar) {
    fields.push(`sidebar: JSON.parse(${JSON.stringify(JSON.stringify(sidebar.items))})`);
  }
  if (clientPage) {
    imports.push(`import Component from ${JSON.stringify(clientPage)};\n`);
    preloads.push(clientPage);
    fields.push('Component');
  }
  if (body !== undefined) {
    const bodyModule = `export default ${JSON.stringify(body)};`;
    const bodyFile = hashedFile(`${assetsDir}/bodies/${key}`, bodyModule);
    files.push([bodyFile, bodyModule]);
    fields.push(`loadBody: () => import(${JSON.stringify(`${baseUrl}${bodyFile}`)}).then((module) => module.default)`);
  }
  const routeModule = `${imports.join('')}export default { ${fields.join(', ')} };\n`;
  const routeFile = hashedFile(`${assetsDir}/routes/${key}`, routeModule);
  files.push([routeFile, routeModule]);
  return { files, url: `${baseUrl}${routeFile}`, preloads };
}

export function hashedFile(stem: string, contents: string): string {
  return `${stem}-${createHash('sha1').update(contents).digest('hex').slice(0, 10)}.js`;
}

function routeFileKey(permalink: string): string {
  return permalink.replace(/^\/+|\/+$/g, '') || 'index';
}
