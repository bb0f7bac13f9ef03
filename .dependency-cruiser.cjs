/**
 * The generator's layers, bottom first (docs/architecture.md draws them): a module may import its own
 * layer and those below it, never one above. `npm test` runs these rules (test/unit/structure.test.ts).
 */
const LAYERS = [
  ['base', '^build/(errors|fs-utils|task|worker-scripts|output-layout|runtime-modules)\\.ts$'],
  ['markdown', '^build/markdown/'],
  ['site', '^build/site/'],
  ['docusaurus', '^build/docusaurus/'],
  ['links', '^build/links/'],
  ['cache', '^build/cache/'],
  ['output', '^build/output/'],
  ['search', '^build/search/'],
  ['client', '^build/client/'],
  ['pages', '^build/pages/'],
  ['pipeline', '^build/pipeline/'],
  ['shards', '^build/shards/'],
  ['build', '^build/build\\.ts$'],
  ['serve', '^build/serve/'],
  ['dev', '^build/dev/'],
  ['examples', '^build/examples/'],
  ['cli', '^build/cli/'],
];

const layerRules = LAYERS.slice(0, -1).map(([name, path], index) => ({
  name: `no-upward-import-from-${name}`,
  comment: `${name} may import only ${LAYERS.slice(0, index + 1).map(([below]) => below).join(', ')} (and src/shared)`,
  severity: 'error',
  from: { path },
  to: { path: LAYERS.slice(index + 1).map(([, above]) => `(${above})`).join('|') },
}));

module.exports = {
  forbidden: [
    { name: 'no-circular', comment: 'a cycle, type-only imports included', severity: 'error', from: {}, to: { circular: true } },
    { name: 'src-never-imports-build', comment: 'the browser\'s code and the build\'s are walled apart', severity: 'error', from: { path: '^src/' }, to: { path: '^build/' } },
    ...layerRules,
    {
      name: 'docusaurus-apart',
      comment: 'the core never imports the Docusaurus layer: only pipeline/site-sources.ts hands it in, through its entry (docusaurus/index.ts)',
      severity: 'error',
      from: { pathNot: '^build/(docusaurus/|pipeline/site-sources\\.ts$)' },
      to: { path: '^build/docusaurus/' },
    },
    { name: 'docusaurus-through-its-entry', comment: 'docusaurus/ is used through docusaurus/index.ts only', severity: 'error', from: { pathNot: '^build/docusaurus/' }, to: { path: '^build/docusaurus/', pathNot: '^build/docusaurus/index\\.ts$' } },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
