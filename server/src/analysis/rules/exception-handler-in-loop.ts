/**
 * A block with an EXCEPTION section inside a loop body. On 12.2 every raised-and-handled exception read the
 * error message file (oraus.msb) twice; 10,000 iterations took 12.5 s (seed 001). Worst when the handler
 * catches NO_DATA_FOUND/TOO_MANY_ROWS/OTHERS around a SELECT INTO: that exception is raised in normal flow.
 */
import type { ExceptionHandlerNode, LoopStatementNode, SimpleStatementNode, StatementNode } from '../../syntax/model/nodes.ts';
import { alwaysLeaves } from '../semantic/leaves.ts';
import { docPathOf, type Rule } from './rule.ts';
import { severityForHeat } from './heat.ts';
import { ownStatements } from './support/batchedDml.ts';
import { assignsDdl, dynamicSqlLiteral, isSingleRowAggregate, runsDynamicDdl, selectsOneRowFromDual } from './support/sqlShapes.ts';

const id = 'exception-handler-in-loop';
const NORMAL_FLOW_EXCEPTIONS = new Set(['NO_DATA_FOUND', 'TOO_MANY_ROWS', 'OTHERS']);

/**
 * The SELECT INTO statements of a block (through IF and CASE) that can raise NO_DATA_FOUND or TOO_MANY_ROWS:
 * an aggregate without GROUP BY (`SELECT COUNT(*) INTO`) and a select from DUAL alone (no WHERE of its own)
 * always return one row, so they cannot.
 */
function raisingSelectInto(statements: readonly StatementNode[], textOf: (s: StatementNode) => string): boolean {
  for (const statement of statements) {
    if (statement.statementKind === 'sql' && statement.sql.sqlKind === 'select' && statement.sql.intoTargets.length > 0 && !statement.sql.bulkCollect) {
      const text = textOf(statement);
      if (!isSingleRowAggregate(text) && !selectsOneRowFromDual(text)) return true;
    }
    if ((statement.statementKind === 'if' || statement.statementKind === 'case') && statement.branches.some((b) => raisingSelectInto(b.statements, textOf))) return true;
    if (statement.statementKind === 'execute-immediate' && statement.hasInto && !statement.bulkCollect) {
      const literal = dynamicSqlLiteral(textOf(statement));
      if (literal === undefined || !isSingleRowAggregate(literal)) return true;
    }
  }
  return false;
}

/** The parts of a condition joined by AND at its top level; undefined when an OR joins them (then no part decides alone). */
function conjuncts(condition: string): string[] | undefined {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  const text = condition.replace(/'(?:[^']|'')*'/g, (m) => '_'.repeat(m.length));
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && /[Aa]/.test(c) && /^AND\b/i.test(text.slice(i)) && (i === 0 || /\s|\)/.test(text[i - 1]!))) {
      parts.push(condition.slice(start, i));
      start = i + 3;
    } else if (depth === 0 && /[Oo]/.test(c) && /^OR\b/i.test(text.slice(i)) && (i === 0 || /\s|\)/.test(text[i - 1]!))) return undefined;
  }
  parts.push(condition.slice(start));
  return parts.map((p) => unwrap(p.trim()));
}

/** `(x)` -> `x`, as often as the whole text is wrapped. */
function unwrap(text: string): string {
  for (;;) {
    if (!text.startsWith('(') || !text.endsWith(')')) return text;
    let depth = 0;
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')' && --depth === 0 && i < text.length - 1) return text;
    }
    text = text.slice(1, -1).trim();
  }
}

const same = (a: string, b: string) => a.replace(/\s+/g, ' ').trim().toUpperCase() === b.replace(/\s+/g, ' ').trim().toUpperCase();

/**
 * Whether the value the handler gives a flag makes the test stop the loop: a WHILE conjunct the loop goes on
 * under (`flag = 0`, `flag IS NULL`, `NOT flag`, `flag`) that the new value breaks, or an EXIT WHEN the new value
 * meets (`flag = 1`, `flag`, `flag IS NOT NULL`). Literal values only, compared as written.
 */
function stopsOn(test: string, flag: string, value: string, goesOn: boolean): boolean {
  const name = flag.replace(/[$.]/g, (c) => `\\${c}`);
  const literal = (v: string) => /^(?:-?\d+(?:\.\d+)?|'(?:[^']|'')*'|TRUE|FALSE|NULL)$/i.test(v.trim());
  if (new RegExp(`^${name}$`, 'i').test(test)) return same(value, goesOn ? 'FALSE' : 'TRUE');
  if (new RegExp(`^NOT\\s+${name}$`, 'i').test(test)) return same(value, goesOn ? 'TRUE' : 'FALSE');
  if (new RegExp(`^${name}\\s+IS\\s+NULL$`, 'i').test(test)) return goesOn ? !same(value, 'NULL') : same(value, 'NULL');
  if (new RegExp(`^${name}\\s+IS\\s+NOT\\s+NULL$`, 'i').test(test)) return goesOn ? same(value, 'NULL') : !same(value, 'NULL');
  const match = new RegExp(`^${name}\\s*(=|<>|!=|\\^=)\\s*(.+)$`, 'i').exec(test);
  if (!match || !literal(match[2]!)) return false;
  const equal = match[1] === '=';
  // the loop goes on while flag = L: any other value stops it (a literal, or a name: the handler stores a found key)
  if (goesOn) return equal ? !same(value, match[2]!) && !same(value, 'NULL') : same(value, match[2]!);
  return equal ? same(value, match[2]!) : literal(value) && !same(value, match[2]!);
}

