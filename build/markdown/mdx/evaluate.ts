/**
 * MDX `{expressions}` are evaluated at build time without running code: eval-estree-expression walks
 * the expression's tree and supports literals, names, members, operators, templates, arrays and
 * objects, but no `new`, and no `constructor`/`__proto__` members. Calls are limited to a few methods
 * of strings and lists that only read them (`toc.slice(2)`). A name must be in the page's scope (its
 * imports and `export const`s, and `toc`).
 */
import evalEstree from 'eval-estree-expression';
import { visit } from 'estree-util-visit';
import type { Expression, Node as EstreeNode } from 'estree';

export type Scope = ReadonlyMap<string, unknown>;

/** The value of `expression`, or a sentence saying why it has none. */
export function evaluateExpression(expression: Expression, scope: Scope): { value: unknown } | { problem: string } {
  const unknown = unknownNames(expression, scope);
  if (unknown.length > 0) return { problem: `"${unknown[0]}" is not defined on this page` };
  const call = disallowedCall(expression);
  if (call) return { problem: `${call} is not evaluated at build time (only ${[...READING_METHODS].join(', ')} of a string or list are)` };
  try {
    return { value: evalEstree.evaluate.sync(expression, Object.fromEntries(scope), { functions: true }) };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

/** Methods of strings and lists that only read them and take no function. */
const READING_METHODS = new Set(['slice', 'at', 'concat', 'join', 'includes', 'indexOf', 'toUpperCase', 'toLowerCase', 'trim', 'padStart', 'padEnd', 'repeat']);

/** The first call that is not `value.readingMethod(args)`, or a function written in the expression. */
function disallowedCall(expression: Expression): string | undefined {
  let found: string | undefined;
  visit(expression as EstreeNode, (node) => {
    if (found) return;
    if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') found = 'a function';
    if (node.type !== 'CallExpression' && node.type !== 'NewExpression') return;
    const callee = node.callee;
    const method = callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' ? callee.property.name : undefined;
    if (node.type === 'NewExpression' || !method || !READING_METHODS.has(method)) found = 'a function call';
  });
  return found;
}

/** Free names of an expression that the scope does not define, in source order. */
function unknownNames(expression: Expression, scope: Scope): string[] {
  const names: string[] = [];
  visit(expression as EstreeNode, (node, key, _index, ancestors) => {
    if (node.type !== 'Identifier') return;
    const parent = ancestors.at(-1);
    const isMemberName = parent?.type === 'MemberExpression' && key === 'property' && !parent.computed;
    const isPropertyKey = parent?.type === 'Property' && key === 'key' && !parent.computed;
    if (!isMemberName && !isPropertyKey && !scope.has(node.name) && !names.includes(node.name)) names.push(node.name);
  });
  return names;
}
