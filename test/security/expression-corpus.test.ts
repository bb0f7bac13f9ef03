/**
 * Thousands of hostile MDX expressions, made by a small grammar from the ways JavaScript reaches the
 * Function constructor, the global object and the host (constructor chains, computed keys of every
 * kind, getters, call/apply/bind, tagged templates, Symbol, Reflect, Proxy, import(), arguments,
 * with, async functions, generators) and what an attacker would do with it. Each runs in a page
 * sandbox, as the build runs it, with a canary on the host: none may write the marker file, reach
 * `process` or `require`, change the host's objects, outlast its budget, or end in anything but a
 * value or one short error. The values go on through the whole page compile, whose HTML must be
 * free of script.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { Parser } from 'acorn';
import type { Expression } from 'estree';
import jsx from 'acorn-jsx';
import { PageSandbox } from '../../build/markdown/mdx/sandbox/page-sandbox.ts';
import { expressionCode } from '../../build/markdown/mdx/sandbox/to-code.ts';
import { ContentErrors, ContentError } from '../../build/errors.ts';
import { compile } from '../helpers/markdown.ts';
import { tempTree } from '../helpers/tmp.ts';

const MARKER = path.join(tempTree({}), 'canary-written');
const LIMITS = { memoryBytes: 16 * 1024 * 1024, expressionSeconds: 0.05, resultBytes: 64 * 1024 };
/** The budget plus what a busy machine adds to starting or ending one evaluation. */
const MAX_MS = 1000;

/** Ways to the Function constructor (or something that leads to it). */
const REACHES = [
  'toc.constructor.constructor', "toc[['constructor']][['constructor']]", 'toc[`constructor`][`constructor`]',
  "toc[{ toString: () => 'constructor' }][{ toString: () => 'constructor' }]", "toc[{ [Symbol.toPrimitive]: () => 'constructor' }].constructor",
  '({}).constructor.constructor', '(() => 0).constructor', '(async () => 0).constructor', '(function* () {}).constructor',
  '(async function* () {}).constructor', 'Object.getPrototypeOf(async function () {}).constructor', 'Reflect.getPrototypeOf(toc).constructor.constructor',
  "Object.getOwnPropertyDescriptor(Object.prototype, '__proto__').get.call(toc).constructor.constructor", 'toc.__proto__.constructor.constructor',
  "toc['__proto__']['constructor']['constructor']", 'Function', 'globalThis.Function', 'this.Function', '[].map.constructor', "''.sub.constructor",
  'Symbol.constructor.constructor', 'new Proxy({}, {}).constructor.constructor', 'Reflect.get(Reflect, "apply").constructor',
  'Object.prototype.toString.constructor', 'JSON.parse.constructor', 'frontMatter.constructor.constructor',
  "Object.values(Object.getOwnPropertyDescriptors(Function.prototype)).find((d) => d.value)?.value.constructor",
  '(() => arguments)?.constructor', 'Array.from.bind(null).constructor', 'eval',
];

/** What the attacker asks the constructor for. */
const BODIES = [
  'return process', "return require('fs')", `return process.getBuiltinModule('fs').writeFileSync(${JSON.stringify(MARKER)}, 'x')`,
  "return globalThis.canary && globalThis.canary()", "return import('node:fs')", 'return this', 'return globalThis.process.mainModule',
  'return arguments.callee.caller', 'with (globalThis) { return process }', 'return module', 'return Buffer', 'return __dirname',
  "return this.constructor.constructor('return process')()", 'return Deno || Bun', 'return new WebAssembly.Memory({ initial: 1 })',
  "return fetch('http://127.0.0.1:1/')", 'return setTimeout', 'return std || os', "return scriptArgs", 'for (;;) {}',
];

