/**
 * Which sites get Infima's classes (build/site/page-styles.ts): those with React pages, or whose Markdown and MDX
 * name a class of src/css/infima.css or import the site's own components, outside code; and every class that
 * stylesheet gives is one the check knows. Which get Infima's variables: those, and a site whose own CSS names one
 * or whose page's inline style reads one.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { INFIMA_CLASS, pageStyles, readsInfimaVariable, usesInfimaSource } from '../../build/site/page-styles.ts';
import type { Doc } from '../../build/site/docs.ts';
import { projectRoot } from '../helpers/site.ts';

test("every class src/css/infima.css styles is one a page's source is checked for (the rest are the theme's)", () => {
  const css = readFileSync(path.join(projectRoot, 'src/css/infima.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\{[^{}]*\}/g, '{}');
  const classes = new Set([...css.matchAll(/\.(-?[a-z_][\w-]*)/gi)].map((match) => match[1]));
  assert.ok(classes.has('col--4') && classes.has('hero--primary') && classes.has('margin-bottom--lg'), [...classes].join(' '));
  assert.deepEqual([...classes].filter((name) => !INFIMA_CLASS.test(name)).sort(), ['disabled', 'markdown', 'react-page']);
});

test("an MDX page naming one of Infima's classes in a class attribute uses them; one naming other classes does not", () => {
  assert.equal(usesInfimaSource('# Grid\n\n<div className="row">\n  <div className="col col--6">Left</div>\n</div>\n'), true);
  assert.equal(usesInfimaSource('<a className={"button button--primary"} href="/x">Go</a>'), true);
  assert.equal(usesInfimaSource("<p class='text--center margin-bottom--lg'>Hi</p>"), true);
  assert.equal(usesInfimaSource('<div className="my-button buttons rows column card-grid">x</div>'), false);
  assert.equal(usesInfimaSource('Rows and columns, a hero and a button, in prose.'), false);
});

test("class names and imports inside code blocks and inline code are what a page shows, not what it uses", () => {
  const fenced = ['Example:', '', '```jsx', '<button className="button">Add</button>', "import Todo from './Todo'", '```', '', '- In a list:', '', '  ~~~~tsx', '  <div className="row" />', '  ~~~~'].join('\n');
  assert.equal(usesInfimaSource(fenced), false);
  assert.equal(usesInfimaSource('Write `<div className="container">` around it.'), false);
  assert.equal(usesInfimaSource('```js\ncode\n```\n\n<div className="card">after the block</div>'), true);
});

test("an MDX page importing a component of the site's own code uses Infima's classes; imports of theme modules, partials and data do not", () => {
  assert.equal(usesInfimaSource("import Features from '@site/src/components/Features';\n\n<Features />"), true);
  assert.equal(usesInfimaSource("import Badge from '../components/Badge.jsx';"), true);
  assert.equal(usesInfimaSource(["import Tabs from '@theme/Tabs';", "import Link from '@docusaurus/Link';", "import Intro from './_intro.mdx';", "import data from '@site/data/launches.json';", "import logo from './logo.png';"].join('\n')), false);
});

test("a site with a React page, or a config naming a component of its own for every page, uses Infima's classes, and so its variables", () => {
  const doc = (body: string, page?: Doc['page']) => ({ body, page }) as Doc;
  assert.deepEqual(pageStyles([doc('# Intro\n\nText.')], {}, ''), { reactPages: false, infimaClasses: false, infimaVariables: false });
  assert.deepEqual(pageStyles([doc('# Intro'), doc("import Page from './index.js';\n\n<Page />\n", 'react')], {}, ''), { reactPages: true, infimaClasses: true, infimaVariables: true });
  assert.deepEqual(pageStyles([doc('# Intro')], { Highlight: './src/components/Highlight.jsx' }, ''), { reactPages: false, infimaClasses: true, infimaVariables: true });
  assert.deepEqual(pageStyles([doc('# Intro')], { Tabs: '@theme/Tabs' }, ''), { reactPages: false, infimaClasses: false, infimaVariables: false });
});

test("a site whose own CSS reads or sets one of Infima's variables uses them; CSS that names none does not", () => {
  const docs = [{ body: '# Intro' } as Doc];
  assert.equal(pageStyles(docs, {}, '.feature svg{fill:var(--ifm-color-emphasis-800)}').infimaVariables, true);
  assert.equal(pageStyles(docs, {}, ':root{--ifm-color-primary:#2e8555}').infimaVariables, true);
  assert.equal(pageStyles(docs, {}, '.footer{background:#000}').infimaVariables, false);
  assert.equal(pageStyles(docs, {}, ':root{--ifm-color-primary:#2e8555}').infimaClasses, false, 'the variables alone bring no classes');
});

test("a page whose inline style reads one of Infima's variables uses them; one showing such a style in code does not", () => {
  assert.equal(readsInfimaVariable('<span style={{color: "var(--ifm-color-emphasis-600)"}}>Note</span>'), true);
  assert.equal(readsInfimaVariable('<p style="border-left: 2px solid VAR( --ifm-color-primary )">x</p>'), true);
  assert.equal(readsInfimaVariable('Set `color: var(--ifm-color-primary)` in custom.css.'), false);
  assert.equal(readsInfimaVariable('```css\n.x { color: var(--ifm-color-primary); }\n```'), false);
  assert.equal(readsInfimaVariable('Infima names its variables --ifm-color-primary and so on.'), false);
  assert.equal(pageStyles([{ body: '<b style={{color: "var(--ifm-color-success)"}}>ok</b>' } as Doc], {}, '').infimaVariables, true);
});
