/**
 * A predicate that wraps a column in a function: `WHERE UPPER(last_name) = :n`, `TRUNC(created) = :d` (preview,
 * info). An index on the column cannot be used for it: the optimizer would need a function-based index on the same
 * expression (Oracle: "If the query passes a column to a function, then the query cannot use user-created indexes
 * on that column").
 */
import { docPathOf, type Rule } from './rule.ts';
import { scanPieces } from './support/literals.ts';

const id = 'function-wrapped-column-predicate';

// the comparisons an index on the bare column could serve (equality, ranges, LIKE, IN); `<>` and `!=` are left
// out: no index range scan serves them, wrapped or not, so unwrapping the column would not help
const WRAPPED = /\b(UPPER|LOWER|TRUNC|TO_CHAR|TO_NUMBER|TO_DATE|NVL|SUBSTR|TRIM|LTRIM|RTRIM)\s*\(\s*((?:[A-Za-z][\w$#]*\.)?([A-Za-z][\w$#]*))\s*(?:,[^()]*)?\)\s*(=|<=|>=|<(?!>)|>|\bLIKE\b|\bBETWEEN\b|\bIN\b)/gi;

/**
 * Where the statement's row-finding predicates end. An INSERT's are its query's (the INTO and the column list
 * before it have none). A MERGE finds rows with its USING query and its ON condition; what follows the first
 * WHEN [NOT] MATCHED (the SET values, the VALUES, the WHERE of UPDATE, DELETE or INSERT) is evaluated on rows already
 * joined, where no index access is decided.
 */
function readPart(kind: string, code: string): number {
  if (kind !== 'merge') return code.length;
  const when = code.search(/\bwhen\s+(not\s+)?matched\s+then\b/i);
  return when < 0 ? code.length : when;
}

/** The text with its string literals (q-quoted ones too) and comments blanked, offsets and line breaks kept. */
function codeOnly(text: string): string {
  const blank = (piece: string) => piece.replace(/[^\n]/g, ' ');
  let code = '';
  let at = 0;
  for (const piece of scanPieces(text)) {
    if (piece.kind !== 'code') continue;
    code += blank(text.slice(at, piece.start)) + text.slice(piece.start, piece.end);
    at = piece.end;
  }
  return code + blank(text.slice(at));
}

export const functionWrappedColumnPredicate: Rule = {
  meta: {
    id,
    defaultSeverity: 'info',
    status: 'preview',
    summary: 'A WHERE or ON predicate that wraps a column in a function (UPPER(col) = ..., TRUNC(date_col) = ...): a normal index on the column cannot be used.',
    remedy: 'Compare the bare column with a transformed value (col >= TRUNC(:d) AND col < TRUNC(:d) + 1), or create a function-based index on the same expression.',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    return {
      sql(sql, position) {
        if (sql.sqlKind !== 'select' && sql.sqlKind !== 'update' && sql.sqlKind !== 'delete' && sql.sqlKind !== 'insert' && sql.sqlKind !== 'merge') return;
        const text = context.textIn(sql.range);
        // strings and comments blanked (same offsets): a word or a comparison in them is no SQL
        const code = codeOnly(text);
        const read = readPart(sql.sqlKind, code);
        const where = code.slice(0, read).search(/\b(where|on)\b/i);
        if (where < 0) return;
        const body = code.slice(where, read);
        WRAPPED.lastIndex = 0;
        for (let match = WRAPPED.exec(body); match; match = WRAPPED.exec(body)) {
          const column = match[2]!;
          const last = match[3]!.toUpperCase();
          // a PL/SQL variable or parameter wrapped in a function is computed once, not per row
          if (!column.includes('.') && position.scope.lookup(last)) continue;
          if (/^(SYSDATE|SYSTIMESTAMP|USER|CURRENT_DATE)$/i.test(last)) continue;
          const offset = where + match.index;
          const before = text.slice(0, offset);
          const line = sql.range.line + (before.match(/\n/g)?.length ?? 0);
          const column1 = before.includes('\n') ? offset - before.lastIndexOf('\n') : sql.range.column + offset;
          context.report({ line, column: column1, endLine: line, endColumn: column1 + match[1]!.length },
            `${match[1]!.toUpperCase()}(${column}) in a predicate: a normal index on ${column} cannot be used for it. Compare the bare column with a transformed value, or index the expression.`, { severity: 'info' });
        }
      },
    };
  },
};
