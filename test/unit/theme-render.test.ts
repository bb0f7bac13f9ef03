/** Server-rendered theme pieces whose markup depends on the site config. */
import assert from 'node:assert/strict';
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { test } from 'node:test';
import type { SiteData } from '../../src/shared/types.ts';
import { SiteContext } from '../../src/theme/context.ts';
import { Navbar } from '../../src/theme/Navbar.tsx';
import SearchModal from '../../src/theme/search/SearchModal.tsx';
import { HomePage } from '../../src/theme/pages/HomePage.tsx';
import { NotFoundPage } from '../../src/theme/pages/NotFoundPage.tsx';

function site(overrides: Partial<SiteData> = {}): SiteData {
  return {
    title: 'Docs', tagline: '', baseUrl: '/',
    navbar: { title: 'Docs', logo: { alt: '', src: '' }, items: [{ kind: 'search', position: 'right' }, { kind: 'colorMode', position: 'right' }], homeHref: '/' },
    footer: { logo: { alt: '', src: '', href: '/' }, copyright: '', columns: [] },
    colorMode: { defaultMode: 'light', respectPrefersColorScheme: false, disableSwitch: false },
    search: {},
    ...overrides,
  };
}

const render = (data: SiteData, element: ReactNode) => renderToString(createElement(SiteContext.Provider, { value: data }, element));
const toggle = (html: string) => /<button[^>]*aria-label="Toggle navigation bar"[^>]*>/.exec(html)![0];

test('the hamburger is disabled when the navbar has no links and the page no sidebar', () => {
  assert.match(toggle(render(site(), createElement(Navbar, {}))), /disabled=""/);
  assert.doesNotMatch(toggle(render(site(), createElement(Navbar, { sidebar: [{ type: 'link', label: 'A', href: '/a' }] }))), /disabled/);
  const withLink = site({ navbar: { title: 'Docs', logo: { alt: '', src: '' }, items: [{ kind: 'link', label: 'API', href: '/api', position: 'left' }], homeHref: '/' } });
  assert.doesNotMatch(toggle(render(withLink, createElement(Navbar, {}))), /disabled/);
});

test('search filter tabs appear only when the site config lists filters', () => {
  const modal = (data: SiteData) => render(data, createElement(SearchModal, { onClose: () => {} }));
  assert.doesNotMatch(modal(site()), /Filter results/);
  const filtered = modal(site({ search: { filters: { section: ['Tutorials', 'API'] } } }));
  assert.match(filtered, /role="group" aria-label="Filter results"/);
  assert.deepEqual([...filtered.matchAll(/aria-pressed="(?:true|false)">([^<]+)</g)].map((match) => match[1]), ['All', 'Tutorials', 'API']);
});

test('the home page and the not-found page link below the baseUrl', () => {
  const copy = { hero: { title: 'Redux', tagline: 'State', cta: { label: 'Get Started', to: '/introduction/getting-started' } }, features: [], related: [] };
  const home = render(site({ baseUrl: '/redux/' }), createElement(HomePage, { copy }));
  assert.match(home, /<img class="hero-logo" src="\/redux\/img\/redux\.svg"/);
  assert.match(home, /<a class="button button-primary" href="\/redux\/introduction\/getting-started">Get Started<\/a>/);
  const notFound = render(site({ baseUrl: '/redux/', navbar: { ...site().navbar, homeHref: '/redux/' } }), createElement(NotFoundPage));
  assert.match(notFound, /start again from the <a href="\/redux\/">home page<\/a>/);
});
