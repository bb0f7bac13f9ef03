import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { test } from 'node:test';
import { ShippedSidebar } from '../../build/pages/sidebar-chunks.ts';
import { WHOLE_SIDEBAR_MAX_LINKS } from '../../src/shared/sidebar.ts';
import type { SidebarItem } from '../../src/shared/types.ts';
import { LocationContext } from '../../src/theme/context.ts';
import { DocSidebar } from '../../src/theme/DocSidebar.tsx';

function sidebarOf(categories: number, linksEach: number): SidebarItem[] {
  return Array.from({ length: categories }, (_, category) => ({
    type: 'category', label: `Category ${category}`, collapsed: true, collapsible: true,
    items: Array.from({ length: linksEach }, (_, link) => ({ type: 'link', label: `Page ${category}.${link}`, href: `/c${category}/p${link}` })),
  }));
}

function render(items: SidebarItem[], pathname: string): string {
  return renderToString(createElement(LocationContext.Provider, { value: { pathname, search: '', hash: '' } }, createElement(DocSidebar, { items })));
}

/** What a category module exports, as the browser's import() would see it. */
function moduleItems(source: string): SidebarItem[] {
  return JSON.parse(JSON.parse(/^export default JSON\.parse\((.*)\);$/.exec(source)![1])) as SidebarItem[];
}

test('a small sidebar ships whole and renders collapsed categories too, so they open without JavaScript', () => {
  const shipped = new ShippedSidebar(sidebarOf(5, 10), 'docs', '/', 'assets');
  assert.equal(shipped.whole, true);
  assert.equal(shipped.files.size, 1, 'one module every page shares');
  assert.match(render(shipped.forPage('/c0/p0').items, '/c0/p0'), /href="\/c4\/p9"/);
});

test('a large sidebar ships each page its open categories; a closed one names a module with its items', () => {
  const full = sidebarOf(40, 20);
  const shipped = new ShippedSidebar(full, 'docs', '/base/', 'assets');
  assert.ok(40 * 20 > WHOLE_SIDEBAR_MAX_LINKS);
  assert.equal(shipped.whole, false);
  const page = shipped.forPage('/c7/p3');
  const view = page.items;
  assert.deepEqual(page.chunk, { items: view }, 'the route chunk carries the same view');
  const html = render(view, '/c7/p3');
  assert.match(html, /href="\/c7\/p19"/, 'the current page’s category is rendered');
  assert.doesNotMatch(html, /href="\/c8\/p0"/, 'closed categories are not');
  assert.match(html, /Category 8<\/summary>/, 'but their labels are');
  const closed = view[8] as Extract<SidebarItem, { type: 'category' }>;
  assert.deepEqual(closed.items, []);
  assert.match(closed.lazyItems!, /^\/base\/assets\/sidebars\/docs\/category_8-[0-9a-f]{10}\.js$/);
  const module = shipped.files.get(closed.lazyItems!.slice('/base/'.length))!;
  assert.deepEqual(moduleItems(module), (full[8] as Extract<SidebarItem, { type: 'category' }>).items);
  assert.ok(JSON.stringify(view).length < JSON.stringify(full).length / 5, 'a page ships a small part of the sidebar');
});

test('nested closed categories inside a category module are stubs with modules of their own', () => {
  const nested: SidebarItem[] = [{ type: 'category', label: 'Outer', collapsed: true, collapsible: true, items: sidebarOf(30, 12) }];
  const shipped = new ShippedSidebar(nested, 'docs', '/', 'assets');
  const outer = shipped.forPage('/elsewhere').items[0] as Extract<SidebarItem, { type: 'category' }>;
  const inner = moduleItems(shipped.files.get(outer.lazyItems!.slice(1))!);
  assert.equal(inner.length, 30);
  const first = inner[0] as Extract<SidebarItem, { type: 'category' }>;
  assert.deepEqual(first.items, []);
  assert.equal(moduleItems(shipped.files.get(first.lazyItems!.slice(1))!).length, 12);
});
