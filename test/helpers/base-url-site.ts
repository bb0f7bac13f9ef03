/**
 * A small Docusaurus site of our own writing, deployed below `/rockets/` (its config's baseUrl): a
 * Markdown link, a link from the site root, a static image, a generated index, a sidebar link item,
 * navbar and footer `to` links with and without a leading slash, a navbar `href` from the site root.
 */
export const BASE_URL_SITE: Record<string, string> = {
  'docusaurus.config.js': `module.exports = {
  title: 'Acme Rockets',
  tagline: 'Launch things',
  url: 'https://acme.example.com',
  baseUrl: '/rockets/',
  favicon: 'img/favicon.ico',
  presets: [['classic', { docs: { sidebarPath: './sidebars.js' } }]],
  themeConfig: {
    navbar: {
      title: 'Rockets',
      logo: { alt: 'Acme logo', src: 'img/logo.svg' },
      items: [{ to: 'docs/intro', label: 'Start' }, { to: '/docs/guide', label: 'Guide' }, { href: '/docs/guide#steps', label: 'Steps' }, { href: 'https://github.com/acme/rockets', label: 'GitHub' }],
    },
    footer: { logo: { alt: 'Acme', src: 'img/logo.svg' }, links: [{ title: 'Docs', items: [{ label: 'Liftoff', to: '/docs/launch/liftoff' }] }], copyright: 'Copyright Acme' },
  },
};
`,
  'sidebars.js': `module.exports = {
  main: [
    'intro',
    'guide',
    { type: 'category', label: 'Launch', collapsed: false, link: { type: 'generated-index' }, items: ['launch/liftoff', { type: 'link', label: 'Back to the start', href: '/docs/intro' }] },
  ],
};
`,
  'docs/intro.md': '---\ntitle: Intro\nimage: /img/logo.svg\n---\n\nRead the [guide](./guide.md), or jump to [its steps](/docs/guide#steps).\n\n![The logo](/img/logo.svg)\n',
  'docs/guide.md': '# Guide\n\nBefore the steps.\n\n## Steps\n\nCheck the fuel.\n',
  'docs/launch/liftoff.md': '# Liftoff\n\nThe countdown reaches zero and the engines light.\n',
  'static/img/favicon.ico': '',
  'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
};