/** How it is invoked. */
const CALLS: ((reach: string, body: string) => string)[] = [
  (r, b) => `${r}(${JSON.stringify(b)})()`,
  (r, b) => `${r}\`${b.replace(/[`\\$]/g, '\\$&')}\`()`,
  (r, b) => `${r}.call(null, ${JSON.stringify(b)})()`,
  (r, b) => `${r}.apply(null, [${JSON.stringify(b)}])()`,
  (r, b) => `${r}.bind(null, ${JSON.stringify(b)})()()`,
  (r, b) => `new ${r}(${JSON.stringify(b)})()`,
  (r, b) => `Reflect.construct(${r}, [${JSON.stringify(b)}])()`,
  (r, b) => `Reflect.apply(${r}, null, [${JSON.stringify(b)}])()`,
  (r, b) => `[${JSON.stringify(b)}].map(${r})[0]()`,
  (r, b) => `({ get x() { return ${r}(${JSON.stringify(b)})() } }).x`,
  (r, b) => `Object.defineProperty({}, 'x', { get: () => ${r}(${JSON.stringify(b)})() }).x`,
  (r, b) => `\`\${{ toString: () => ${r}(${JSON.stringify(b)})() }}\``,
  (r, b) => `(function* () { yield ${r}(${JSON.stringify(b)})() })().next().value`,
  (r, b) => `(async () => ${r}(${JSON.stringify(b)})())()`,
  (r, b) => `new Proxy({}, { get: () => ${r}(${JSON.stringify(b)})() }).anything`,
  (r, b) => `[1].map(function () { return ${r}(${JSON.stringify(b)}).call(this) })[0]`,
  (r, b) => `(() => { try { return ${r}(${JSON.stringify(b)})() } catch (error) { return String(error) } })()`,
];

/** Expressions aimed at the host, at the build's time and memory, and at the wire out of the sandbox. */
const DIRECT = [
  'process', 'require', 'module', 'exports', '__filename', 'globalThis.process', 'this.process', 'import.meta', 'arguments',
  "import('node:child_process')", 'globalThis', 'Object.keys(globalThis)', 'typeof WebAssembly', 'new SharedArrayBuffer(8)',
  "Object.prototype.polluted = 'yes'", "Array.prototype.map = () => 'hijacked'", "JSON.stringify = () => '{}'", '__result = () => "v{}"',
  "__wire", "__jsxIntrinsic('script', null, 'alert(1)')", "__jsxIntrinsic('img', { src: 'x', onerror: 'alert(1)' })",
  "__jsxIntrinsic('a', { href: 'javascript:alert(1)' }, 'x')", "__jsxIntrinsic('iframe', { srcDoc: '<script>alert(1)</script>' })",
  "__jsx(__ref(0), { dangerouslySetInnerHTML: { __html: '<script>alert(1)</script>' } })", "({ $$el: ['intrinsic', 'script', {}, ['alert(1)']] })",
  "({ $$ref: 0 })", '(() => { for (;;) {} })()', "'x'.repeat(2 ** 30)", 'new Array(2 ** 28).fill(0)', '(function f() { return f() })()',
  "/(a+)+$/.test('a'.repeat(40) + 'b')", '(() => { let a = []; for (let i = 0; i < 1e5; i++) a = [a]; return a })()',
  '(() => { const o = {}; o.self = o; return o })()', 'Symbol("s")', 'new Map([[1, 2]])', 'new Date(0)', '10n ** 100000n',
  '(async function* () { for (;;) yield 1 })()', 'Promise.reject(new Error("x"))', '(() => { throw { get name() { for (;;) {} } } })()',
  '(() => { throw new Proxy({}, { get: () => { for (;;) {} } }) })()', "'<'.repeat(2 ** 20)", "Array(1000).fill('<script>alert(1)</script>').join('')",
];

/** Wrappers that hide any of the above inside other syntax. */
const WRAPS: ((expression: string) => string)[] = [
  (e) => e,
  (e) => `(() => ${e})()`,
  (e) => `[${e}][0]`,
  (e) => `(0, ${e})`,
  (e) => `true && ${e}`,
  (e) => `\`\${${e}}\``,
  (e) => `((x = ${e}) => x)()`,
  (e) => `<span>{${e}}</span>`,
];

