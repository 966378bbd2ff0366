/** COMMIT once per loop iteration: a redo log sync per commit, and ORA-01555 risk for the loop's own cursor. */
import { docPathOf, type Rule } from './rule.ts';
import { batchedStatements, ownStatements } from './support/batchedDml.ts';
import { setBasedRounds } from './support/setBasedRounds.ts';
import { everyFewIterationsGuard } from './support/everyFewIterations.ts';
import type { LoopStatementNode } from '../../syntax/model/nodes.ts';

/** The iteration locks its work item (SELECT ... FOR UPDATE): the COMMIT ends that item's transaction. */
function locksWorkItem(loop: LoopStatementNode, textIn: (range: LoopStatementNode['range']) => string): boolean {
  for (const statement of ownStatements(loop.statements)) {
    if (statement.statementKind === 'sql' && statement.sql.sqlKind === 'select' && /\bFOR\s+UPDATE\b/i.test(textIn(statement.range))) return true;
  }
  return false;
}

/**
 * A counter guard (`IF l_count >= 1000 THEN COMMIT; l_count := 0; END IF`): the loop sets the counter back to a
 * literal, so the COMMIT runs once every N iterations, like a MOD guard. N is a literal of 2 or more.
 */
function counterGuard(conditions: readonly string[], loop: LoopStatementNode, textIn: (range: LoopStatementNode['range']) => string): string | undefined {
  for (const condition of conditions) {
    const match = /^\s*\(?\s*([A-Za-z][\w$#]*)\s*(>=|=|>)\s*(\d+)\s*\)?\s*$/.exec(condition);
    if (!match || Number(match[3]) < 2) continue;
    const counter = match[1]!.toUpperCase();
    const resets = [...ownStatements(loop.statements)].some((s) => s.statementKind === 'assignment' && s.target?.toUpperCase() === counter
      && /:=\s*\d+\s*;?\s*$/.test(textIn(s.range)));
    if (resets) return condition.trim();
  }
  return undefined;
}

const WAIT = /\b(?:DBMS_LOCK|DBMS_SESSION)\s*\.\s*SLEEP\b|\bDBMS_ALERT\s*\.\s*WAIT/i;

const id = 'commit-in-loop';

export const commitInLoop: Rule = {
  meta: {
    id,
    defaultSeverity: 'warning',
    status: 'stable',
    summary: 'COMMIT inside a loop: a log file sync per iteration and ORA-01555 risk for the open cursor.',
    remedy: 'Commit once after the loop (or per large batch), and let the caller own the transaction.',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    return {
      sql(sql, position) {
        const loop = position.loop;
        if (!loop || sql.sqlKind !== 'commit' || position.statement?.statementKind !== 'sql') return;
        const range = { line: sql.range.line, column: sql.range.column, endLine: sql.range.line, endColumn: sql.range.column + 6 };
        const guard = everyFewIterationsGuard(position.conditions) ?? counterGuard(position.conditions, loop.statement, context.textIn);
        // a bulk fetch loop commits once per batch of LIMIT rows: a log sync per batch, not per row
        const batch = loop.source.kind === 'batches' && loop.source.size !== undefined && loop.source.size >= 100 && loop.depth === 1 ? loop.source : undefined;
        const common = { loop: { estimate: loop.estimate, line: loop.statement.range.line } };
        const rest = { line: sql.range.endLine, column: sql.range.endColumn, endLine: loop.statement.range.endLine, endColumn: loop.statement.range.endColumn };
        if (locksWorkItem(loop.statement, context.textIn)) {
          context.report(range, `COMMIT per work item (${loop.estimate.text}): the iteration locks its item with SELECT ... FOR UPDATE and the COMMIT releases it, as a queue worker must.`, { ...common, severity: 'info' });
        } else if (position.handler) { context.report(range, handlerCommitMessage(loop.statement.range.line), { ...common, severity: 'info' }); } else if (WAIT.test(context.textIn(rest))) {
          context.report(range, `COMMIT before waiting for other sessions (${loop.estimate.text}): the work it publishes (jobs, queue entries) must be visible to them.`, { ...common, severity: 'info' });
        } else if (batchedStatements(loop.statement, (s) => context.textIn(s.range)).length > 0) {
          context.report(range, 'COMMIT per batch of a batched set-based statement (the loop ends on SQL%ROWCOUNT): it limits the undo one huge statement would need. Keep batches large.', { ...common, severity: 'info' });
        } else if (setBasedRounds(loop.statement, (s) => context.textIn(s.range)).length > 0) {
          context.report(range, 'COMMIT once per round of set-based statements (the loop ends when a round finds no rows, SQL%ROWCOUNT): one log sync per round, not per row.', { ...common, severity: 'info' });
        } else if (batch) {
          context.report(range, `COMMIT once per batch of ${batch.size} rows fetched from ${batch.of} (BULK COLLECT ... LIMIT): one log sync per batch, not per row. ` +
            'The open cursor still risks ORA-01555 across the commits, and a failure leaves the earlier batches committed.', { ...common, severity: 'info' });
        } else if (guard) {
          context.report(range, `COMMIT every few iterations (when ${guard}), ${loop.estimate.text}: fewer log syncs than per row, but the loop's cursor still risks ORA-01555 and a failure leaves half the work committed.`, { ...common, severity: 'info' });
        } else {
          context.report(range, `COMMIT runs ${loop.estimate.text}: each waits for a redo log write (log file sync). Commit once after the loop.`, { ...common, ...correlatedHeat(loop, position.scope, context.textIn) });
        }
      },
    };
  },
};

// Defined below the rule so that the lines above keep the places the mutation entries name.
/**
 * A COMMIT in an exception handler inside the loop (the handler stays in the loop; one that ends in RAISE is not
 * in the loop at all): it runs for an iteration that fails, not for every iteration.
 */
function handlerCommitMessage(loopLine: number): string {
  return `COMMIT in an exception handler inside the loop at line ${loopLine}: it runs only for an iteration that fails, not per iteration, ` +
    'and commits the work done so far. Make sure a failed row cannot leave half its work committed.';
}

// Imported here, with the helper that needs them, so that the lines above keep the places the mutation entries name.
import { partitionedEstimate, type TextIn } from './support/correlatedLoops.ts';
import { severityForHeat } from './heat.ts';
import type { Severity } from '../../syntax/finding.ts';
import type { Scope } from '../semantic/scope.ts';
import type { LoopInfo } from '../semantic/walk.ts';

/**
 * An inner cursor loop that follows the outer row (`for l in c_lines(r.id)`) reads that row's part: over the run
 * its COMMITs run once per inner row, not rows times rows, so the heat is the one dml-in-loop gives its DML.
 */
function correlatedHeat(loop: LoopInfo, scope: Scope, textIn: TextIn): { severity?: Severity } {
  const partitioned = partitionedEstimate(loop, scope, textIn);
  return partitioned ? { severity: severityForHeat('warning', partitioned) } : {};
}
