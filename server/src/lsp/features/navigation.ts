/**
 * Go to definition across the workspace, for subprograms, packages and cursors (references.ts finds the uses).
 * The name under the cursor is either a call (resolved by the analyzer, or looked up by name, also as a
 * member of the package body it is written in) or the name of a definition itself. A subprogram nested in
 * another one is found in the document (localSubprograms.ts).
 */
import type { Location, Position } from 'vscode-languageserver';
import type { EditorAnalysis } from '../analyzeDocument.ts';
import type { IndexedDefinition, WorkspaceIndex } from '../analyzerApi.ts';
import { rangeContains, toLspRange } from '../positions.ts';
import { topLevelUnits } from '../workspace/modelSymbols.ts';
import { localSubprogramAt } from './localSubprograms.ts';

/** The package (body) whose range holds this 1-based line, for unqualified calls to its own members. */
function enclosingPackage(analysis: EditorAnalysis, line: number): string | undefined {
  return topLevelUnits(analysis.script)
    .find((u) => (u.unitKind === 'package-body' || u.unitKind === 'package') && u.range.line <= line && line <= u.range.endLine)?.name;
}

function definitionsNamed(index: WorkspaceIndex, names: string[]): IndexedDefinition[] {
  for (const name of names) {
    const found = index.definitions(name);
    if (found.length) return found;
  }
  return [];
}

/**
 * The definitions the symbol at this position stands for, with the name to search references by: a call as the
 * analyzer resolved it (the rules use the same resolution), or the name of a definition itself.
 */
export function symbolAt(analysis: EditorAnalysis, file: string, index: WorkspaceIndex, position: Position): { name: string; definitions: IndexedDefinition[] } | undefined {
  const call = analysis.callAt(position.line + 1, position.character + 1);
  if (call) {
    if (call.resolution.definition) {
      const name = call.resolution.definition.name;
      return { name, definitions: index.definitions(name).length ? index.definitions(name) : [call.resolution.definition] };
    }
    const pkg = enclosingPackage(analysis, position.line + 1);
    const names = [call.name, ...(pkg && !call.name.includes('.') ? [`${pkg}.${call.name}`] : [])];
    const definitions = definitionsNamed(index, names);
    return { name: definitions[0]?.name ?? call.name, definitions };
  }
  const own = index.definitionsIn(file).find((d) => rangeContains(d.nameRange, position));
  if (own) return { name: own.name, definitions: index.definitions(own.name).length ? index.definitions(own.name) : [own] };
  return undefined;
}


/** `file` is the document's key in the index; `uriOf` turns index keys into the client's URIs. */
export function definitionAt(analysis: EditorAnalysis, file: string, index: WorkspaceIndex, position: Position, uriOf: (key: string) => string): Location[] {
  const local = localSubprogramAt(analysis, position.line + 1, position.character + 1);
  if (local) return local.declarations.map((range) => ({ uri: uriOf(file), range: toLspRange(range) }));
  const symbol = symbolAt(analysis, file, index, position);
  return symbol ? symbol.definitions.map((d) => ({ uri: uriOf(d.file), range: toLspRange(d.nameRange) })) : [];
}
