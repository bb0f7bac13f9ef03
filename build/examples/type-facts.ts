/**
 * What a TypeScript example states about its types, in comments the type checker verifies
 * (typecheck.ts): `// @ts-expect-error TS2769` above a line that must fail with that error, and
 * twoslash-style queries, `//    ^? const total: number`, whose `^` points at a name on the line above
 * and whose text is what TypeScript shows for it.
 */
import { TYPE_QUERY } from '../markdown/type-queries.ts';

/** `// @ts-expect-error TS<code>`: the next line of code fails with that error. */
export interface ExpectedError {
  /** 0-based line of the comment in the example. */
  line: number;
  code: number;
}

/** `//    ^? <type>`: what TypeScript shows for the name the `^` points at. */
export interface TypeQuery {
  /** 0-based line of the query in the example. */
  line: number;
  /** 0-based line and column the `^` points at. */
  target: { line: number; column: number };
  expected: string;
}

export interface TypeFacts {
  expectedErrors: ExpectedError[];
  queries: TypeQuery[];
  /**
   * The code with each coded `@ts-expect-error` written so that TypeScript does not read it (same length,
   * so positions stay): the errors it would silence are reported, and compared with the stated code.
   */
  checkedCode: string;
}

const EXPECTED_ERROR = /^(\s*\/\/\s*)@ts-expect-error(\s+TS(\d+)\b)/;
/** A line TypeScript skips between an `@ts-expect-error` and the code it applies to. */
const BLANK_OR_COMMENT = /^\s*(\/\/.*)?$/;

export function typeFacts(code: string): TypeFacts {
  const lines = code.split('\n');
  const expectedErrors: ExpectedError[] = [];
  const queries: TypeQuery[] = [];
  let queried = -1;
  lines.forEach((text, line) => {
    const query = TYPE_QUERY.exec(text);
    if (!query) queried = line;
    else queries.push({ line, target: { line: queried, column: text.indexOf('^') }, expected: query[1].trim() });
    const directive = EXPECTED_ERROR.exec(text);
    if (directive) {
      expectedErrors.push({ line, code: Number(directive[3]) });
      lines[line] = text.replace(EXPECTED_ERROR, '$1@ts_expect_error$2');
    }
  });
  return { expectedErrors, queries, checkedCode: lines.join('\n') };
}

/**
 * The `@ts-expect-error` an error on `errorLine` belongs to, as TypeScript attributes it: the nearest one
 * above, across blank and comment lines only.
 */
export function expectedErrorFor(errorLine: number, code: string, expectedErrors: ExpectedError[]): ExpectedError | undefined {
  const lines = code.split('\n');
  for (let line = errorLine - 1; line >= 0; line--) {
    const expected = expectedErrors.find((candidate) => candidate.line === line);
    if (expected) return expected;
    if (!BLANK_OR_COMMENT.test(lines[line])) return undefined;
  }
  return undefined;
}

/** Type texts compare with runs of whitespace as one space: TypeScript breaks long ones across lines. */
export function sameTypeText(a: string, b: string): boolean {
  const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
  return collapse(a) === collapse(b);
}
