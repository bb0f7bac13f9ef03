/**
 * A TypeScript example as the JavaScript a reader would write: amaro (Node's own type stripper, SWC
 * compiled to WebAssembly) replaces the types with spaces, so every position stays where it was; then
 * the blanked places are tidied so the code reads as if written by hand: lines that held only types
 * go, and so do the gaps types leave. amaro loads in ~0.1 s, TypeScript in ~0.6 s: TypeScript (with
 * ts-blank-space) is loaded only to name the constructs of an example that has no JavaScript twin.
 */
import { createRequire } from 'node:module';
import type * as TypeScript from 'typescript';

/** The part of amaro's API used here (its own declarations import a file the package leaves out). */
interface Amaro {
  transformSync(code: string, options: { mode: 'strip-only'; parser: { syntax: 'typescript'; tsx: boolean; decorators: boolean } }): { code: string };
}

/** What amaro throws: `UnsupportedSyntax` for TypeScript with run-time meaning, `InvalidSyntax` for code that does not parse. */
interface SwcError { code: 'UnsupportedSyntax' | 'InvalidSyntax'; message: string; startLine: number; startColumn: number }

// Required, not imported: the bundle keeps amaro's 3.7 MB file out, and only a thread that meets a checked example loads it.
let amaro: Amaro | undefined;
const stripper = () => (amaro ??= createRequire(import.meta.url)('amaro') as Amaro);

/** Syntax that does something at run time, so removing it would change the program. */
export interface TypeScriptOnlyConstruct {
  /** `enum "Color"`, `namespace "Shapes"`, `parameter property "name"`, … */
  name: string;
  /** 1-based line in the example. */
  line: number;
}

/** The example has syntax with run-time meaning (an enum, a namespace, a parameter property): `typeScriptOnlyConstructs` names it all. */
export class TypeScriptOnlySyntaxError extends Error {
  constructor(message: string, readonly line: number) {
    super(message);
    this.name = 'TypeScriptOnlySyntaxError';
  }
}

/** The example does not parse as TypeScript; line and column count from 1. */
export class ExampleSyntaxError extends Error {
  constructor(readonly reason: string, readonly line: number, readonly column: number) {
    super(`${reason} (line ${line}, column ${column})`);
    this.name = 'ExampleSyntaxError';
  }
}

/** What to tell the author about constructs with no JavaScript twin. */
export function typeScriptOnlyMessage(constructs: TypeScriptOnlyConstruct[]): string {
  return `this TypeScript has no JavaScript twin without its types: ${constructs.map(({ name, line }) => `${name} (line ${line})`).join(', ')}; `
    + 'write it without enums, namespaces and parameter properties (an object of constants, a module, a field assigned in the constructor)';
}

/** Throws TypeScriptOnlySyntaxError or ExampleSyntaxError where no JavaScript can be made. */
export function toJavaScript(code: string, language: 'ts' | 'tsx'): string {
  const originalLines = code.split('\n');
  return joinLines(blank(code, language).split('\n').map((line, index) => tidyLine(originalLines[index], line)));
}

function blank(code: string, language: 'ts' | 'tsx'): string {
  try {
    return stripper().transformSync(code, { mode: 'strip-only', parser: { syntax: 'typescript', tsx: language === 'tsx', decorators: true } }).code;
  } catch (error) {
    const { code: kind, message, startLine, startColumn } = error as SwcError;
    if (kind === 'UnsupportedSyntax') throw new TypeScriptOnlySyntaxError(message, startLine);
    if (kind === 'InvalidSyntax') throw new ExampleSyntaxError(message, startLine, startColumn + 1);
    throw error;
  }
}

