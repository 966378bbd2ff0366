/**
 * Subprograms declared inside another subprogram, a trigger, an anonymous block or a DECLARE block among the
 * statements: the workspace index does not hold them (nothing outside their parent can call them), so
 * definitions, references and highlights find them in the document itself, by the resolution the analyzer gives
 * each call (`resolution.symbol`, what the hover shows as "a nested (local) subprogram"). Before, go to definition on such a call found nothing, or, when a
 * package member had the same name, went to the member (alexandria ntlm_http_pkg.pkb: a nested
 * `get_response_body` function inside a procedure that a package-level `get_response_body` procedure shares its
 * name with), and find references matched the name across the workspace.
 *
 * A forward declaration, its body and overloads in one parent are one symbol: the analyzer resolves a call to
 * the first of them (scope.ts: the first declaration wins), so all of them are the call's definition.
 */
import type { EditorAnalysis } from '../analyzeDocument.ts';
import type { SourceRange } from '../../syntax/finding.ts';
import type { SubprogramNode, UnitNode } from '../../syntax/model/nodes.ts';
import { rangeContains } from '../positions.ts';
import { topLevelUnits } from '../workspace/modelSymbols.ts';

/** One nested subprogram name in one parent: its declarations (the body first) and the calls that resolve to it. */
export interface LocalSubprogram {
  name: string;
  declarations: SourceRange[];
  calls: SourceRange[];
}

/** Units whose own subprograms are members the index holds (a package's, a type's); in the others they are local. */
const MEMBER_UNITS = new Set(['package', 'package-body', 'type', 'type-body']);

const placeKey = (range: SourceRange) => `${range.line}:${range.column}`;

/** Every nested subprogram of the document, grouped by parent and name, keyed by each declaration's name place. */
function localGroups(analysis: EditorAnalysis): Map<string, LocalSubprogram> {
  const byPlace = new Map<string, LocalSubprogram>();
  const addChildren = (subprograms: readonly SubprogramNode[], seen: Set<SubprogramNode>) => {
    const byName = new Map<string, SubprogramNode[]>();
    for (const sub of subprograms) {
      if (seen.has(sub)) continue;
      seen.add(sub);
      byName.set(sub.name, [...(byName.get(sub.name) ?? []), sub]);
    }
    for (const [name, subs] of byName) {
      const ordered = [...subs.filter((s) => !s.isDeclarationOnly), ...subs.filter((s) => s.isDeclarationOnly)];
      const group: LocalSubprogram = { name, declarations: ordered.map((s) => s.nameRange), calls: [] };
      for (const sub of subs) byPlace.set(placeKey(sub.nameRange), group);
    }
    for (const sub of subprograms) nestedIn(sub, seen);
  };
  const nestedIn = (sub: SubprogramNode, seen: Set<SubprogramNode>) => {
    addChildren([...sub.subprograms, ...(sub.body?.subprograms ?? [])], seen);
  };
  for (const unit of topLevelUnits(analysis.script) as UnitNode[]) {
    const seen = new Set<SubprogramNode>();
    if (MEMBER_UNITS.has(unit.unitKind)) for (const member of unit.subprograms) nestedIn(member, seen);
    else addChildren([...unit.subprograms, ...(unit.body?.subprograms ?? []), ...(unit.subprogram ? unit.subprogram.subprograms : [])], seen);
  }
  for (const call of analysis.calls) {
    if (!isLocalCall(call)) continue;
    const symbol = call.resolution.symbol!;
    // one the walk above does not reach (declared in a DECLARE block among the statements): the symbol's own place
    let group = byPlace.get(placeKey(symbol.range));
    if (!group) byPlace.set(placeKey(symbol.range), (group = { name: symbol.name, declarations: [symbol.range], calls: [] }));
    group.calls.push(call.nameRange);
  }
  return byPlace;
}

/** The nested subprogram at this 1-based position: a call that resolves to one, or one of its declarations' names. */
export function localSubprogramAt(analysis: EditorAnalysis, line: number, column: number): LocalSubprogram | undefined {
  const call = analysis.callAt(line, column);
  if (call && !isLocalCall(call)) return undefined;
  const groups = localGroups(analysis);
  if (call) return groups.get(placeKey(call.resolution.symbol!.range));
  for (const group of new Set(groups.values())) {
    if (group.declarations.some((range) => rangeContains(range, { line: line - 1, character: column - 1 }))) return group;
  }
  return undefined;
}

/**
 * A call that resolves to a subprogram of its own scope that the index does not hold. A call of a package member
 * from its own body also carries the member's scope symbol, but with the member's definition: that one is
 * the workspace's symbol, with its uses in every file.
 */
function isLocalCall(call: EditorAnalysis['calls'][number]): boolean {
  return call.resolution.symbol?.kind === 'subprogram' && call.resolution.definition === undefined;
}
