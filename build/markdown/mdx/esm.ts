/**
 * What an MDX page's `import` and `export` lines declare. Imports bind names to modules; `export
 * const name = value` binds a name to a build-time value. Nothing else in ESM is run.
 */
import type { Expression, Program, SourceLocation } from 'estree';
import type { Position } from 'unist';

export interface ImportBinding {
  local: string;
  /** `default`, a named export, or `*` for `import * as x`. */
  imported: string;
  source: string;
  position?: Position;
}

export interface EsmStatements {
  imports: ImportBinding[];
  exports: { name: string; init: Expression; position?: Position }[];
  /** Statements that are neither, described for an error message. */
  unsupported: { description: string; position?: Position }[];
}

export function readEsm(program: Program): EsmStatements {
  const result: EsmStatements = { imports: [], exports: [], unsupported: [] };
  for (const statement of program.body) {
    const position = toPosition(statement.loc);
    if (statement.type === 'ImportDeclaration') {
      const source = String(statement.source.value);
      for (const specifier of statement.specifiers) {
        const imported = specifier.type === 'ImportDefaultSpecifier' ? 'default'
          : specifier.type === 'ImportNamespaceSpecifier' ? '*'
            : specifier.imported.type === 'Identifier' ? specifier.imported.name : String(specifier.imported.value);
        result.imports.push({ local: specifier.local.name, imported, source, position });
      }
    } else if (statement.type === 'ExportNamedDeclaration' && statement.declaration?.type === 'VariableDeclaration') {
      for (const declarator of statement.declaration.declarations) {
        if (declarator.id.type === 'Identifier' && declarator.init) result.exports.push({ name: declarator.id.name, init: declarator.init, position });
        else result.unsupported.push({ description: 'an export without a simple name and value', position });
      }
    } else {
      result.unsupported.push({ description: describe(statement.type), position });
    }
  }
  return result;
}

function describe(type: string): string {
  if (type === 'ExportDefaultDeclaration') return 'export default';
  if (type === 'ExportNamedDeclaration') return 'an export of a function or class';
  if (type === 'ExportAllDeclaration') return 'export *';
  return type;
}

/** micromark-extension-mdxjs-esm gives estree nodes the file's lines (columns are 0-based there). */
function toPosition(loc: SourceLocation | null | undefined): Position | undefined {
  return loc ? { start: { line: loc.start.line, column: loc.start.column + 1 }, end: { line: loc.end.line, column: loc.end.column + 1 } } : undefined;
}
