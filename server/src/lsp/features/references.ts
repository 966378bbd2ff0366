/**
 * Find all references and document highlights by resolution, not by name: a call is a use of a subprogram
 * when the analyzer resolves it to that subprogram (resolveCall.ts, the resolution go-to-definition and the
 * rules use). A standalone `BY2` and the package member `PKG.BY2` are two symbols; an unqualified `BY2` inside
 * `PKG`'s body is the member, elsewhere the standalone function. The index narrows the search to the files
 * that write the name at all; only those files' calls are resolved.
 * A subprogram nested in another one is a symbol of its document alone (localSubprograms.ts).
 * The uses of anything else (a package, an object type, a package variable, a cursor) are the calls written with
 * its name, and those that resolve to it or, for a package or a type, to its members (a type's constructor and
 * static methods resolve to the type).
 */
import { DocumentHighlightKind, type DocumentHighlight, type Location, type Position } from 'vscode-languageserver';
import type { EditorAnalysis } from '../analyzeDocument.ts';
import type { IndexedDefinition, WorkspaceIndex } from '../analyzerApi.ts';
import { unqualified } from '../../analysis/index/workspaceIndex.ts';
import type { SourceRange } from '../../syntax/finding.ts';
import { toLspRange } from '../positions.ts';
import type { CallSites } from './callSites.ts';
import { symbolAt } from './navigation.ts';
import { localSubprogramAt } from './localSubprograms.ts';

export interface TargetSymbol {
  /** Normalised name: `BY2`, `PKG.BY2`. */
  name: string;
  definitions: IndexedDefinition[];
}

export interface Use {
  file: string;
  range: SourceRange;
}

/** Procedures and functions, standalone, in a package or methods of an object type: what calls resolve to. */
export function isSubprogram(definition: IndexedDefinition): boolean {
  return definition.kind === 'procedure' || definition.kind === 'function' || definition.kind === 'type-member'
    || (definition.kind === 'package-member' && (definition.memberKind === 'procedure' || definition.memberKind === 'function'));
}

/** The calls in the workspace that resolve to this subprogram. */
export async function callsTo(symbol: TargetSymbol, index: WorkspaceIndex, sites: CallSites): Promise<Use[]> {
  const files = new Set(index.references(unqualified(symbol.name)).map((r) => r.file));
  const uses: Use[] = [];
  for (const file of files) {
    for (const call of await sites.callsIn(file)) {
      if (call.resolution.definition?.name === symbol.name) uses.push({ file, range: call.nameRange });
    }
  }
  return uses;
}

/** Uses of a package, type or cursor: call sites that write its name, also unqualified inside its package body. */
function usesByName(symbol: TargetSymbol, index: WorkspaceIndex): Use[] {
  const uses: Use[] = index.references(symbol.name).map((r) => ({ file: r.file, range: r.range }));
  const dot = symbol.name.lastIndexOf('.');
  if (dot < 0) return uses;
  const container = symbol.name.slice(0, dot);
  for (const body of index.definitions(container).filter((d) => d.kind === 'package-body')) {
    for (const r of index.references(symbol.name.slice(dot + 1))) {
      if (r.file === body.file && r.range.line >= body.range.line && r.range.endLine <= body.range.endLine) uses.push({ file: r.file, range: r.range });
    }
  }
  return uses;
}

export async function usesOf(symbol: TargetSymbol, index: WorkspaceIndex, sites: CallSites): Promise<Use[]> {
  if (symbol.definitions.some(isSubprogram)) return callsTo(symbol, index, sites);
  return unique([...usesByName(symbol, index), ...(await qualifiedUses(symbol, index, sites))]);
}

/** A package or an object type: what other names are written after (`PKG.PROC`, `T.STATIC_METHOD`, `T(...)`). */
function isContainer(definition: IndexedDefinition): boolean {
  return definition.kind === 'package' || definition.kind === 'package-body' || definition.kind === 'type';
}

