/**
 * What the editor asks of a document beyond findings: its loops with their estimates (inlay hints) and its
 * resolved calls (hover, definition). Collected by one more visitor of the shared walk.
 */
import type { Range, LoopKind } from '../../syntax/model/nodes.ts';
import type { IterationEstimate } from './estimate.ts';
import type { CallResolution } from './resolveCall.ts';
import type { ModelVisitor, ResolvedCall } from './walk.ts';

export interface LoopSummary {
  range: Range;
  headerRange: Range;
  loopKind: LoopKind;
  depth: number;
  estimate: IterationEstimate;
}

export interface CallSummary {
  name: string;
  range: Range;
  nameRange: Range;
  context: 'expression' | 'statement' | 'sql';
  resolution: CallResolution;
  /** The estimate of the loops around the call, when it is in one. */
  loop?: IterationEstimate;
  /** The header of the innermost loop around the call (an editor hint on that line would repeat it). */
  loopHeader?: Range;
}

export interface DocumentSemantics {
  loops: LoopSummary[];
  calls: CallSummary[];
  /** The call whose name covers a position (1-based). */
  callAt(line: number, column: number): CallSummary | undefined;
}

function contains(range: Range, line: number, column: number): boolean {
  if (line < range.line || line > range.endLine) return false;
  if (line === range.line && column < range.column) return false;
  if (line === range.endLine && column >= range.endColumn) return false;
  return true;
}

export function semanticsCollector(): { visitor: ModelVisitor; result: DocumentSemantics; dedupe: boolean } {
  const loops: LoopSummary[] = [];
  const calls: CallSummary[] = [];
  // several conditional-compilation views of one unit hold the same loops and calls: keep each position once
  const seenLoops = new Set<number>();
  const seenCalls = new Set<number>();
  const key = (r: Range) => r.line * 100_000 + r.column;
  const result: DocumentSemantics = {
    loops,
    calls,
    callAt: (line, column) => calls.find((c) => contains(c.nameRange, line, column)),
  };
  const collector = { visitor: {} as ModelVisitor, result, dedupe: false };
  collector.visitor = {
    loop(info) {
      const statement = info.statement;
      if (collector.dedupe) {
        if (seenLoops.has(key(statement.range))) return; // a second conditional-compilation view
        seenLoops.add(key(statement.range));
      }
      loops.push({ range: statement.range, headerRange: statement.headerRange, loopKind: statement.loopKind, depth: info.depth, estimate: info.estimate });
    },
    call({ call, resolution, position }: ResolvedCall) {
      if (collector.dedupe) {
        if (seenCalls.has(key(call.nameRange))) return;
        seenCalls.add(key(call.nameRange));
      }
      calls.push({ name: call.name, range: call.range, nameRange: call.nameRange, context: call.context, resolution, loop: position.loop?.estimate, loopHeader: position.loop?.statement.headerRange });
    },
  };
  return collector;
}
