import type { NavbarItemInput, SiteConfig } from './src/shared/types.ts';

const repositoryUrl = 'https://github.com/reduxjs/redux';

const navbarItems: NavbarItemInput[] = [
  { type: 'doc', docId: 'introduction/getting-started', label: 'Getting Started', position: 'right' },
  { type: 'doc', docId: 'tutorials/essentials/part-1-overview-concepts', label: 'Tutorial', position: 'right' },
  { type: 'doc', docId: 'usage/index', label: 'Usage Guide', position: 'right' },
  { type: 'doc', docId: 'api/api-reference', label: 'API', position: 'right' },
  { type: 'doc', docId: 'faq', label: 'FAQ', position: 'right' },
  { type: 'doc', docId: 'style-guide/index', label: 'Best Practices', position: 'right' },
  { href: repositoryUrl, label: 'GitHub', position: 'right' },
  { to: '/introduction/getting-started#help-and-discussion', label: 'Need help?', position: 'right' },
  { type: 'search', position: 'right' },
  { type: 'colorMode', position: 'right' },
];

const config: Omit<SiteConfig, 'navbar'> & { navbar: Omit<SiteConfig['navbar'], 'items'> & { items: NavbarItemInput[] } } = {
  title: 'Redux',
  tagline: 'A JS library for predictable and maintainable global state management',
  url: 'https://redux.js.org',
  baseUrl: '/',
  favicon: '/img/favicon.svg',
  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: { en: { label: 'English', direction: 'ltr' } },
  },
  navbar: {
    title: 'Redux',
    logo: { alt: 'Redux logo', src: '/img/redux.svg' },
    items: navbarItems,
  },
  footer: {
    logo: { alt: 'Redux logo', src: '/img/redux-white.svg', href: '/' },
    copyright: 'Copyright © 2015–2025 Dan Abramov and the Redux documentation authors.',
    columns: [
      {
        title: 'Docs',
        items: [
          { label: 'Getting Started', to: '/introduction/getting-started' },
          { label: 'Usage Guide', to: '/usage/' },
          { label: 'Tutorial', to: '/tutorials/essentials/part-1-overview-concepts' },
          { label: 'FAQ', to: '/faq' },
          { label: 'API Reference', to: '/api/api-reference' },
        ],
      },
      {
        title: 'Community',
        items: [
          { label: 'Reactiflux Discord', href: 'https://discord.gg/0ZcbPKXt5bZ6au5t' },
          { label: 'Stack Overflow', href: 'https://stackoverflow.com/questions/tagged/redux' },
          { label: 'Feedback', href: `${repositoryUrl}/discussions` },
        ],
      },
      {
        title: 'More',
        items: [
          { label: 'GitHub', href: repositoryUrl },
          { label: 'Deploys by Netlify', href: 'https://www.netlify.com', image: '/img/hosting-badge.svg' },
        ],
      },
    ],
  },
  announcementBar: {
    id: 'redux-toolkit-2',
    content: 'Redux Toolkit 2.0 and Redux 5.0 are out. Read the <a href="/usage/migrations/migrating-rtk-2">migration guide</a>.',
    backgroundColor: '#764abc',
    textColor: '#ffffff',
    isCloseable: false,
  },
  image: '/img/social-card.png',
  colorMode: { defaultMode: 'light', respectPrefersColorScheme: false, disableSwitch: false },
  docs: {
    path: 'content/docs',
    sidebarPath: 'sidebars.ts',
    routeBasePath: '/',
    breadcrumbs: true,
    warnOnDocsOutsideSidebar: false,
    editUrl: `${repositoryUrl}/edit/master/docs/`,
    showLastUpdateTime: true,
  },
  tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 4 },
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onBrokenMarkdownLinks: 'throw',
  search: {},
  pages: { home: 'content/home.json', errors: 'content/errors.json' },
  baseUrlIssueBanner: true,
  // Our pages are Markdown; MDX is for .mdx files. The JavaScript tabs of checked examples wait for
  // room in the first-load budget: the tabs island would add 790 B gzip to pages that are at 80.0 KB.
  markdown: { format: 'detect', languageTabs: true },
  allowComponentCode: false,
  components: {},
  embedHosts: ['codesandbox.io', 'stackblitz.com'],
  customCss: [],
  stylesheets: [],
  prism: {},
};

export default config;
