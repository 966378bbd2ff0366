/**
 * The outline of a document (units, subprograms, cursors) and the workspace symbol search. Kinds are the
 * editor's own (Package, Function, Method, Variable, ...), so the outline shows the usual icons; a
 * subprogram's detail is its signature, `(P_VALUE IN NUMBER) RETURN NUMBER`.
 */
import { SymbolKind, type DocumentSymbol, type WorkspaceSymbol } from 'vscode-languageserver';
import type { SubprogramNode } from '../../syntax/model/nodes.ts';
import type { EditorAnalysis } from '../analyzeDocument.ts';
import type { IndexedDefinition, WorkspaceIndex } from '../analyzerApi.ts';
import { toLspRange } from '../positions.ts';
import { symbolTrees, type SymbolTree } from '../workspace/modelSymbols.ts';

const kinds: Record<IndexedDefinition['kind'], SymbolKind> = {
  package: SymbolKind.Package,
  'package-body': SymbolKind.Package,
  procedure: SymbolKind.Function,
  function: SymbolKind.Function,
  'package-member': SymbolKind.Method,
  type: SymbolKind.Class,
  'type-member': SymbolKind.Method,
  trigger: SymbolKind.Event,
  cursor: SymbolKind.Variable,
};

const memberKinds: Record<NonNullable<IndexedDefinition['memberKind']>, SymbolKind> = {
  procedure: SymbolKind.Method,
  function: SymbolKind.Method,
  cursor: SymbolKind.Variable,
  variable: SymbolKind.Variable,
  constant: SymbolKind.Constant,
  type: SymbolKind.Struct,
  subtype: SymbolKind.TypeParameter,
  exception: SymbolKind.Event,
};

function kindOf(d: IndexedDefinition): SymbolKind {
  return d.kind === 'package-member' && d.memberKind ? memberKinds[d.memberKind] : kinds[d.kind];
}

/** `(P_VALUE IN NUMBER) RETURN NUMBER`: what a caller needs to know. */
export function signatureOf(subprogram: SubprogramNode): string {
  const parameters = subprogram.parameters.map((p) =>
    [p.name, p.mode.toUpperCase(), p.nocopy ? 'NOCOPY' : '', p.type, p.hasDefault ? '(default)' : ''].filter(Boolean).join(' '));
  const returns = subprogram.returnType ? ` RETURN ${subprogram.returnType}` : '';
  return `(${parameters.join(', ')})${returns}`;
}

function detailOf(tree: SymbolTree): string {
  const d = tree.definition;
  if (tree.subprogram) return signatureOf(tree.subprogram);
  if (d.kind === 'package-body') return 'package body';
  if (d.kind === 'package-member' || d.kind === 'type-member') return d.memberKind ?? 'member';
  return d.kind;
}

function shortName(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}

function toDocumentSymbol(tree: SymbolTree): DocumentSymbol {
  const d = tree.definition;
  const nameRange = toLspRange(d.nameRange);
  const range = toLspRange(d.range);
  return {
    name: d.kind === 'package' || d.kind === 'package-body' || d.kind === 'type' || d.kind === 'procedure' || d.kind === 'function' || d.kind === 'trigger'
      ? d.name : shortName(d.name),
    detail: detailOf(tree),
    kind: kindOf(d),
    range,
    // The selection range must lie inside the range; a name range from a different conditional view might not.
    selectionRange: nameRange.start.line >= range.start.line && nameRange.end.line <= range.end.line ? nameRange : range,
    children: tree.children.map(toDocumentSymbol),
  };
}

export function documentSymbols(analysis: EditorAnalysis, uri: string): DocumentSymbol[] {
  return symbolTrees(analysis.script, uri).map(toDocumentSymbol);
}

/** Case-insensitive subsequence match, like most editors' symbol pickers. */
function matches(query: string, name: string): boolean {
  let i = 0;
  const q = query.toUpperCase();
  for (const ch of name) if (ch === q[i]) i++;
  return i === q.length;
}

export function workspaceSymbols(index: WorkspaceIndex, query: string, uriOf: (key: string) => string, limit = 500): WorkspaceSymbol[] {
  const out: WorkspaceSymbol[] = [];
  for (const d of index.allDefinitions()) {
    if (!matches(query, d.name)) continue;
    out.push({ name: d.name, kind: kindOf(d), location: { uri: uriOf(d.file), range: toLspRange(d.nameRange) }, containerName: d.container });
    if (out.length >= limit) break;
  }
  return out;
}
