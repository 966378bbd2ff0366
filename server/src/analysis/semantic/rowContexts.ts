/**
 * Per-row contexts: code that runs once per row of a SQL statement without a loop in sight. The body of a
 * row-level trigger (FOR EACH ROW, a compound trigger's BEFORE/AFTER EACH ROW section) runs once per row of
 * the triggering statement; a function called from a SQL statement runs once per row that statement
 * processes. The walk treats both as a loop whose source is those rows, so every loop rule applies inside
 * them and their messages say which rows ("once per row of the triggering statement").
 */
import type { LoopStatementNode, Range, SubprogramNode, UnitNode } from '../../syntax/model/nodes.ts';
import type { CallGraph } from '../index/callGraph.ts';
import { estimateOf, type LoopSource } from './estimate.ts';
import type { LoopInfo } from './walk.ts';

export interface RowContext {
  kind: 'trigger' | 'sql-function';
  /** What the rows belong to: "the triggering statement", "the query at line 40". */
  of: string;
  /** Where the rows come from, for related locations: the trigger's name, the function's name. */
  range: Range;
}

/** The loop the walk puts around a per-row body: its source is the rows, its "header" the given range. */
export function rowLoop(context: RowContext, range: Range): LoopInfo {
  const statement: LoopStatementNode = {
    kind: 'statement', statementKind: 'loop', loopKind: 'cursor-for', range, labels: [], calls: [],
    iterators: [], header: context.of, headerRange: context.range, statements: [],
  };
  const source: LoopSource = { kind: 'rows', of: context.of };
  return { statement, depth: 1, source, estimate: estimateOf([source]), rowContext: context };
}

/** Whether a trigger timing point runs per row (`BEFORE EACH ROW`, `AFTER EACH ROW`, `INSTEAD OF EACH ROW`). */
export function isRowTimingPoint(timing: string): boolean {
  return /\bEACH\s+ROW\b/i.test(timing);
}

/** The per-row context of a trigger's body, or undefined for a statement-level trigger. */
export function triggerRowContext(unit: UnitNode): RowContext | undefined {
  const trigger = unit.trigger;
  if (!trigger || !/\bFOR\s+EACH\s+ROW\b/.test(trigger.header)) return undefined;
  return { kind: 'trigger', of: 'the triggering statement', range: unit.nameRange ?? unit.range };
}

export function timingPointRowContext(unit: UnitNode): RowContext {
  return { kind: 'trigger', of: 'the triggering statement', range: unit.nameRange ?? unit.range };
}

/**
 * The per-row context of a function that SQL statements of the workspace call on many rows (reading a table,
 * not FROM DUAL or INSERT ... VALUES), from the call graph. `file` is the document's name in the graph.
 */
export function sqlFunctionRowContext(graph: CallGraph | undefined, file: string, sub: SubprogramNode): RowContext | undefined {
  if (!graph || sub.subprogramKind !== 'function' || !sub.body) return undefined;
  const facts = graph.factsAt(file, sub.nameRange);
  if (!facts) return undefined;
  const sites = graph.sqlCallersOf(facts).filter((s) => s.perRow);
  if (sites.length === 0) return undefined;
  const first = sites[0]!;
  const where = first.file === file ? `line ${first.sqlLine}` : `${first.file} line ${first.sqlLine}`;
  const more = sites.length > 1 ? ` (and ${sites.length - 1} more ${sites.length === 2 ? 'statement' : 'statements'})` : '';
  return { kind: 'sql-function', of: `${first.sqlWhat} at ${where}${more}`, range: sub.nameRange };
}
