/**
 * Twoslash-style `//    ^? <type>` lines of a checked example, which state what TypeScript infers
 * (examples/type-facts.ts checks them); the JavaScript tab leaves them out.
 */
export const TYPE_QUERY = /^\s*\/\/\s*\^\?(.*)$/;

/** The example without its `^?` lines: they describe TypeScript's types, which its JavaScript twin has not. */
export function withoutTypeQueries(code: string): string {
  return code.split('\n').filter((line) => !TYPE_QUERY.test(line)).join('\n');
}
