/**
 * Recording what the walk of one package item asks outside the item (for the editor's kept items, itemCache.ts):
 * the questions with their answers, the graph as a recording proxy, the sibling questions, and the unit's context
 * and the changed span of the text an item is compared by. analyze.ts walks; this says what a walk depended on.
 */
import type { SourceRange } from '../syntax/finding.ts';
import type { SubprogramNode, UnitNode } from '../syntax/model/nodes.ts';
import type { CallGraph } from './index/callGraph.ts';
import { graphQuestionKey, insideItem, placeKey, serialise, siblingAlwaysRaises, verdictsDecidedFirst, type KeptFinding, type OutsideRead } from './itemCache.ts';

export interface Recording {
  sub: SubprogramNode;
  /** The unit the item belongs to: its subprograms are the item's siblings. */
  unit: UnitNode;
  reads: OutsideRead[];
  findings: KeptFinding[];
  /** False when something the walk did cannot be replayed (a report outside the item, an answer that cannot be compared). */
  ok: boolean;
  looked: Set<string>;
  tables: Set<string>;
  siblings: Set<SubprogramNode>;
  /** The sibling questions asked already (`name:3`, `raises:3`). */
  asked: Set<string>;
}

/** A sibling's node: reached in a way whose reads are not told apart, the item depends on all of it. */
export function recordSibling(recording: Recording, sub: SubprogramNode): void {
  if (recording.siblings.has(sub) || insideItem(sub.range, recording.sub)) return;
  recording.siblings.add(sub);
  recording.reads.push({ kind: 'sibling', sub });
}

/** The place of a sibling's name, for a call that resolved to it (its symbol and call-graph key; rules read no more). */
export function recordSiblingName(recording: Recording, sub: SubprogramNode): void {
  if (insideItem(sub.range, recording.sub)) return;
  const index = siblingIndex(recording.unit, sub);
  if (index < 0) return recordSibling(recording, sub);
  const key = `name:${index}`;
  if (recording.asked.has(key)) return;
  recording.asked.add(key);
  recording.reads.push({ kind: 'siblingName', index, answer: placeKey(sub.nameRange) });
}

/** Whether a sibling always raises, for an always-raises verdict that reached it. */
export function recordVerdict(recording: Recording, sub: SubprogramNode): void {
  if (insideItem(sub.range, recording.sub)) return;
  const index = verdictsDecidedFirst(recording.unit) ? siblingIndex(recording.unit, sub) : -1;
  if (index < 0) return recordSibling(recording, sub);
  const key = `raises:${index}`;
  if (recording.asked.has(key)) return;
  recording.asked.add(key);
  recording.reads.push({ kind: 'siblingRaises', index, answer: siblingAlwaysRaises(recording.unit, sub) });
}

const siblingIndexes = new WeakMap<UnitNode, Map<SubprogramNode, number>>();

/** The sibling's number in its unit's subprograms, or -1. */
function siblingIndex(unit: UnitNode, sub: SubprogramNode): number {
  let indexes = siblingIndexes.get(unit);
  if (!indexes) siblingIndexes.set(unit, (indexes = new Map(unit.subprograms.map((s, i) => [s, i]))));
  return indexes.get(sub) ?? -1;
}

export function recordAnswer(recording: Recording, read: (answer: string) => OutsideRead, value: unknown): void {
  const answer = serialise(value);
  if (answer === undefined) recording.ok = false;
  else recording.reads.push(read(answer));
}

/** The graph as rules and the walk see it with kept items: each question asked during an item's walk is recorded. */
export function recordedGraph(graph: CallGraph, current: () => Recording | undefined): CallGraph {
  return new Proxy(graph, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        const recording = current();
        if (recording) {
          const method = String(property);
          const key = graphQuestionKey(method, args);
          if (key === undefined) recording.ok = false;
          else recordAnswer(recording, (answer) => ({ kind: 'graph', method, args, key, value: result, answer }), result);
        }
        return result;
      };
    },
  });
}

/**
 * The lengths of the common prefix and the common suffix of the last analysed text and this one, each on its own
 * (the text before a place is unchanged when the place is within the prefix; the text after it, within the suffix).
 */
export function changedSpan(previous: string, text: string): { prefix: number; suffix: number } {
  const most = Math.min(previous.length, text.length);
  // blocks first (the engine compares two slices without a loop of ours), then characters
  const BLOCK = 512;
  let prefix = 0;
  while (prefix + BLOCK <= most && previous.slice(prefix, prefix + BLOCK) === text.slice(prefix, prefix + BLOCK)) prefix += BLOCK;
  while (prefix < most && previous.charCodeAt(prefix) === text.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix + BLOCK <= most && previous.slice(previous.length - suffix - BLOCK, previous.length - suffix) === text.slice(text.length - suffix - BLOCK, text.length - suffix)) suffix += BLOCK;
  while (suffix < most && previous.charCodeAt(previous.length - 1 - suffix) === text.charCodeAt(text.length - 1 - suffix)) suffix++;
  return { prefix, suffix };
}

/** An item's unit context: `key` compares it whole; `shape` without places and `places` compare it after a move. */
export interface UnitContext {
  key: string;
  shape: string;
  places: SourceRange[];
}

/**
 * The unit's own context of an item, besides the text outside the unit (`changedSpan`): what an item's walk reads
 * of its unit besides the questions it records: the unit's header and declarations (types, constants, cursors),
 * its subprograms' signatures (how names resolve), its body, the seeded tables.
 */
export function unitContext(unit: UnitNode, textIn: (range: SourceRange) => string, seededTables: ReadonlySet<string>): UnitContext {
  // (where the unit ends and where its subprograms are is not part of it: an item reads a subprogram's place
  // only through a call or a verdict that reaches it, and those record the subprogram, which must then be the same node)
  const parts: unknown[] = [unit.unitKind, unit.name, [...seededTables].sort()];
  const places: SourceRange[] = [{ line: unit.range.line, column: unit.range.column, endLine: unit.range.line, endColumn: unit.range.column }];
  for (const declaration of unit.declarations) {
    places.push(declaration.range);
    parts.push(textIn(declaration.range));
  }
  for (const sub of unit.subprograms) parts.push(signatureOf(sub));
  if (unit.body) {
    places.push(unit.body.range);
    parts.push(textIn(unit.body.range));
  }
  for (const statement of unit.statements) {
    places.push(statement.range);
    parts.push(textIn(statement.range));
  }
  const shape = serialise(parts) ?? `unique:${Math.random()}`;
  return { key: `${shape}\u0000${serialise(places) ?? Math.random()}`, shape, places };
}

/** A subprogram's signature without places, as a string: once per node (nodes are never changed). */
const signatures = new WeakMap<SubprogramNode, string>();
function signatureOf(sub: SubprogramNode): string {
  let signature = signatures.get(sub);
  if (signature === undefined) {
    const parts = [sub.name, sub.subprogramKind, sub.methodKind, sub.parameters.map(({ range: _place, ...rest }) => rest), sub.returnType, sub.properties, sub.isDeclarationOnly, sub.isCallSpec];
    signatures.set(sub, (signature = serialise(parts) ?? `unique:${Math.random()}`));
  }
  return signature;
}
