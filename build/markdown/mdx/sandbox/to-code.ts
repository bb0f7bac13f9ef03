/**
 * An MDX expression's syntax tree as the JavaScript the sandbox runs. JSX becomes calls of the
 * sandbox's factories, as MDX's own compiler does it (estree-util-build-jsx): `<div>` calls
 * `__jsxIntrinsic('div', …)`, whose tag the host checks against its allowlist; `<Name>` and `<a.b>`
 * call `__jsx(Name, …)`, which accepts only a component. Printing the tree again (estree-util-to-js),
 * not slicing the source, guarantees the code is the one expression that was parsed.
 */
import { buildJsx } from 'estree-util-build-jsx';
import { toJs, jsx } from 'estree-util-to-js';
import { visit } from 'estree-util-visit';
import type { Expression, Node, Program } from 'estree';

export function expressionCode(expression: Expression): string {
  const program: Program = { type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression: structuredClone(expression) }] };
  if (containsJsx(program)) {
    buildJsx(program, { runtime: 'classic', pragma: '__jsx', pragmaFrag: '__Fragment' });
    markIntrinsicCalls(program);
  }
  return toJs(program, { handlers: jsx }).value.replace(/;\s*$/, '');
}

function containsJsx(program: Program): boolean {
  let found = false;
  visit(program, (node) => {
    if (node.type === 'JSXElement' || node.type === 'JSXFragment') found = true;
  });
  return found;
}

/** `__jsx('div', …)`, which build-jsx writes for a lowercase tag, becomes `__jsxIntrinsic('div', …)`. */
function markIntrinsicCalls(program: Program): void {
  visit(program, (node) => {
    if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || node.callee.name !== '__jsx') return;
    const [type] = node.arguments;
    if (type?.type === 'Literal' && typeof type.value === 'string') node.callee.name = '__jsxIntrinsic';
  });
}

/** Identifiers the expression reads, JSX names included (and, roughly, those it binds): to skip one that uses a failed import. */
export function namesRead(expression: Expression): Set<string> {
  const names = new Set<string>();
  visit(expression as Node, (node, key, _index, ancestors) => {
    if ((node.type as string) === 'JSXIdentifier') names.add((node as unknown as { name: string }).name);
    if (node.type !== 'Identifier') return;
    const parent = ancestors.at(-1);
    const isMemberName = parent?.type === 'MemberExpression' && key === 'property' && !parent.computed;
    const isPropertyKey = parent?.type === 'Property' && key === 'key' && !parent.computed;
    if (!isMemberName && !isPropertyKey) names.add(node.name);
  });
  return names;
}
