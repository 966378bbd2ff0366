/**
 * `SELECT COUNT(*) INTO n ...` followed by `IF n > 0` (or `= 0`, `>= 1`, ...): the query counts every matching
 * row to learn whether one exists. EXISTS, or `AND ROWNUM = 1`, stops at the first row.
 */
import type { SqlStatementNode } from '../../syntax/model/nodes.ts';
import type { Position } from '../semantic/walk.ts';
import { docPathOf, type Rule } from './rule.ts';

const id = 'count-for-existence';

const COUNT_INTO = /^\s*select\s+count\s*\(\s*(?:\*|1|[\w$#."]+)\s*\)\s+into\s+([\w$#.:]+)\s+from\b/i;

/** `n > 0`, `n = 0`, `n >= 1`, `n < 1`, `n <> 0` and their mirrors: a yes/no question (not `n > 1` or `n = 1`). */
function existenceTest(condition: string, variable: string): boolean {
  const name = variable.replace(/[.$#]/g, '\\$&');
  const left = `(^|[^\\w$#.])${name}\\s*((>|=|<>|!=|\\^=)\\s*0|(>=|<)\\s*1)(?![\\w.])`;
  const right = `(^|[^\\w$#.])(0\\s*(<|=|<>|!=|\\^=)|1\\s*(<=|>))\\s*${name}($|[^\\w$#.])`;
  return new RegExp(`${left}|${right}`, 'i').test(condition);
}

/** Data-dictionary views looked up by name: at most one row matches, the count stops by itself. */
const DICTIONARY = /^(SYS\.)?(USER|ALL|DBA|CDB)_|^(SYS\.)?G?V\$/;

interface Pending { sql: SqlStatementNode; variable: string; owner: string }

export const countForExistence: Rule = {
  meta: {
    id,
    defaultSeverity: 'info',
    status: 'stable',
    summary: 'SELECT COUNT(*) INTO n followed by IF n > 0: every matching row is counted to test whether one exists.',
    remedy: 'Stop at the first row: add AND ROWNUM = 1 (then n is 0 or 1), or test with EXISTS in SQL.',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    let pending: Pending | undefined;
    const ownerOf = (position: Position) => {
      const r = position.subprogram?.range ?? position.unit.range;
      return `${r.line}:${r.column}`;
    };
    return {
      statement(statement, position) {
        const previous = pending;
        pending = undefined;
        if (statement.statementKind === 'if' && previous && previous.owner === ownerOf(position)) {
          const condition = statement.branches[0]?.condition ?? '';
          // the count used inside the IF (printed, stored) is a count, not an existence test
          const uses = (text: string) => (text.match(new RegExp(`(^|[^\\w$#.])${previous.variable.replace(/[.$#]/g, '\\$&')}($|[^\\w$#])`, 'gi')) ?? []).length;
          const usedInside = uses(context.textIn(statement.range)) > statement.branches.reduce((n, b) => n + uses(b.condition ?? ''), 0);
          if (!usedInside && existenceTest(condition, previous.variable)) {
            const sql = previous.sql;
            const loop = position.loop;
            context.report({ line: sql.range.line, column: sql.range.column, endLine: sql.range.line, endColumn: sql.range.column + 6 },
              `SELECT COUNT(*) counts every matching row, but the count is only tested for existence (IF ${condition.replace(/\s+/g, ' ').trim()} at line ${statement.range.line})` +
              `${loop ? `, ${loop.estimate.text}` : ''}. Stop at the first row: add AND ROWNUM = 1, or use EXISTS.`, {
                loop: loop ? { estimate: loop.estimate, line: loop.statement.range.line } : undefined,
                related: [{ range: statement.range, message: 'the count is only compared with 0 or 1 here' }],
              });
          }
          return;
        }
        if (statement.statementKind !== 'sql' || statement.sql.sqlKind !== 'select' || statement.sql.intoTargets.length !== 1) return;
        // comments inside the statement (`select count(*) -- open orders` on its own line) are no part of it
        const text = context.textIn(statement.sql.range).replace(/\/\*[\s\S]*?\*\/|--[^\n]*/g, ' ');
        const match = COUNT_INTO.exec(text);
        // already stops early (ROWNUM = 1, <= 1, < 2, FETCH FIRST, EXISTS), or counts per group
        if (statement.sql.tables.some((t) => DICTIONARY.test(t))) return;
        if (!match || /\brownum\s*(=\s*1|<=\s*1|<\s*2)\b|\bfetch\s+first\b|\bgroup\s+by\b|\bexists\s*\(/i.test(text)) return;
        pending = { sql: statement.sql, variable: match[1]!, owner: ownerOf(position) };
      },
    };
  },
};
