/**
 * The output a page shows for a run block, written as `// →` comments or an `output` fence, and the
 * first difference from what the block printed (build/examples/expected-output.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { arrowComments, compareOutput, fenceOutput } from '../../build/examples/expected-output.ts';

const lines = (...text: string[]) => text.join('\n');

test('// → comments give the expected lines with their page lines: trailing, alone, continued in the same column', () => {
  const code = lines(
    'console.log(1 + 1) // → 2',
    'console.log({ a: 1 })',
    '// → { a: 1 }',
    'console.log(store.getState()) // → {',
    '                              //     books: [],',
    '                              //     filter: "all"',
    '                              //   }',
    '// an ordinary comment',
    "console.log('') // →",
    "const url = 'http://example.com' // no arrow here",
  );
  assert.deepEqual(arrowComments(code, 11), [
    { text: '2', line: 11 },
    { text: '{ a: 1 }', line: 13 },
    { text: '{', line: 14 },
    { text: '  books: [],', line: 15 },
    { text: '  filter: "all"', line: 16 },
    { text: '}', line: 17 },
    { text: '', line: 19 },
  ]);
});

test('a comment line in another column, or with fewer spaces, does not continue the output above it', () => {
  const code = lines('console.log(1) // → 1', '// not output', 'console.log(2) // → 2', '               //  no');
  assert.deepEqual(arrowComments(code, 1), [{ text: '1', line: 1 }, { text: '2', line: 3 }]);
});

test('an output fence gives each of its lines with its page line', () => {
  assert.deepEqual(fenceOutput('a\nb', 20), [{ text: 'a', line: 21 }, { text: 'b', line: 22 }]);
  assert.deepEqual(fenceOutput('', 20), []);
});

test('the first differing line is reported at its page line, quoted as printed and as shown', () => {
  const expected = [{ text: '1', line: 5 }, { text: "{ a: 'x' }", line: 6 }];
  assert.equal(compareOutput("1\n{ a: 'x' }\n", expected, 3), undefined);
  assert.deepEqual(compareOutput('1\n{ a: "x" }\n', expected, 3), { line: 6, message: 'run block printed "{ a: \\"x\\" }" where the page shows "{ a: \'x\' }"' });
  assert.deepEqual(compareOutput("1\n{ a: 'x' }\nextra\n", expected, 3), { line: 6, message: 'run block printed "extra" where the page shows no more output' });
  assert.deepEqual(compareOutput('1\n', expected, 3), { line: 6, message: 'run block printed nothing more where the page shows "{ a: \'x\' }"' });
  assert.deepEqual(compareOutput('', expected, 3), { line: 5, message: 'run block printed nothing where the page shows "1"' });
  assert.deepEqual(compareOutput('surprise\n', [], 3), { line: 3, message: 'run block printed "surprise" where the page shows no output' });
});
