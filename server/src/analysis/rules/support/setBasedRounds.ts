/**
 * A loop of set-based rounds: each iteration runs set-based statements over whatever rows are left, and the loop
 * ends when a round finds none (`LOOP INSERT INTO tmp SELECT ... ; EXIT WHEN SQL%ROWCOUNT = 0; UPDATE tmp SET ...
 * WHERE ... IS NULL; MERGE INTO t USING (SELECT ... FROM tmp) ...; COMMIT; END LOOP`: a FIFO allocation that pays
 * the oldest bill of every account per round, found in kirill-ivanov/brm_kttk_oracle_pkg). The loop runs once per
 * round, not once per row, and each statement in it is already the one set-based statement the advice asks for:
 * "use FORALL" or "commit once after the loop" is the wrong advice there, as for batched DML (batchedDml.ts, which
 * takes the loops whose statements are limited to a number of rows).
 *
 * Taken as such: a basic or WHILE loop that ends on the row count (batchedDml.ts `endsOnRowCount`), fetches no
 * cursor row, and runs an INSERT ... SELECT or a MERGE (a statement over a query's rows). Its set-based
 * statements are the SQL statements of its own whose text names nothing the loop assigns (an UPDATE keyed by a
 * variable the loop moves on is a row at a time, and stays a finding), and no INSERT ... VALUES.
 */
import type { LoopStatementNode, SqlStatementNode, StatementNode } from '../../../syntax/model/nodes.ts';
import { endsOnRowCount, ownStatements } from './batchedDml.ts';

const verdicts = new WeakMap<LoopStatementNode, readonly SqlStatementNode[]>();

const OVER_ROWS = /^\s*(?:INSERT\b(?:(?!\bVALUES\b)[\s\S])*?\bSELECT\b|MERGE\b)/i;
const VALUES = /^\s*INSERT\b(?:(?!\bSELECT\b)[\s\S])*?\bVALUES\b/i;
const IDENTIFIER = /[A-Za-z][\w$#]*/g;

/** The loop's own set-based statements when it is a loop of set-based rounds; empty otherwise. */
export function setBasedRounds(loop: LoopStatementNode, textOf: (statement: StatementNode) => string): readonly SqlStatementNode[] {
  const known = verdicts.get(loop);
  if (known) return known;
  const verdict = roundsOf(loop, textOf);
  verdicts.set(loop, verdict);
  return verdict;
}

function roundsOf(loop: LoopStatementNode, textOf: (statement: StatementNode) => string): SqlStatementNode[] {
  if (loop.loopKind !== 'basic' && loop.loopKind !== 'while') return [];
  const own = [...ownStatements(loop.statements)];
  if (own.some((s) => s.statementKind === 'fetch') || !endsOnRowCount(loop, textOf)) return [];
  // each statement's text without comments and strings, once
  const sql = own.filter((s): s is Extract<StatementNode, { statementKind: 'sql' }> => s.statementKind === 'sql')
    .map((s) => ({ node: s.sql, code: withoutCommentsAndStrings(textOf(s)) }));
  if (!sql.some((s) => (s.node.sqlKind === 'insert' || s.node.sqlKind === 'merge') && OVER_ROWS.test(s.code))) return [];
  const assigned = new Set<string>();
  for (const s of own) {
    if (s.statementKind === 'assignment' && s.target) assigned.add(s.target.toUpperCase());
    if (s.statementKind === 'sql') for (const target of s.sql.intoTargets) assigned.add(target.toUpperCase());
  }
  return sql
    .filter((s) => s.node.sqlKind !== 'commit' && s.node.sqlKind !== 'rollback' && !VALUES.test(s.code) && !namesAny(afterInto(s.code), assigned))
    .map((s) => s.node);
}

/** A SELECT ... INTO's targets are what it assigns, not what it reads: the text from its FROM on. */
function afterInto(text: string): string {
  const into = /\bINTO\b/i.exec(text);
  if (!into || !/^\s*SELECT\b/i.test(text)) return text;
  const from = /\bFROM\b/i.exec(text.slice(into.index));
  return from ? text.slice(into.index + from.index) : text;
}

function namesAny(text: string, names: ReadonlySet<string>): boolean {
  if (names.size === 0) return false;
  for (const word of text.match(IDENTIFIER) ?? []) if (names.has(word.toUpperCase())) return true;
  return false;
}

function withoutCommentsAndStrings(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|--[^\n]*|'(?:[^']|'')*'/g, ' ');
}
