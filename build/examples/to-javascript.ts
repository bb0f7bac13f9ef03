/**
 * A TypeScript example as the JavaScript a reader would write: ts-blank-space replaces the types
 * with spaces (so every position stays where it was), then the blanked places are tidied so the
 * code reads as if written by hand: lines that held only types go, and so do the gaps types leave.
 */
import type * as TypeScript from 'typescript';
import type { blankSourceFile } from 'ts-blank-space';

interface Tools { ts: typeof TypeScript; blankSourceFile: typeof blankSourceFile }
let tools: Tools | undefined;

/**
 * Loads TypeScript (about 0.8 s, more than compiling a whole small site), so only a thread that
 * meets a checked example pays for it, once; `toJavaScript` needs it loaded.
 */
export async function loadJavaScriptConverter(): Promise<void> {
  if (tools) return;
  const [typescript, blankSpace] = await Promise.all([import('typescript'), import('ts-blank-space')]);
  tools = { ts: typescript.default, blankSourceFile: blankSpace.blankSourceFile };
}

function loaded(): Tools {
  if (!tools) throw new Error('internal: toJavaScript was called before loadJavaScriptConverter');
  return tools;
}

/** Syntax that does something at run time, so removing it would change the program. */
export interface TypeScriptOnlyConstruct {
  /** `enum "Color"`, `namespace "Shapes"`, `parameter property "name"`, … */
  name: string;
  /** 1-based line in the example. */
  line: number;
}

export class TypeScriptOnlySyntaxError extends Error {
  constructor(readonly constructs: TypeScriptOnlyConstruct[]) {
    super(typeScriptOnlyMessage(constructs));
    this.name = 'TypeScriptOnlySyntaxError';
  }
}

/** What to tell the author about constructs with no JavaScript twin (the converter thread sends only the constructs). */
export function typeScriptOnlyMessage(constructs: TypeScriptOnlyConstruct[]): string {
  return `this TypeScript has no JavaScript twin without its types: ${constructs.map(({ name, line }) => `${name} (line ${line})`).join(', ')}; `
    + 'write it without enums, namespaces and parameter properties (an object of constants, a module, a field assigned in the constructor)';
}

export function toJavaScript(code: string, language: 'ts' | 'tsx'): string {
  const { blankSourceFile } = loaded();
  let unsupported = false;
  const blanked = blankSourceFile(parse(code, language, false), () => (unsupported = true));
  if (unsupported) throw new TypeScriptOnlySyntaxError(unsupportedConstructs(code, language));
  const originalLines = code.split('\n');
  return joinLines(blanked.split('\n').map((line, index) => tidyLine(originalLines[index], line)));
}

/** Parent pointers cost a tenth of the parse; only naming what has no JavaScript twin needs them. */
function parse(code: string, language: 'ts' | 'tsx', withParents: boolean): TypeScript.SourceFile {
  const { ts } = loaded();
  return ts.createSourceFile(`example.${language}`, code, ts.ScriptTarget.Latest, withParents, language === 'tsx' ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

function unsupportedConstructs(code: string, language: 'ts' | 'tsx'): TypeScriptOnlyConstruct[] {
  const source = parse(code, language, true);
  const constructs: TypeScriptOnlyConstruct[] = [];
  loaded().blankSourceFile(source, (node) => constructs.push(describe(node, source)));
  return unique(constructs);
}

function describe(node: TypeScript.Node, source: TypeScript.SourceFile): TypeScriptOnlyConstruct {
  const { ts } = loaded();
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

/** ts-blank-space writes spaces over types, and a `;` where one keeps two statements apart. */
function charKind(original: string | undefined, blanked: string): CharKind {
  if (blanked !== original && (blanked === ' ' || blanked === ';')) return 'blank';
  return blanked === ' ' || blanked === '\t' ? 'space' : 'text';
}

/** What is left of an import or export of types only: `import { } from './store'`. */
const EMPTY_IMPORT = /^\s*(import|export)\s*\{\s*\}(\s*from\s*(['"])[^'"]*\3)?\s*;?\s*$/;
/** `import rootReducer, { } from './reducer'` after `{ type RootState }` went. */
const DEFAULT_AND_NO_NAMES = /^(\s*import\s+[\w$]+)\s*,\s*\{\s*\}/;

function tidyLine(original: string, blanked: string): TidyLine {
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
