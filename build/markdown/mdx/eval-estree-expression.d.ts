/** The part of eval-estree-expression (which ships no types) that evaluate.ts uses. */
declare module 'eval-estree-expression' {
  import type { Node } from 'estree';

  const evalEstree: { evaluate: { sync(expression: Node, context: Record<string, unknown>, options?: { functions?: boolean }): unknown } };
  export default evalEstree;
}
