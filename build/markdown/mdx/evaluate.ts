/**
 * MDX `{expressions}` are evaluated at build time without running code: eval-estree-expression walks
 * the expression's tree and supports literals, names, members, operators, templates, arrays and
 * objects, but no function calls, `new`, or `constructor`/`__proto__` members. A name must be in the
 * page's scope (its imports, its `export const`s, the config's components).
 */
import evalEstree from 'eval-estree-expression';
import { visit } from 'estree-util-visit';
import type { Expression, Node as EstreeNode } from 'estree';

export type Scope = ReadonlyMap<string, unknown>;

/** The value of `expression`, or a sentence saying why it has none. */
export function evaluateExpression(expression: Expression, scope: Scope): { value: unknown } | { problem: string } {
  const unknown = unknownNames(expression, scope);
  if (unknown.length > 0) return { problem: `"${unknown[0]}" is not defined on this page` };
  try {
    return { value: evalEstree.evaluate.sync(expression, Object.fromEntries(scope)) };
  } catch (error) {
    return { problem: (error as Error).message === 'Functions are not supported' ? 'function calls are not evaluated at build time' : (error as Error).message };
  }
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
