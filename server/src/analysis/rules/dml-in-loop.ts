/** INSERT/UPDATE/DELETE/MERGE run once per loop iteration: one context switch and one execution per row. */
import type { LoopInfo } from '../semantic/walk.ts';
import type { SourceRange } from '../../syntax/finding.ts';
import { docPathOf, type Rule } from './rule.ts';
import { batchedStatements } from './support/batchedDml.ts';
import { setBasedRounds } from './support/setBasedRounds.ts';
import { partitionedEstimate } from './support/correlatedLoops.ts';
import { severityForHeat } from './heat.ts';
import type { Scope } from '../semantic/scope.ts';

const id = 'dml-in-loop';
const DML = new Set(['insert', 'update', 'delete', 'merge']);

/**
 * What to do instead. A row trigger has no loop to turn into FORALL and no statement to rewrite: the documented
 * way is a compound trigger that collects the rows per row and writes them with one FORALL after the statement.
 */
function remedyIn(loop: LoopInfo): string {
  if (loop.rowContext?.kind === 'trigger') return 'Use a compound trigger: collect the rows in its EACH ROW section and write them with one FORALL in AFTER STATEMENT.';
  return 'Use FORALL over a collection, or one set-based statement.';
}

export const dmlInLoop: Rule = {
  meta: {
    id,
    defaultSeverity: 'warning',
    status: 'stable',
    summary: 'INSERT, UPDATE, DELETE or MERGE executed once per loop iteration.',
    remedy: 'Collect the rows and run the statement once with FORALL, or write one set-based statement (INSERT ... SELECT, MERGE).',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    const report = (kind: string, range: { line: number; column: number }, loop: LoopInfo, scope: Scope) => {
      // an inner cursor loop that follows the outer row reads that row's part: rows of it per outer row are warm
      const partitioned = partitionedEstimate(loop, scope, context.textIn);
      context.report({ line: range.line, column: range.column, endLine: range.line, endColumn: range.column + kind.length },
        `${kind} runs ${loop.estimate.text}: each execution is a switch from PL/SQL to SQL. ${remedyIn(loop)}`, {
          loop: { estimate: loop.estimate, line: loop.statement.range.line },
          related: [{ range: loop.statement.headerRange, message: `the loop: ${loop.estimate.text}` }],
          ...(partitioned ? { severity: severityForHeat('warning', partitioned) } : {}),
        });
    };
    return {
      sql(sql, position) {
        const loop = position.loop;
        if (!loop || position.handler || position.statement?.statementKind !== 'sql' || !DML.has(sql.sqlKind)) return;
        // a loop whose statements are set-based already (row-limited batches, rounds over the rows left): FORALL does not apply
        const textOf = (s: { range: SourceRange }) => context.textIn(s.range);
        const kind = sql.sqlKind.toUpperCase();
        const setBased = batchedStatements(loop.statement, textOf).includes(sql)
          ? `${kind} in batches: each iteration is one set-based statement over a limited number of rows, and the loop ends on SQL%ROWCOUNT. ` +
            'Batching limits the undo of one huge statement, so FORALL does not apply; make the batch large (thousands of rows).'
          : setBasedRounds(loop.statement, textOf).includes(sql)
            ? `${kind} runs once per round of set-based statements: the loop ends when a round finds no rows (SQL%ROWCOUNT), not once per row. ` +
              'Each round is already one statement over the rows left, so FORALL does not apply; keep the rounds few.'
            : undefined;
        if (setBased) {
          context.report({ line: sql.range.line, column: sql.range.column, endLine: sql.range.line, endColumn: sql.range.column + kind.length }, setBased, {
            loop: { estimate: loop.estimate, line: loop.statement.range.line },
            severity: 'info',
          });
          return;
        }
        report(sql.sqlKind.toUpperCase(), sql.range, loop, position.scope);
      },
      statement(statement, position) {
        const loop = position.loop;
        if (!loop || position.handler || statement.statementKind !== 'execute-immediate' || !statement.literalText) return;
        const kind = /^\s*(insert|update|delete|merge)\b/i.exec(statement.literalText)?.[1];
        if (kind) report(`EXECUTE IMMEDIATE ${kind.toUpperCase()}`, statement.range, loop, position.scope);
      },
    };
  },
};
