/**
 * A loop that always leaves in its first iteration (`FOR r IN c LOOP INSERT ...; l_done := 1; EXIT WHEN l_done = 1;
 * END LOOP`: take the first row of an ordered cursor and stop). Its body runs at most once per run of the loop, so
 * nothing in it is per row.
 */
import type { StatementNode } from '../../syntax/model/nodes.ts';
import type { TextOf } from './loops.ts';

const LITERAL = /^(?:'(?:[^']|'')*'|-?\d+(?:\.\d+)?|TRUE|FALSE)$/i;

/** A literal as compared: a string as written ('Y' is not 'y'), a number or TRUE/FALSE in any case. */
function literalKey(text: string): string {
  return text.startsWith("'") ? text : text.toUpperCase();
}

/** CONTINUE or GOTO anywhere in the body: an iteration may skip the statement that leaves. */
function mayJump(statements: readonly StatementNode[]): boolean {
  return statements.some((statement) => {
    switch (statement.statementKind) {
      case 'continue':
      case 'goto':
        return true;
      case 'if':
      case 'case':
        return statement.branches.some((branch) => mayJump(branch.statements));
      case 'loop':
        // a CONTINUE or GOTO with a label may name this loop from inside an inner one
        return mayJump(statement.statements);
      case 'block':
        return mayJump(statement.block.statements) || statement.block.exceptionHandlers.some((handler) => mayJump(handler.statements));
      default:
        return false;
    }
  });
}

/** Whether a statement may write `name` (upper case): assigns it, or names it anywhere but in a branch condition. */
function mayWrite(statement: StatementNode, name: string, textOf: TextOf): boolean {
  if (statement.statementKind === 'assignment') return statement.target?.toUpperCase() === name;
  if (statement.statementKind === 'if' || statement.statementKind === 'case') {
    return statement.branches.some((branch) => branch.statements.some((s) => mayWrite(s, name, textOf)));
  }
  // anything else that names it may be a SELECT or FETCH INTO it, or pass it as an OUT argument
  return new RegExp(String.raw`(?<![\w$#.])${name.replace(/[$]/g, '\\$')}(?![\w$#])`, 'i').test(textOf(statement));
}

/**
 * Why the loop's body runs at most once: its own statement list (not a branch) reaches a RETURN, an EXIT without a
 * condition, or an `EXIT WHEN v = <literal>` after an unconditional `v := <the same literal>` in that list with
 * nothing in between that may write `v`. Undefined when an iteration may go round again (a flag set in an IF, a
 * CONTINUE, a GOTO).
 */
export function leavesInFirstIteration(statements: readonly StatementNode[], textOf: TextOf): string | undefined {
  if (mayJump(statements)) return undefined;
  const flags = new Map<string, { value: string; line: number }>();
  for (const statement of statements) {
    if (statement.statementKind === 'return') return `it returns in its first iteration (RETURN at line ${statement.range.line})`;
    if (statement.statementKind === 'exit') {
      if (!statement.conditional) return `it leaves in its first iteration (EXIT at line ${statement.range.line})`;
      const test = /^\s*EXIT\b(?:\s+(?!WHEN\b)[\w$#"]+)?\s+WHEN\s+\(?\s*([A-Za-z][\w$#]*)\s*=\s*([^;()]+?)\s*\)?\s*;?\s*$/i.exec(textOf(statement));
      const flag = test ? flags.get(test[1]!.toUpperCase()) : undefined;
      if (flag && flag.value === literalKey(test![2]!)) {
        return `it leaves in its first iteration (EXIT WHEN ${test![1]} = ${test![2]} at line ${statement.range.line}, after it is set at line ${flag.line})`;
      }
      continue;
    }
    if (statement.statementKind === 'assignment' && statement.target) {
      const value = /:=\s*([^;]+?)\s*;?\s*$/.exec(textOf(statement))?.[1];
      const name = statement.target.toUpperCase();
      if (value !== undefined && LITERAL.test(value)) flags.set(name, { value: literalKey(value), line: statement.range.line });
      else flags.delete(name);
      continue;
    }
    for (const name of [...flags.keys()]) if (mayWrite(statement, name, textOf)) flags.delete(name);
  }
  return undefined;
}
