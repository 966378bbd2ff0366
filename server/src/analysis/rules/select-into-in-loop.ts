/**
 * A single-row query executed once per loop iteration: one query per row where a join or one bulk query would
 * do. Three forms: static SELECT ... INTO, EXECUTE IMMEDIATE of a query with INTO, and an explicit cursor opened
 * and fetched once per iteration (`OPEN c(x); FETCH c INTO v; CLOSE c;`), which is the same lookup spelled out.
 */
import type { LoopInfo } from '../semantic/walk.ts';
import type { Range, StatementNode } from '../../syntax/model/nodes.ts';
import { readsOnlyDictionary } from '../semantic/dictionary.ts';
import { docPathOf, type Rule } from './rule.ts';
import { isQueryText, readsOnlyDual, SqlTextVariables, type KnownSqlText } from './support/dynamicSqlText.ts';
import { CursorsOpenedInLoop } from './support/cursorsOpenedInLoop.ts';
import { setBasedRounds } from './support/setBasedRounds.ts';
import { partitionedEstimate } from './support/correlatedLoops.ts';
import { severityForHeat } from './heat.ts';
import type { Scope } from '../semantic/scope.ts';

const id = 'select-into-in-loop';

/**
 * `SELECT seq.NEXTVAL INTO v FROM dummy_ope`: only a sequence, from one table with no WHERE. A SELECT INTO without
 * a WHERE that works reads a one-row table (with more rows it raises TOO_MANY_ROWS), a stand-in for DUAL, and the
 * value does not come from the table: the same as from DUAL.
 */