/** Whether a callee written `name` names `bare` itself or as a qualifier (`BARE`, `BARE.X`, `S.BARE.X`, `S.BARE`). */
function writesName(name: string, bare: string): boolean {
  return name === bare || name.startsWith(`${bare}.`) || name.endsWith(`.${bare}`) || name.includes(`.${bare}.`);
}

/**
 * The uses of a symbol that is no subprogram by resolution: the calls that write its name and resolve to it
 * (a package variable's `PKG.V.EXISTS(...)`, `PKG.V(i)`; a type's constructor `T(...)`) or, for a package or a
 * type, to one of its members (`PKG.PROC(...)`, a static method `T.M(...)`).
 */
async function qualifiedUses(symbol: TargetSymbol, index: WorkspaceIndex, sites: CallSites): Promise<Use[]> {
  const bare = unqualified(symbol.name);
  const uses: Use[] = [];
  for (const file of index.fileNames) {
    if (!index.referencesIn(file).some((r) => writesName(r.name, bare))) continue;
    for (const call of await sites.callsIn(file)) if (resolvesInto(call, symbol, bare)) uses.push({ file, range: call.nameRange });
  }
  return uses;
}

function resolvesInto(call: { name: string; resolution: { definition?: IndexedDefinition } }, symbol: TargetSymbol, bare: string): boolean {
  const definition = call.resolution.definition;
  if (definition === undefined || !writesName(call.name, bare)) return false;
  return definition.name === symbol.name || (definition.container === symbol.name && symbol.definitions.some(isContainer));
}

function unique(uses: Use[]): Use[] {
  const seen = new Set<string>();
  return uses.filter((u) => {
    const key = `${u.file}\u0000${u.range.line}:${u.range.column}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function compareUses(a: Use, b: Use): number {
  return (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.range.line - b.range.line || a.range.column - b.range.column;
}

export async function referencesAt(
  analysis: EditorAnalysis, file: string, index: WorkspaceIndex, sites: CallSites, position: Position, includeDeclaration: boolean,
  uriOf: (key: string) => string,
): Promise<Location[]> {
  const local = localSubprogramAt(analysis, position.line + 1, position.character + 1);
  if (local) {
    return [...(includeDeclaration ? local.declarations : []), ...local.calls].map((range) => ({ uri: uriOf(file), range: toLspRange(range) }));
  }
  const symbol = symbolAt(analysis, file, index, position);
  if (!symbol) return [];
  const uses = (await usesOf(symbol, index, sites)).sort(compareUses);
  const declarations = includeDeclaration ? symbol.definitions.map((d) => ({ file: d.file, range: d.nameRange })) : [];
  return [...declarations, ...uses].map((u) => ({ uri: uriOf(u.file), range: toLspRange(u.range) }));
}

/** The symbol's definitions and uses in this document: the name written (Write) and the calls (Read). */
export function highlightsAt(
  analysis: EditorAnalysis, file: string, index: WorkspaceIndex, position: Position,
): DocumentHighlight[] {
  const local = localSubprogramAt(analysis, position.line + 1, position.character + 1);
  if (local) {
    return [
      ...local.declarations.map((range) => ({ range: toLspRange(range), kind: DocumentHighlightKind.Write })),
      ...local.calls.map((range) => ({ range: toLspRange(range), kind: DocumentHighlightKind.Read })),
    ];
  }
  const symbol = symbolAt(analysis, file, index, position);
  if (!symbol) return [];
  const definitions = symbol.definitions.filter((d) => d.file === file)
    .map((d) => ({ range: toLspRange(d.nameRange), kind: DocumentHighlightKind.Write }));
  const bare = unqualified(symbol.name);
  const uses = symbol.definitions.some(isSubprogram)
    ? analysis.calls.filter((c) => c.resolution.definition?.name === symbol.name).map((c) => c.nameRange)
    : unique([
      ...usesByName(symbol, index).filter((u) => u.file === file),
      ...analysis.calls.filter((c) => resolvesInto(c, symbol, bare)).map((c) => ({ file, range: c.nameRange })),
    ]).sort(compareUses).map((u) => u.range);
  return [...definitions, ...uses.map((range) => ({ range: toLspRange(range), kind: DocumentHighlightKind.Read }))];
}
