import path from 'node:path';
import ts from 'typescript';
import type { CheckedExample } from './extract.ts';
import { examplePath } from './page-project.ts';
import { expectedErrorFor, sameTypeText, typeFacts, type ExpectedError, type TypeFacts, type TypeQuery } from './type-facts.ts';

export interface ExampleError {
  sourceFile: string;
  /** Line in the Markdown file. */
  line: number;
  message: string;
}

const COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  moduleDetection: ts.ModuleDetectionKind.Force,
  jsx: ts.JsxEmit.ReactJSX,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: ['node'],
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  esModuleInterop: true,
  allowImportingTsExtensions: true,
};

/**
 * Type-checks documentation examples against the packages installed in `projectRoot`, each page
 * a small project (page-project.ts), and the type facts they state (type-facts.ts). Examples are
 * checked in page order.
 */
export class ExampleChecker {
  private readonly files = new Map<string, { text: string; version: number }>();
  private readonly service: ts.LanguageService;

  constructor(private readonly projectRoot: string) {
    this.service = ts.createLanguageService(this.createHost(), ts.createDocumentRegistry());
  }

  /**
   * The page's examples are added to the project together and checked as one program: TypeScript
   * builds a new program, and checks the packages' types again, each time a file changes. Only an
   * example that rewrites a file the page wrote before (`src/app/store.ts` grown later in a tutorial)
   * starts a new program, after the examples before it are checked against the earlier version.
   */
  checkPage(examples: CheckedExample[]): ExampleError[] {
    const errors: ExampleError[] = [];
    let pending: { fileName: string; example: CheckedExample; facts: TypeFacts }[] = [];
    const checkPending = () => {
      for (const { fileName, example, facts } of pending) errors.push(...this.diagnose(fileName, example, facts));
      pending = [];
    };
    for (const example of examples) {
      const fileName = examplePath(this.projectRoot, example);
      if (pending.some((added) => added.fileName === fileName)) checkPending();
      const previous = this.files.get(fileName);
      const facts = typeFacts(example.code);
      this.files.set(fileName, { text: facts.checkedCode, version: (previous?.version ?? 0) + 1 });
      pending.push({ fileName, example, facts });
    }
    checkPending();
    return errors;
  }

  /** The example's errors, less those an `@ts-expect-error` expects, and each stated type fact that does not hold. */
  private diagnose(fileName: string, example: CheckedExample, facts: TypeFacts): ExampleError[] {
    const at = (codeLine: number, message: string): ExampleError => ({ sourceFile: example.sourceFile, line: example.line + 1 + codeLine, message });
    const errors: ExampleError[] = [];
    const expectedFound = new Map<ExpectedError, ts.Diagnostic[]>();
    for (const diagnostic of [...this.service.getSyntacticDiagnostics(fileName), ...this.service.getSemanticDiagnostics(fileName)]) {
      const codeLine = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line : 0;
      const expected = expectedErrorFor(codeLine, facts.checkedCode, facts.expectedErrors);
      if (expected) expectedFound.set(expected, [...(expectedFound.get(expected) ?? []), diagnostic]);
      else errors.push(at(codeLine, describe(diagnostic)));
    }
    for (const expected of facts.expectedErrors) {
      const found = expectedFound.get(expected) ?? [];
      const other = found.find((diagnostic) => diagnostic.code !== expected.code);
      if (found.length === 0) errors.push(at(expected.line, `the page expects TS${expected.code} here, but the code compiles`));
      else if (other) errors.push(at(expected.line, `the page expects TS${expected.code} here, but TypeScript reports ${describe(other)}`));
    }
    for (const query of facts.queries) {
      const problem = this.queryProblem(fileName, query, facts.checkedCode);
      if (problem) errors.push(at(query.line, problem));
    }
    return errors.sort((a, b) => a.line - b.line);
  }

  /** What is wrong with a `^?` query, if anything: TypeScript's hover text for the name it points at differs. */
  private queryProblem(fileName: string, query: TypeQuery, code: string): string | undefined {
    const lines = code.split('\n');
    const { line, column } = query.target;
    const position = lines.slice(0, line).reduce((start, text) => start + text.length + 1, 0) + column;
    const info = line >= 0 && /\S/.test(lines[line].charAt(column)) ? this.service.getQuickInfoAtPosition(fileName, position) : undefined;
    const shown = info ? ts.displayPartsToString(info.displayParts) : '';
    if (shown === '') return 'the ^? points at no name on the line above';
    if (sameTypeText(shown, query.expected)) return undefined;
    return `the page shows the type "${query.expected}", but TypeScript shows "${shown}"`;
  }

  private createHost(): ts.LanguageServiceHost {
    const files = this.files;
    return {
      getScriptFileNames: () => [...files.keys()],
      getScriptVersion: (fileName) => String(files.get(fileName)?.version ?? 0),
      getScriptSnapshot: (fileName) => {
        const text = files.get(fileName)?.text ?? ts.sys.readFile(fileName);
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
      },
      getCurrentDirectory: () => this.projectRoot,
      getCompilationSettings: () => COMPILER_OPTIONS,
      getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
      fileExists: (fileName) => files.has(fileName) || ts.sys.fileExists(fileName),
      readFile: (fileName) => files.get(fileName)?.text ?? ts.sys.readFile(fileName),
      readDirectory: ts.sys.readDirectory,
      directoryExists: (dir) => ts.sys.directoryExists(dir) || [...files.keys()].some((file) => file.startsWith(dir + path.sep)),
      getDirectories: ts.sys.getDirectories,
    };
  }
}

function describe(diagnostic: ts.Diagnostic): string {
  return `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
}
