/**
 * The call hierarchy (textDocument/prepareCallHierarchy, callHierarchy/incomingCalls and outgoingCalls) over
 * procedures and functions, standalone or in packages, with the resolution references use (references.ts):
 * incoming calls are the calls that resolve to the subprogram, grouped by the subprogram (or trigger) they are
 * written in; outgoing calls are the calls inside its body that resolve to a subprogram of the workspace.
 * Oracle-supplied and unresolved calls, and subprograms nested in others (not in the index; references and
 * definitions find them in their document), have no definition to show here and are left out.
 */
import { SymbolKind, type CallHierarchyIncomingCall, type CallHierarchyItem, type CallHierarchyOutgoingCall, type Position } from 'vscode-languageserver';
import type { EditorAnalysis } from '../analyzeDocument.ts';
import type { IndexedDefinition, WorkspaceIndex } from '../analyzerApi.ts';
import type { SourceRange } from '../../syntax/finding.ts';
import { toLspRange } from '../positions.ts';
import type { CallSites } from './callSites.ts';
import { symbolAt } from './navigation.ts';
import { callsTo, isSubprogram } from './references.ts';
import { localSubprogramAt } from './localSubprograms.ts';

/** What an item carries back to the server: the definition it stands for. */
interface ItemData {
  name: string;
  file: string;
}

function contains(outer: SourceRange, inner: SourceRange): boolean {
  const before = (l1: number, c1: number, l2: number, c2: number) => l1 < l2 || (l1 === l2 && c1 <= c2);
  return before(outer.line, outer.column, inner.line, inner.column) && before(inner.endLine, inner.endColumn, outer.endLine, outer.endColumn);
}

function size(range: SourceRange): number {
  return (range.endLine - range.line) * 100_000 + range.endColumn - range.column;
}

/** Of a subprogram's definitions (a package spec declares, the body implements), the one with the code. */
function withCode(definitions: readonly IndexedDefinition[], index: WorkspaceIndex): IndexedDefinition | undefined {
  const subprograms = definitions.filter(isSubprogram);
  return subprograms.find((d) => (d.kind !== 'package-member' && d.kind !== 'type-member') || d.implemented)
    ?? subprograms.find((d) => index.definitions(d.container ?? '').some((b) => b.kind === 'package-body' && b.file === d.file && contains(b.range, d.range)))
    ?? subprograms[0];
}

function itemOf(definition: IndexedDefinition, uriOf: (key: string) => string): CallHierarchyItem {
  const member = definition.container !== undefined;
  const range = toLspRange(definition.range);
  const nameRange = toLspRange(definition.nameRange);
  const inside = contains(definition.range, definition.nameRange);
  return {
    name: member ? definition.name.slice(definition.container!.length + 1) : definition.name,
    kind: member ? SymbolKind.Method : SymbolKind.Function,
    detail: member ? `${definition.container} · ${definition.file}` : definition.file,
    uri: uriOf(definition.file),
    range,
    selectionRange: inside ? nameRange : range,
    data: { name: definition.name, file: definition.file } satisfies ItemData,
  };
}

/** The subprogram or trigger a call is written in: the innermost one whose range holds it. */
function callerOf(file: string, range: SourceRange, index: WorkspaceIndex): IndexedDefinition | undefined {
  let best: IndexedDefinition | undefined;
  for (const d of index.definitionsIn(file)) {
    if (!(isSubprogram(d) || d.kind === 'trigger') || !contains(d.range, range)) continue;
    if (!best || size(d.range) < size(best.range)) best = d;
  }
  return best;
}

export function prepareCallHierarchy(
  analysis: EditorAnalysis, file: string, index: WorkspaceIndex, position: Position, uriOf: (key: string) => string,
): CallHierarchyItem[] | null {
  // a nested subprogram is not in the index the hierarchy is built from (and a member may share its name)
  if (localSubprogramAt(analysis, position.line + 1, position.character + 1)) return null;
  const symbol = symbolAt(analysis, file, index, position);
  const definition = symbol && withCode(symbol.definitions, index);
  return definition ? [itemOf(definition, uriOf)] : null;
}

function dataOf(item: CallHierarchyItem): ItemData | undefined {
  const data = item.data as Partial<ItemData> | undefined;
  return typeof data?.name === 'string' && typeof data.file === 'string' ? { name: data.name, file: data.file } : undefined;
}

export async function incomingCalls(item: CallHierarchyItem, index: WorkspaceIndex, sites: CallSites, uriOf: (key: string) => string): Promise<CallHierarchyIncomingCall[]> {
  const data = dataOf(item);
  if (!data) return [];
  const uses = await callsTo({ name: data.name, definitions: index.definitions(data.name) }, index, sites);
  const byCaller = new Map<string, { from: CallHierarchyItem; fromRanges: CallHierarchyIncomingCall['fromRanges'] }>();
  for (const use of uses) {
    const caller = callerOf(use.file, use.range, index);
    // a call at the top level of a script (an anonymous block): the file is the caller
    const from: CallHierarchyItem = caller ? itemOf(caller, uriOf) : {
      name: use.file, kind: SymbolKind.File, uri: uriOf(use.file), range: toLspRange(use.range), selectionRange: toLspRange(use.range),
      data: { name: '', file: use.file } satisfies ItemData,
    };
    const key = caller ? `${caller.file}\u0000${caller.name}\u0000${caller.range.line}` : `${use.file}\u0000`;
    const entry = byCaller.get(key) ?? { from, fromRanges: [] };
    entry.fromRanges.push(toLspRange(use.range));
    byCaller.set(key, entry);
  }
  return [...byCaller.values()];
}

export async function outgoingCalls(item: CallHierarchyItem, index: WorkspaceIndex, sites: CallSites, uriOf: (key: string) => string): Promise<CallHierarchyOutgoingCall[]> {
  const data = dataOf(item);
  if (!data?.name) return [];
  const definitions = index.definitions(data.name);
  const definition = withCode(definitions.filter((d) => d.file === data.file), index) ?? withCode(definitions, index);
  if (!definition) return [];
  const byCallee = new Map<string, CallHierarchyOutgoingCall>();
  for (const call of await sites.callsIn(definition.file)) {
    const callee = call.resolution.definition;
    if (!callee || !isSubprogram(callee) || !contains(definition.range, call.nameRange)) continue;
    let entry = byCallee.get(callee.name);
    if (!entry) {
      entry = { to: itemOf(withCode(index.definitions(callee.name), index) ?? callee, uriOf), fromRanges: [] };
      byCallee.set(callee.name, entry);
    }
    entry.fromRanges.push(toLspRange(call.nameRange));
  }
  return [...byCallee.values()];
}