const SEQUENCE_FROM_ONE_ROW = /^\s*SELECT\s+(?:[\w$#]+\s*\.\s*)?[\w$#]+\s*\.\s*(?:NEXTVAL|CURRVAL)\s+INTO\s+[\w$#.:]+\s+FROM\s+(?:[\w$#]+\s*\.\s*)?[\w$#]+\s*;?\s*$/i;

export const selectIntoInLoop: Rule = {
  meta: {
    id,
    defaultSeverity: 'warning',
    status: 'stable',
    summary: 'A single-row query (SELECT ... INTO, EXECUTE IMMEDIATE ... INTO, or OPEN/FETCH of a cursor) executed once per loop iteration.',
    remedy: 'Join the lookup into the loop\'s query, or fetch the lookup data once with BULK COLLECT into a collection indexed by key.',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    const variables = new SqlTextVariables((statement) => context.textIn(statement.range));
    const opened = new CursorsOpenedInLoop();
    const reportedOpens = new Set<StatementNode>();
    // tables: what the query reads, when known; a lookup in the data dictionary is install-time metadata in a deployment script
    const report = (range: Range, keyword: string, loop: LoopInfo, scope: Scope, message: string, dual: boolean, tables?: readonly string[]) => {
      const common = {
        loop: { estimate: loop.estimate, line: loop.statement.range.line },
        related: [{ range: loop.statement.headerRange, message: `the loop: ${loop.estimate.text}` }],
        readsDictionary: tables !== undefined && readsOnlyDictionary(tables),
      };
      // an inner cursor loop that follows the outer row reads that row's part: a lookup per row of it is warm
      const partitioned = dual ? undefined : partitionedEstimate(loop, scope, context.textIn);
      context.report({ line: range.line, column: range.column, endLine: range.line, endColumn: range.column + keyword.length }, message,
        dual ? { ...common, severity: 'info' } : partitioned ? { ...common, severity: severityForHeat('warning', partitioned) } : common);
    };
    const dualAdvice = 'each is a switch to SQL. Assign the expression directly in PL/SQL (sequences too, since 11g).';
    const decodeAdvice = 'each is a switch to SQL. Assign it directly in PL/SQL, with DECODE written as a CASE expression (DECODE is SQL only).';
    const queryAdvice = 'one query per iteration. Join it into the loop\'s query, or read the lookup once with BULK COLLECT.';
    return {
      sql(sql, position) {
        const loop = position.loop;
        if (!loop || position.handler || position.statement?.statementKind !== 'sql') return;
        if (sql.sqlKind !== 'select' || sql.intoTargets.length === 0 || sql.bulkCollect) return;
        const fromDual = sql.tables.length > 0 && sql.tables.every((t) => t === 'DUAL' || t === 'SYS.DUAL');
        const oneRowTable = !fromDual && sql.tables.length === 1
          && SEQUENCE_FROM_ONE_ROW.test(context.textIn(sql.range).replace(/\/\*[\s\S]*?\*\/|--[^\n]*/g, ' '));
        if (fromDual) {
          // DECODE is SQL only (PLS-00204 in a PL/SQL expression): the assignment needs a CASE
          const decode = /\bDECODE\s*\(/i.test(context.textIn(sql.range).replace(/'(?:[^']|'')*'/g, "''"));
          report(sql.range, 'SELECT', loop, position.scope, `SELECT ... INTO from DUAL runs ${loop.estimate.text}: ${decode ? decodeAdvice : dualAdvice}`, true);
        }
        else if (oneRowTable) {
          report(sql.range, 'SELECT', loop, position.scope, `SELECT ... INTO of a sequence from ${sql.tables[0]} (a one-row table standing in for DUAL: no WHERE) runs ${loop.estimate.text}: ` +
            'each is a switch to SQL. Assign the sequence directly in PL/SQL (since 11g).', true);
        }
        else if (setBasedRounds(loop.statement, (s) => context.textIn(s.range)).includes(sql)) {
          context.report({ line: sql.range.line, column: sql.range.column, endLine: sql.range.line, endColumn: sql.range.column + 6 },
            'SELECT ... INTO runs once per round of set-based statements (the loop ends when a round finds no rows, SQL%ROWCOUNT): one query per round, not per row.', {
              loop: { estimate: loop.estimate, line: loop.statement.range.line },
              severity: 'info',
            });
        }
        else report(sql.range, 'SELECT', loop, position.scope, `SELECT ... INTO runs ${loop.estimate.text}: ${queryAdvice}`, false, sql.tables);
      },
      statement(statement, position) {
        variables.note(statement, position);
        opened.note(statement, position);
        const loop = position.loop;
        if (!loop || position.handler) return;
        if (statement.statementKind === 'execute-immediate') {
          // INTO without BULK COLLECT: a query that returns one row (RETURNING INTO is not `hasInto`)
          if (!statement.hasInto || statement.bulkCollect) return;
          const known = variables.textOf(statement, position);
          if (!isQueryText(known)) return;
          const dual = readsOnlyDual(known!);
          report(statement.range, 'EXECUTE IMMEDIATE', loop, position.scope, `EXECUTE IMMEDIATE '${preview(known!)}' INTO runs ${loop.estimate.text}: ` +
            `${dual ? dualAdvice : queryAdvice}`, dual);
          return;
        }
        if (statement.statementKind === 'fetch' && !statement.bulkCollect) {
          const open = opened.openedInThisIteration(statement.cursorName, position);
          if (!open || reportedOpens.has(open.statement)) return;
          reportedOpens.add(open.statement);
          const dual = open.tables.length > 0 && open.tables.every((t) => t === 'DUAL' || t === 'SYS.DUAL');
          report(open.statement.range, 'OPEN', loop, position.scope, `Cursor ${statement.cursorName} is opened and fetched ${loop.estimate.text}: a single-row lookup through an explicit cursor, ` +
            `${dual ? dualAdvice : queryAdvice}`, dual, open.tables);
        }
      },
    };
  },
};

/** The dynamic statement for the message: `select name from customers where id = :1`, `select max(x) from ...`. */
function preview(known: KnownSqlText): string {
  const folded = known.text.replace(/\s+/g, ' ').trim();
  if (folded.length > 60) return `${folded.slice(0, 57)}...`;
  return known.complete ? folded : `${folded} ...`;
}
