/**
 * Batched set-based DML: `LOOP DELETE ... WHERE ... AND ROWNUM <= :n; l := SQL%ROWCOUNT; COMMIT; EXIT WHEN
 * l = 0; END LOOP` (also FETCH FIRST n ROWS ONLY, EXIT WHEN SQL%ROWCOUNT < n, IF SQL%ROWCOUNT = 0 THEN EXIT, UPDATE,
 * a WHILE on the count, a FOR over a most number of batches).
 * Each iteration is one set-based statement over up to n rows and the COMMIT between them is what limits the
 * undo a single huge statement would need: FORALL or "commit after the loop" is the wrong advice there.
 */
import type { LoopStatementNode, SqlStatementNode, StatementNode } from '../../../syntax/model/nodes.ts';

const LIMITED = /\bROWNUM\s*(?:<=?|=)|\bFETCH\s+(?:FIRST|NEXT)\b[\s\S]*?\bROWS?\s+ONLY\b/i;
const ROWCOUNT = /\bSQL\s*%\s*(?:ROWCOUNT|NOTFOUND|FOUND)\b/i;
const SET_DML = new Set(['delete', 'update', 'insert', 'merge']);

const verdicts = new WeakMap<LoopStatementNode, readonly SqlStatementNode[]>();

/** The statements directly in the loop body and its IF/CASE branches and blocks (not nested loops). */
export function* ownStatements(statements: readonly StatementNode[]): Generator<StatementNode> {
  for (const statement of statements) {
    yield statement;
    if (statement.statementKind === 'if' || statement.statementKind === 'case') for (const b of statement.branches) yield* ownStatements(b.statements);
    else if (statement.statementKind === 'block') yield* ownStatements(statement.block.statements);
  }
}

/** The loop's own statements, each with the conditions of the IF/CASE branches around it (an EXIT in `IF SQL%ROWCOUNT = 0 THEN
 * EXIT; END IF` leaves on the count just like EXIT WHEN; an EXIT in an ELSE is decided by its siblings' conditions). */
function* withBranchConditions(statements: readonly StatementNode[], around: string): Generator<[StatementNode, string]> {
  for (const statement of statements) {
    yield [statement, around];
    if (statement.statementKind === 'if' || statement.statementKind === 'case') {
      const deciding = [around, ...statement.branches.map((b) => b.condition ?? '')].join(' ');
      for (const b of statement.branches) yield* withBranchConditions(b.statements, deciding);
    } else if (statement.statementKind === 'block') yield* withBranchConditions(statement.block.statements, around);
  }
}

/**
 * The row-limited DML statements of a loop that ends on their row count; empty when the loop is not a
 * batching loop.
 */
export function batchedStatements(loop: LoopStatementNode, textOf: (statement: StatementNode) => string): readonly SqlStatementNode[] {
  const known = verdicts.get(loop);
  if (known) return known;
  let verdict: SqlStatementNode[] = [];
  // a FOR loop over a most number of batches (`FOR i IN 1 .. max_batches`) batches when it also leaves on the count
  if (loop.loopKind === 'basic' || loop.loopKind === 'while' || loop.loopKind === 'numeric-for') {
    const limited: SqlStatementNode[] = [];
    for (const statement of ownStatements(loop.statements)) {
      if (statement.statementKind === 'sql' && SET_DML.has(statement.sql.sqlKind) && LIMITED.test(textOf(statement))) limited.push(statement.sql);
    }
    if (limited.length > 0 && endsOnRowCount(loop, textOf)) verdict = limited;
  }
  verdicts.set(loop, verdict);
  return verdict;
}

/**
 * Whether the loop leaves on a statement's row count: an EXIT (or a WHILE) whose condition reads SQL%ROWCOUNT,
 * %NOTFOUND or %FOUND, or a variable the loop sets from one (`l := SQL%ROWCOUNT; ... EXIT WHEN l = 0`).
 */
export function endsOnRowCount(loop: LoopStatementNode, textOf: (statement: StatementNode) => string): boolean {
  const countVariables: string[] = [];
  const exits: string[] = loop.loopKind === 'while' ? [loop.header] : [];
  for (const [statement, around] of withBranchConditions(loop.statements, '')) {
    if (statement.statementKind === 'assignment' && statement.target && ROWCOUNT.test(textOf(statement))) countVariables.push(statement.target.toUpperCase());
    else if (statement.statementKind === 'exit' && (statement.conditional || around !== '')) exits.push(`${around} ${statement.conditional ? textOf(statement) : ''}`);
  }
  return exits.some((condition) => ROWCOUNT.test(condition)
    || countVariables.some((v) => new RegExp(`(?:^|[^\\w$#.])${v.replace(/[.$]/g, (c) => `\\${c}`)}(?:$|[^\\w$#])`, 'i').test(condition)));
}
