/**
 * EXECUTE IMMEDIATE, OPEN ... FOR and DBMS_SQL.PARSE text that concatenates values instead of binding them:
 * every distinct value makes a new statement for the shared pool to hard-parse (10,000 inserts: 432 CPU
 * hundredths without binds against 34 with them, Kyte, Expert Oracle Database Architecture, 12c), and a value
 * that reaches the text unchecked is an injection.
 * Identifiers (table and column names) cannot be bound and are not reported; inside a loop, dynamic-sql-in-loop
 * reports the statement instead.
 */
import type { Position } from '../semantic/walk.ts';
import { AssignmentLog, concatenatedOperands, dynamicExpression, isDdlText, plainVariable, type Assignment } from './support/dynamicSql.ts';
import { docPathOf, type Rule } from './rule.ts';

const id = 'dynamic-sql-concatenation';

function ownerOf(position: Position) {
  return position.subprogram?.range ?? position.unit.range;
}

/** The values concatenated into an expression, directly or through the earlier assignments of its variable. */
export function concatenatedValues(expression: string, assignments: readonly Assignment[], variable?: string): { values: string[]; at?: Assignment } {
  if (isDdlText(expression)) return { values: [] };
  const direct = concatenatedOperands(expression).filter((o) => o.isValue).map((o) => o.text);
  if (direct.length > 0) return { values: direct };
  // the text is the last assignment's, plus the earlier ones it appends to (`l_sql := l_sql || ...`)
  const appendsToItself = variable ? new RegExp(`(^|[^\\w$#])${variable.replace(/[$#]/g, '\\$&')}([^\\w$#]|$)`, 'i') : undefined;
  for (let i = assignments.length - 1; i >= 0; i--) {
    const assignment = assignments[i]!;
    if (isDdlText(assignment.value)) break;
    const values = concatenatedOperands(assignment.value).filter((o) => o.isValue).map((o) => o.text);
    if (values.length > 0) return { values, at: assignment };
    if (!appendsToItself || !appendsToItself.test(assignment.value)) break;
  }
  return { values: [] };
}

export const dynamicSqlConcatenation: Rule = {
  meta: {
    id,
    defaultSeverity: 'warning',
    status: 'stable',
    summary: 'Dynamic SQL text built by concatenating values instead of binding them: a hard parse per distinct value, and an injection risk.',
    remedy: 'Put a placeholder in the text and pass the value with USING (EXECUTE IMMEDIATE, OPEN FOR) or DBMS_SQL.BIND_VARIABLE.',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    const log = new AssignmentLog();
    const check = (expression: string, what: string, range: { line: number; column: number }, position: Position) => {
      if (position.loop && !position.handler) return; // dynamic-sql-in-loop's finding
      const variable = plainVariable(expression);
      const assignments = variable ? log.of(AssignmentLog.key(ownerOf(position), variable)) : [];
      const { values, at } = concatenatedValues(expression, assignments, variable);
      if (values.length === 0) return;
      const shown = values.slice(0, 3).join(', ') + (values.length > 3 ? ', ...' : '');
      const built = at ? ` (built at line ${at.line})` : '';
      context.report({ line: range.line, column: range.column, endLine: range.line, endColumn: range.column + what.length },
        `${what} runs text with ${shown} concatenated as ${values.length === 1 ? 'a value' : 'values'}${built}: each distinct value is a new statement to hard-parse, and an injection risk. ` +
        `Bind instead: a placeholder (:1) in the text and USING ${values[0]}.`, {
          related: at ? [{ range: at.range, message: 'the SQL text is built here' }] : undefined,
        });
    };
    return {
      statement(statement, position) {
        if (statement.statementKind === 'assignment' && statement.target) {
          log.record(AssignmentLog.key(ownerOf(position), statement.target), context.textIn(statement.range), statement.range);
          return;
        }
        if (statement.statementKind !== 'execute-immediate' && statement.statementKind !== 'open') return;
        if (statement.statementKind === 'execute-immediate' && statement.literalText !== undefined) return;
        const expression = dynamicExpression(context.textIn(statement.range), statement.statementKind);
        if (!expression) return;
        check(expression, statement.statementKind === 'open' ? 'OPEN ... FOR' : 'EXECUTE IMMEDIATE', statement.range, position);
      },
      call({ call, position }) {
        const callee = call.name.replace(/^SYS\./, '');
        if (callee !== 'DBMS_SQL.PARSE') return;
        const statementArg = call.args.find((a) => a.name === 'STATEMENT') ?? call.args[1];
        if (!statementArg) return;
        check(statementArg.text, 'DBMS_SQL.PARSE', call.nameRange, position);
      },
    };
  },
};