function corpus(): string[] {
  const expressions: string[] = [];
  for (const reach of REACHES) for (const body of BODIES) for (const [index, call] of CALLS.entries()) {
    // Every reach with every body, each through one call chosen by position; every call shows up many times.
    if ((REACHES.indexOf(reach) + BODIES.indexOf(body) + index) % 2 === 0) expressions.push(call(reach, body));
  }
  for (const direct of DIRECT) for (const wrap of WRAPS) expressions.push(wrap(direct));
  return expressions;
}

const parser = Parser.extend(jsx());

function parse(expression: string): Expression | undefined {
  try {
    return parser.parseExpressionAt(expression, 0, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as Expression;
  } catch {
    return undefined; // MDX reports it as a syntax error at its line
  }
}

test('5,000 hostile expressions: each a value or one clean error, within its budget, and the host untouched', async (t) => {
  const expressions = corpus();
  assert.ok(expressions.length >= 5000, `${expressions.length} expressions`);
  let canaryCalls = 0;
  (globalThis as Record<string, unknown>).canary = () => { canaryCalls++; };
  const hostKeys = Object.getOwnPropertyNames(Object.prototype).join();
  const valued: string[] = [];
  const problems: string[] = [];
  let sandbox = await PageSandbox.open(LIMITS);
  let slowest = { ms: 0, expression: '' };
  const started = performance.now();
  for (const [index, expression] of expressions.entries()) {
    if (index % 100 === 0) {
      sandbox.dispose();
      sandbox = await PageSandbox.open(LIMITS);
    }
    const tree = parse(expression);
    if (!tree) continue;
    const begun = performance.now();
    const result = sandbox.evaluate(expressionCode(tree));
    const ms = performance.now() - begun;
    if (ms > slowest.ms) slowest = { ms, expression };
    if (ms > MAX_MS) problems.push(`took ${Math.round(ms)} ms: ${expression}`);
    if ('problem' in result) {
      if (result.problem.includes('\n') || result.problem.length > 700) problems.push(`not one short line: ${JSON.stringify(result.problem.slice(0, 200))}`);
      if (result.problem.startsWith('it crashed the sandbox')) sandbox = await PageSandbox.open(LIMITS);
    } else {
      valued.push(expression);
    }
  }
  sandbox.dispose();
  delete (globalThis as Record<string, unknown>).canary;
  t.diagnostic(`${expressions.length} expressions in ${((performance.now() - started) / 1000).toFixed(1)} s, ${valued.length} gave a value; slowest ${Math.round(slowest.ms)} ms: ${slowest.expression.slice(0, 80)}`);
  assert.deepEqual(problems, []);
  assert.equal(canaryCalls, 0, 'the host function was never called');
  assert.ok(!existsSync(MARKER), 'no file was written');
  assert.equal(Object.getOwnPropertyNames(Object.prototype).join(), hostKeys, 'the host prototype is untouched');
  assert.equal(typeof (Array.prototype.map as unknown), 'function');
  assert.equal([1].map((x) => x + 1)[0], 2);

  // The values go through the whole page, 100 to a page: one clean error per line, or HTML free of script.
  for (let start = 0; start < valued.length; start += 100) {
    const lines = valued.slice(start, start + 100);
    const body = lines.map((expression) => `{${expression}}`).join('\n\n');
    const compiled = await compile(body, {}, [], { format: 'mdx', allowComponentCode: false }).then((result) => result, (error: unknown) => error);
    if (compiled instanceof ContentErrors || compiled instanceof ContentError) {
      const errors = compiled instanceof ContentErrors ? compiled.errors : [compiled];
      for (const error of errors) assert.ok(error.line !== undefined && !error.message.includes('\n'), `one line with a line number: ${error.message}`);
      continue;
    }
    assert.ok(!(compiled instanceof Error), String(compiled));
    const html = (compiled as { html: string }).html;
    assert.doesNotMatch(html, /<script|<iframe|\son\w+=|javascript:/i, `script in the HTML of ${lines.join(' | ').slice(0, 300)}`);
  }
});
