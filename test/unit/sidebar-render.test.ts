import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { test } from 'node:test';
import type { SidebarItem } from '../../src/shared/types.ts';
import { LocationContext } from '../../src/theme/context.ts';
import { DocSidebar, EAGER_SIDEBAR_LINKS } from '../../src/theme/DocSidebar.tsx';

function sidebarOf(categories: number, linksEach: number): SidebarItem[] {
  return Array.from({ length: categories }, (_, category) => ({
    type: 'category', label: `Category ${category}`, collapsed: true, collapsible: true,
    items: Array.from({ length: linksEach }, (_, link) => ({ type: 'link', label: `Page ${category}.${link}`, href: `/c${category}/p${link}` })),
  }));
}

function render(items: SidebarItem[], pathname: string): string {
  return renderToString(createElement(LocationContext.Provider, { value: { pathname, search: '', hash: '' } }, createElement(DocSidebar, { items })));
}

test('a small sidebar renders collapsed categories too, so they open without JavaScript', () => {
  const html = render(sidebarOf(5, 10), '/c0/p0');
  assert.match(html, /href="\/c4\/p9"/);
});

test('a large sidebar renders only the open categories, keeping every page small', () => {
  const items = sidebarOf(40, 20);
  assert.ok(40 * 20 > EAGER_SIDEBAR_LINKS);
  const html = render(items, '/c7/p3');
  assert.match(html, /href="\/c7\/p19"/, 'the current page’s category is rendered');
  assert.doesNotMatch(html, /href="\/c8\/p0"/, 'collapsed categories are not');
  assert.match(html, /Category 8<\/summary>/, 'but their labels are');
});
