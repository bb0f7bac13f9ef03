/**
 * A valibot issue in an author's words: the field's dotted path, what is wrong with it, and how to fix
 * it. The config and front matter both report through this, so a wrong type reads the same in each.
 */
import * as v from 'valibot';

export interface FieldProblem {
  /** `docs.path`; empty for the whole value. */
  path: string;
  /** `must be a string, not a number (3)`, `is missing`, `is not a known field`. */
  problem: string;
  fix: string;
}

/** A schema as far as issues need it: what it expects, and its entries when it is an object. */
interface SchemaShape { type: string; expects: string; entries?: Record<string, unknown>; wrapped?: unknown; options?: unknown[] }

/** `shownPath`: the field as the author's file names it, when that is not our own field path. */
export function describeIssue(issue: v.BaseIssue<unknown>, root: SchemaShape, unknownFieldFix: string, shownPath = (field: string) => field): FieldProblem {
  const path = shownPath(v.getDotPath(issue) ?? '');
  if (issue.type === 'strict_object' && issue.expected === 'never') return { path, problem: 'is not a known field', fix: unknownFieldFix };
  // A check beyond the type carries the fix as its message.
  if (issue.kind === 'validation') return { path, problem: `is ${JSON.stringify(issue.input)}`, fix: issue.message };
  // A missing key's issue names the key, not the type it needs.
  const expected = describeExpected(issue.input === undefined ? expectedAt(root, issue.path ?? []) : issue.expected ?? '');
  if (issue.input === undefined) return { path, problem: 'is missing', fix: `Add ${path}: ${expected}.` };
  return { path, problem: `must be ${expected}, not ${describeValue(issue.input)}`, fix: `Set ${path || 'it'} to ${expected}.` };
}

function expectedAt(root: SchemaShape, path: v.IssuePathItem[]): string {
  let schema = root;
  for (const { key } of path) {
    while ((schema.type === 'optional' || schema.type === 'nullable') && schema.wrapped) schema = schema.wrapped as SchemaShape;
    // A variant's key is in the option that has it.
    const options = (schema.options ?? []) as SchemaShape[];
    schema = options.find((option) => option.entries?.[String(key)]) ?? schema;
    schema = schema.entries?.[String(key)] as SchemaShape;
  }
  return schema.expects;
}

/** valibot's `string`, `Object`, `("a" | "b")` as an author reads it. */
function describeExpected(expected: string): string {
  const words: Record<string, string> = { string: 'a string', number: 'a number', boolean: 'true or false', Object: 'an object', Array: 'a list' };
  return words[expected] ?? `one of ${expected.replace(/^\(|\)$/g, '').split(' | ').join(', ')}`;
}

export function describeValue(value: unknown): string {
  return Array.isArray(value) ? 'a list' : value === null ? 'empty' : `a ${typeof value} (${JSON.stringify(value)})`;
}
