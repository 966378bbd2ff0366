/**
 * A block with an EXCEPTION section inside a loop body. On 12.2 every raised-and-handled exception read the
 * error message file (oraus.msb) twice; 10,000 iterations took 12.5 s (seed 001). Worst when the handler
 * catches NO_DATA_FOUND/TOO_MANY_ROWS/OTHERS around a SELECT INTO: that exception is raised in normal flow.
 */
import type { SimpleStatementNode, StatementNode } from '../../syntax/model/nodes.ts';
import { alwaysLeaves } from '../semantic/leaves.ts';
import { docPathOf, type Rule } from './rule.ts';
import { severityForHeat } from './heat.ts';
import { assignsDdl, dynamicSqlLiteral, isSingleRowAggregate, runsDynamicDdl } from './support/sqlShapes.ts';

const id = 'exception-handler-in-loop';
const NORMAL_FLOW_EXCEPTIONS = new Set(['NO_DATA_FOUND', 'TOO_MANY_ROWS', 'OTHERS']);

/**
 * The SELECT INTO statements of a block (through IF and CASE) that can raise NO_DATA_FOUND or TOO_MANY_ROWS:
 * an aggregate without GROUP BY (`SELECT COUNT(*) INTO`) always returns one row, so it cannot.
 */
function raisingSelectInto(statements: readonly StatementNode[], textOf: (s: StatementNode) => string): boolean {
  for (const statement of statements) {
    if (statement.statementKind === 'sql' && statement.sql.sqlKind === 'select' && statement.sql.intoTargets.length > 0 && !statement.sql.bulkCollect) {
      if (!isSingleRowAggregate(textOf(statement))) return true;
    }
    if ((statement.statementKind === 'if' || statement.statementKind === 'case') && statement.branches.some((b) => raisingSelectInto(b.statements, textOf))) return true;
    if (statement.statementKind === 'execute-immediate' && statement.hasInto && !statement.bulkCollect) {
      const literal = dynamicSqlLiteral(textOf(statement));
      if (literal === undefined || !isSingleRowAggregate(literal)) return true;
    }
  }
  return false;
}

export const exceptionHandlerInLoop: Rule = {
  meta: {
    id,
    defaultSeverity: 'warning',
    status: 'stable',
    summary: 'An exception handler inside a loop body: every handled exception costs an error-message lookup.',
    remedy: 'Avoid raising in normal flow (check with a cursor and %NOTFOUND, or a count) or move the handler out of the loop.',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    const textOf = (statement: StatementNode) => context.textIn(statement.range);
    return {
      block(block, position) {
        const loop = position.loop;
        if (!loop || block.exceptionHandlers.length === 0) return;
        // A handler that ends the loop (RAISE, RETURN, EXIT, a call that always raises) runs at most once per
        // run of the loop, not once per iteration: no loop cost.
        const raising = (statement: SimpleStatementNode) => context.callAlwaysRaises(statement, position.scope);
        const staying = block.exceptionHandlers.filter((h) => !alwaysLeaves(h.statements, position.caught ? 'loop-caught' : 'loop', raising));
        if (staying.length === 0) return;
        const caught = staying.flatMap((h) => h.exceptions);
        const normalFlow = caught.filter((e) => NORMAL_FLOW_EXCEPTIONS.has(e));
        const selectInto = normalFlow.length > 0 && raisingSelectInto(block.statements, textOf);
        const handler = staying.find((h) => h.exceptions.some((e) => NORMAL_FLOW_EXCEPTIONS.has(e))) ?? staying[0]!;
        const body = position.subprogram?.body ?? position.unit.body;
        const ddl = !selectInto && runsDynamicDdl(block.statements, textOf, (variable) => variable !== '' && body !== undefined && assignsDdl(body.statements, variable, textOf));
        const base = severityForHeat('warning', loop.estimate);
        // Around a SELECT INTO the exception comes in normal flow: the loop's heat is how often it is raised. Any
        // other handler pays only when something fails, so a hot loop does not make it an error.
        const severity = ddl ? 'info' : selectInto ? (base === 'info' ? 'warning' : 'error') : base === 'error' ? 'warning' : base;
        const what = selectInto
          ? `${normalFlow.join('/')} is handled around a SELECT INTO inside the loop, so it is raised in normal flow`
          : ddl
            ? `An exception handler (${caught.join(', ')}) around dynamic DDL is inside the loop; the DDL costs far more than the handler`
            : `An exception handler (${caught.join(', ')}) is inside the loop`;
        const range = { line: handler.range.line, column: handler.range.column, endLine: handler.range.line, endColumn: handler.range.column + 4 };
        context.report(range,
          `${what} (${loop.estimate.text}): each raised and handled exception looks up the error message (on 12.2 it read the message file twice). ` +
          'Check before raising (cursor with %NOTFOUND) or handle outside the loop.', {
            loop: { estimate: loop.estimate, line: loop.statement.range.line },
            severity,
            related: [{ range: loop.statement.headerRange, message: `the loop: ${loop.estimate.text}` }],
          });
      },
    };
  },
};
