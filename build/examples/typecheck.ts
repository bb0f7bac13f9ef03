import path from 'node:path';
import ts from 'typescript';
import type { CheckedExample } from './extract.ts';

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
 * Type-checks documentation examples against the packages installed in `projectRoot`.
 * Each Markdown page is a small project: an example with `title="src/app/store.ts"` is stored at
 * that path, so later examples on the same page can import it. Examples are checked in page order.
 */
export class ExampleChecker {
  private readonly files = new Map<string, { text: string; version: number }>();
  private readonly service: ts.LanguageService;

  constructor(private readonly projectRoot: string) {
    this.service = ts.createLanguageService(this.createHost(), ts.createDocumentRegistry());
  }

  checkPage(examples: CheckedExample[]): ExampleError[] {
    const errors: ExampleError[] = [];
    examples.forEach((example, index) => {
      const fileName = this.virtualPath(example, index);
      const previous = this.files.get(fileName);
      this.files.set(fileName, { text: example.code, version: (previous?.version ?? 0) + 1 });
      errors.push(...this.diagnose(fileName, example));
    });
    return errors;
  }

  private virtualPath(example: CheckedExample, index: number): string {
    const pageDir = example.sourceFile.replace(/\.mdx?$/, '').replace(/[^\w/-]/g, '_');
    const relative = example.title
      ? withExtension(example.title.replace(/^\/+/, ''), example.lang)
      : `example-${index + 1}.${example.lang}`;
    return path.join(this.projectRoot, '.examples', pageDir, relative);
  }

  private diagnose(fileName: string, example: CheckedExample): ExampleError[] {
    const diagnostics = [
      ...this.service.getSyntacticDiagnostics(fileName),
      ...this.service.getSemanticDiagnostics(fileName),
    ];
    return diagnostics.map((diagnostic) => {
      const codeLine = diagnostic.file && diagnostic.start !== undefined
        ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line
        : 0;
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      return { sourceFile: example.sourceFile, line: example.line + 1 + codeLine, message: `TS${diagnostic.code}: ${text}` };
    });
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

function withExtension(title: string, lang: 'ts' | 'tsx'): string {
  return /\.(ts|tsx)$/.test(title) ? title : `${title}.${lang}`;
}
