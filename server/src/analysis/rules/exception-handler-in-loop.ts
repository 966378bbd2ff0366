/**
 * A block with an EXCEPTION section inside a loop body. On 12.2 every raised-and-handled exception read the
 * error message file (oraus.msb) twice; 10,000 iterations took 12.5 s (seed 001). Worst when the handler
 * catches NO_DATA_FOUND/TOO_MANY_ROWS/OTHERS around a SELECT INTO: that exception is raised in normal flow.
 */
import type { ExceptionHandlerNode, StatementNode } from '../../syntax/model/nodes.ts';
import { docPathOf, type Rule } from './rule.ts';
import { severityForHeat } from './heat.ts';

const id = 'exception-handler-in-loop';
const NORMAL_FLOW_EXCEPTIONS = new Set(['NO_DATA_FOUND', 'TOO_MANY_ROWS', 'OTHERS']);

function containsSelectInto(statements: readonly StatementNode[]): boolean {
  for (const statement of statements) {
    if (statement.statementKind === 'sql' && statement.sql.sqlKind === 'select' && statement.sql.intoTargets.length > 0) return true;
    if ((statement.statementKind === 'if' || statement.statementKind === 'case') && statement.branches.some((b) => containsSelectInto(b.statements))) return true;
    if (statement.statementKind === 'execute-immediate' && statement.hasInto) return true;
  }
  return false;
}

const RAISING_CALLS = new Set(['RAISE_APPLICATION_ERROR', 'SYS.RAISE_APPLICATION_ERROR', 'DBMS_STANDARD.RAISE_APPLICATION_ERROR']);

/**
 * Whether running these statements always ends with control leaving the loop: RAISE, RAISE_APPLICATION_ERROR,
 * RETURN, or an EXIT without WHEN (an unlabelled one leaves the innermost loop, which holds this block; a
 * labelled one leaves that loop or an outer one). An IF or CASE leaves only when it has an ELSE and every branch
 * leaves. GOTO is not followed.
 */
function alwaysLeavesLoop(statements: readonly StatementNode[]): boolean {
  const last = statements.at(-1);
  if (!last) return false;
  switch (last.statementKind) {
    case 'raise':
    case 'return':
      return true;
    case 'exit':
      return !last.conditional;
    case 'call':
      return RAISING_CALLS.has(last.target ?? '');
    case 'if':
    case 'case':
      return last.branches.some((b) => b.condition === undefined) && last.branches.every((b) => alwaysLeavesLoop(b.statements));
    case 'block':
      return alwaysLeavesLoop(last.block.statements) && last.block.exceptionHandlers.every((h) => alwaysLeavesLoop(h.statements));
    default:
      return false;
  }
}

/** A handler that ends the loop runs at most once per run of the loop, not once per iteration: no loop cost. */
function handlersThatStayInLoop(handlers: readonly ExceptionHandlerNode[]): ExceptionHandlerNode[] {
  return handlers.filter((h) => !alwaysLeavesLoop(h.statements));
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
    return {
      block(block, position) {
        const loop = position.loop;
        if (!loop || block.exceptionHandlers.length === 0) return;
        const staying = handlersThatStayInLoop(block.exceptionHandlers);
        if (staying.length === 0) return;
        const caught = staying.flatMap((h) => h.exceptions);
        const normalFlow = caught.filter((e) => NORMAL_FLOW_EXCEPTIONS.has(e));
        const selectInto = containsSelectInto(block.statements);
        const handler = staying.find((h) => h.exceptions.some((e) => NORMAL_FLOW_EXCEPTIONS.has(e))) ?? staying[0]!;
        const base = severityForHeat('warning', loop.estimate);
        const severity = normalFlow.length > 0 && selectInto ? (base === 'info' ? 'warning' : 'error') : base;
        const what = normalFlow.length > 0 && selectInto
          ? `${normalFlow.join('/')} is handled around a SELECT INTO inside the loop, so it is raised in normal flow`
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
