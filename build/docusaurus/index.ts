/**
 * The Docusaurus layer's one entry: a Docusaurus site's own config (`docusaurus.config.{js,mjs,cjs,ts,mts}`)
 * read into our site model. Nothing below the pipeline imports this folder (the dependency rules hold it).
 */
import type { ConfigFormat } from '../site/load.ts';
import { isDocusaurusConfig, loadDocusaurusConfig } from './config.ts';

export const DOCUSAURUS_CONFIG: ConfigFormat = { accepts: isDocusaurusConfig, load: loadDocusaurusConfig };
