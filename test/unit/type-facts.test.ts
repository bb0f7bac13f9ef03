/**
 * Type facts a TypeScript example states, checked with its page (build/examples/type-facts.ts,
 * build/examples/typecheck.ts): `// @ts-expect-error TS<code>` and twoslash-style `^?` queries.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractCheckedExamples } from '../../build/examples/extract.ts';
import { ExampleChecker } from '../../build/examples/typecheck.ts';
import { projectRoot } from '../helpers/site.ts';

const checker = new ExampleChecker(projectRoot);

/** The problems of a page at content/docs/<name>.md made of one checked example (its code starts on line 4). */
function problems(name: string, ...code: string[]): string[] {
  const markdown = ['# Page', '', '```ts check', ...code, '```', ''].join('\n');
  return checker.checkPage(extractCheckedExamples(markdown, `content/docs/${name}.md`)).map(({ sourceFile, line, message }) => `${sourceFile}:${line}: ${message}`);
}

const basket = [
  "import { legacy_createStore, type Reducer } from 'redux'",
  'const basket: Reducer<{ items: string[] }> = (state = { items: [] }) => state',
  'const store = legacy_createStore(basket)',
];

test('an expected error with its code, and a ^? query with TypeScript\'s text, pass', () => {
  assert.deepEqual(problems('passing',
    ...basket,
    'const items = store.getState().items',
    '//    ^? const items: string[]',
    '',
    '// @ts-expect-error TS2345: a number is not an action',
    'store.dispatch(42)',
  ), []);
});

test('an expected error code that TypeScript does not report, or a line that compiles, is named with its line', () => {
  assert.deepEqual(problems('wrong-code',
    ...basket,
    '// @ts-expect-error TS2769',
    "store.dispatch('basket/emptied')",
    '// @ts-expect-error TS2345',
    "store.dispatch({ type: 'basket/emptied' })",
  ), [
    "content/docs/wrong-code.md:7: the page expects TS2769 here, but TypeScript reports TS2345: Argument of type 'string' is not assignable to parameter of type 'UnknownAction'.",
    'content/docs/wrong-code.md:9: the page expects TS2345 here, but the code compiles',
  ]);
});

test('a ^? query whose type differs from TypeScript\'s is named with its line and both texts', () => {
  assert.deepEqual(problems('wrong-type',
    ...basket,
    'const items = store.getState().items',
    '//    ^? const items: number[]',
    '//  ^? nothing',
  ), [
    'content/docs/wrong-type.md:8: the page shows the type "const items: number[]", but TypeScript shows "const items: string[]"',
    'content/docs/wrong-type.md:9: the ^? points at no name on the line above',
  ]);
});