/** Each construct of the example with no JavaScript twin, named; loads TypeScript and ts-blank-space the first time. */
export async function typeScriptOnlyConstructs(code: string, language: 'ts' | 'tsx'): Promise<TypeScriptOnlyConstruct[]> {
  const [{ default: ts }, { blankSourceFile }] = await Promise.all([import('typescript'), import('ts-blank-space')]);
  const source = ts.createSourceFile(`example.${language}`, code, ts.ScriptTarget.Latest, true, language === 'tsx' ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const constructs: TypeScriptOnlyConstruct[] = [];
  blankSourceFile(source, (node) => constructs.push(describe(ts, node, source)));
  return unique(constructs);
}

function describe(ts: typeof TypeScript, node: TypeScript.Node, source: TypeScript.SourceFile): TypeScriptOnlyConstruct {
  const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  if (ts.isEnumDeclaration(node)) return { name: `enum "${node.name.text}"`, line };
  if (ts.isModuleDeclaration(node)) return { name: `namespace "${node.name.getText(source)}"`, line };
  if (ts.isParameter(node.parent)) return { name: `parameter property "${node.parent.name.getText(source)}"`, line };
  if (ts.isImportEqualsDeclaration(node)) return { name: '"import … = require()"', line };
  if (ts.isExportAssignment(node)) return { name: '"export ="', line };
  return { name: ts.SyntaxKind[node.kind], line };
}

/** `private readonly x` is reported once per keyword; it is one construct. */
function unique(constructs: TypeScriptOnlyConstruct[]): TypeScriptOnlyConstruct[] {
  const seen = new Set<string>();
  return constructs.filter(({ name, line }) => !seen.has(`${line}:${name}`) && seen.add(`${line}:${name}`));
}

interface TidyLine {
  text: string;
  /** The line held types and nothing else (or an import whose names were all types). */
  removed: boolean;
  /** The line began with types: it may continue the line before (`>(`, `) =>`). */
  startsBlanked: boolean;
}

type CharKind = 'blank' | 'space' | 'text';

/** amaro writes spaces over types, and a `;` where one keeps two statements apart. */
function charKind(original: string | undefined, blanked: string): CharKind {
  if (blanked !== original && (blanked === ' ' || blanked === ';')) return 'blank';
  return blanked === ' ' || blanked === '\t' ? 'space' : 'text';
}

/** What is left of an import or export of types only: `import { } from './store'`. */
const EMPTY_IMPORT = /^\s*(import|export)\s*\{\s*\}(\s*from\s*(['"])[^'"]*\3)?\s*;?\s*$/;
/** `import rootReducer, { } from './reducer'` after `{ type RootState }` went. */
const DEFAULT_AND_NO_NAMES = /^(\s*import\s+[\w$]+)\s*,\s*\{\s*\}/;

function tidyLine(original: string, blanked: string): TidyLine {
  if (blanked === original) return { text: blanked, removed: false, startsBlanked: false };
  const kinds = blanked.split('').map((char, index) => charKind(original[index], char));
  if (!kinds.includes('blank')) return { text: blanked, removed: false, startsBlanked: false };
  let text = '';
  for (const { start, end } of segments(kinds)) {
    const segment = kinds.slice(start, end);
    if (!segment.includes('blank')) text += blanked.slice(start, end);
    else if (start === 0) text += blanked.slice(0, segment.indexOf('blank'));
    else if (end < blanked.length) {
      const next = blanked[end];
      if (text.endsWith(',') && ')]}'.includes(next)) text = text.slice(0, -1);
      text += separator(text.at(-1)!, next, segment[0] === 'space', segment.at(-1) === 'space');
    }
  }
  text = text.replace(DEFAULT_AND_NO_NAMES, '$1');
  return { text, removed: text.trim() === '' || EMPTY_IMPORT.test(text), startsBlanked: kinds[0] !== 'text' && kinds.indexOf('blank') < kinds.indexOf('text') };
}

/** The line cut where text turns into spaces and blanks and back. */
function segments(kinds: CharKind[]): { start: number; end: number }[] {
  const result: { start: number; end: number }[] = [];
  kinds.forEach((kind, index) => {
    if (index > 0 && (kind === 'text') === (kinds[index - 1] === 'text')) result[result.length - 1].end = index + 1;
    else result.push({ start: index, end: index + 1 });
  });
  return result;
}

/**
 * What stands where types were removed between two characters of code: a space where the types had
 * one on either side, unless it would stand inside brackets or before punctuation. Before `}`, only
 * where one was there: `{ name: value as Name }`, but `{todo.text satisfies string}`.
 */
function separator(before: string, after: string, spaceBefore: boolean, spaceAfter: boolean): string {
  if (after === '}') return spaceAfter ? ' ' : '';
  if (!(spaceBefore || spaceAfter) || before === '(' || before === '[') return '';
  return ',;:)]>.'.includes(after) ? '' : ' ';
}

/** A line that starts with one of these after its types are gone continues the line before. */
const CONTINUATION = /^[(){=.,]/;

function joinLines(lines: TidyLine[]): string {
  const result: string[] = [];
  let removedSinceText = false;
  for (const line of lines) {
    const previous = result.at(-1);
    const rest = line.text.trimStart();
    if (line.removed) removedSinceText = true;
    else if (rest === '') {
      if (!(removedSinceText && (previous === undefined || previous.trim() === ''))) result.push(line.text);
    } else if (line.startsBlanked && previous?.trim() && CONTINUATION.test(rest)) {
      result[result.length - 1] = previous + ('{='.includes(rest[0]) && !/[([]$/.test(previous) ? ' ' : '') + rest;
      removedSinceText = false;
    } else {
      result.push(line.text);
      removedSinceText = false;
    }
  }
  while (removedSinceText && result.at(-1)?.trim() === '') result.pop();
  return result.join('\n');
}