/**
 * A handler that sets a flag the loop tests to stop (`WHILE i <= n AND l_found = 0 LOOP ... EXCEPTION WHEN
 * NO_DATA_FOUND THEN l_found := i;`): the first exception ends the loop, so it is raised at most once per run of
 * the loop, like a handler that exits. Nothing else in the loop's own statements may set the flag (or its record) back.
 */
function setsStopFlag(handlerStatements: readonly StatementNode[], loop: LoopStatementNode, textOf: (s: StatementNode) => string): boolean {
  // (an EXIT WHEN ends a FOR loop as it ends a basic one)
  const own = [...ownStatements(loop.statements)];
  const exits = own.filter((s) => s.statementKind === 'exit' && s.conditional)
    .map((s) => /\bWHEN\b([\s\S]*?);?\s*$/i.exec(textOf(s))?.[1]?.trim() ?? '')
    .filter((c) => c !== '');
  const whileParts = loop.loopKind === 'while' ? conjuncts(loop.header) ?? [] : [];
  for (const statement of handlerStatements) {
    if (statement.statementKind !== 'assignment' || !statement.target || !/^[A-Za-z][\w$#]*(?:\.[A-Za-z][\w$#]*)?$/.test(statement.target)) continue;
    const flag = statement.target;
    const value = /:=\s*([\s\S]*?);?\s*$/.exec(textOf(statement))?.[1]?.trim();
    if (!value || new RegExp(`(?<![\\w$#.])${flag.replace(/[$.]/g, (c) => `\\${c}`)}(?![\\w$#])`, 'i').test(value)) continue;
    if (own.some((s) => s.statementKind === 'assignment' && [flag, flag.replace(/\..*$/, '')].some((f) => s.target?.toUpperCase() === f.toUpperCase()))) continue;
    if (whileParts.some((part) => stopsOn(part, flag, value, true))) return true;
    if (exits.some((exit) => (conjuncts(exit) ?? [exit]).length === 1 && stopsOn(unwrap(exit), flag, value, false))) return true;
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
        // A handler that sets the flag the loop stops on ends it too: raised once, at the iteration that stops it.
        const staying = block.exceptionHandlers.filter((h) => !alwaysLeaves(h.statements, position.caught ? 'loop-caught' : 'loop', raising, loop.statement.labels)
          && !(loop.statement.statementKind === 'loop' && !loop.rowContext && setsStopFlag(h.statements, loop.statement, textOf)));
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
        const failure = !selectInto && !ddl && recordsFailures(staying, textOf); const severity = ddl || failure ? 'info' : selectInto ? (base === 'info' ? 'warning' : 'error') : base === 'error' ? 'warning' : base;
        const what = selectInto
          ? `${normalFlow.join('/')} is handled around a SELECT INTO inside the loop, so it is raised in normal flow`
          : ddl
            ? `An exception handler (${caught.join(', ')}) around dynamic DDL is inside the loop; the DDL costs far more than the handler` : failure ? failureWhat(loop.statement.range.line)
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

// Defined below the rule so that the lines above keep the places the mutation entries name.
const RECORDS_FAILURE = /\b(?:SQLERRM|SQLCODE|FORMAT_ERROR_STACK|FORMAT_ERROR_BACKTRACE|FORMAT_CALL_STACK|ROLLBACK|COMMIT)\b|\bUTL_CALL_STACK\s*\./i;
/** SQLCODE compared (`IF SQLCODE = -1`, `CASE SQLCODE`): the handler tells one error from another, as control flow does. */
const TESTS_SQLCODE = /\bSQLCODE\s*(?:=|<>|!=|\bIN\b|\bBETWEEN\b)|(?:=|<>|!=|\bIN\s*\()\s*SQLCODE\b|\bCASE\s+SQLCODE\b/i;

/**
 * Handlers for failures: every handler that stays in the loop is `WHEN OTHERS` and records the error (SQLERRM,
 * SQLCODE, the error stack or backtrace) or ends the failed iteration's transaction (ROLLBACK, COMMIT), without
 * telling one error from another. Nothing there is raised in normal flow: it costs only for an iteration that fails.
 * A named exception (DUP_VAL_ON_INDEX for "already there", NO_DATA_FOUND for a missing element) or a handler that
 * only swallows the error (`WHEN OTHERS THEN NULL`) may well be control flow, and stays a warning.
 */
function recordsFailures(handlers: readonly ExceptionHandlerNode[], textOf: (s: StatementNode) => string): boolean {
  return handlers.every((handler) => {
    if (handler.exceptions.join() !== 'OTHERS') return false; // WHEN OTHERS alone (PL/SQL allows it in no OR list)
    const text = handler.statements.map(textOf).join('\n');
    return RECORDS_FAILURE.test(text) && !TESTS_SQLCODE.test(text);
  });
}

function failureWhat(loopLine: number): string {
  return `A failure handler (WHEN OTHERS that records the error or ends the failed iteration's transaction) is inside the loop at line ${loopLine}; ` +
    'it costs only for an iteration that fails, not in normal flow. If failures are routine here, test for them before the statement instead';
}
