/**
 * Retypes keywords whose meaning depends on the next token, before parsing.
 *
 * `min(x) keep (dense_rank first order by y)` and `select bs.keep keep from ...`, or `timestamp '2024-01-01
 * 00:00:00'` and a column called timestamp: the grammar would need two tokens of lookahead at every name
 * and every operand to tell them apart, and ANTLR then runs its adaptive prediction at all of those places,
 * which was a tenth of the parse time. One linear pass over the tokens settles it instead:
 *
 * - KEEP right after a call's `)` and before `(` is the analytic KEEP clause: KEEP_ANALYTIC; FILTER there is
 *   an aggregate's filter, `count(*) filter (where x > 0)`: FILTER_ANALYTIC.
 * - NEW before `.` is a name (the row of a trigger's WHEN condition: `when (new.amount > old.amount)`), not the
 *   NEW of an object constructor: ID.
 * - TIMESTAMP or TIME before a string literal starts a typed literal: TIMESTAMP_LITERAL, TIME_LITERAL.
 * - INTERVAL before a string literal or a bind variable starts an interval literal: INTERVAL_LITERAL.
 *
 * Only default-channel tokens count as neighbours, so comments in between change nothing.
 */
import type { Token } from 'antlr4ng';
import { PlSqlLexer } from './generated/PlSqlLexer.ts';

export function resolveContextualKeywords(tokens: Token[]): void {
  let previous: Token | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.channel !== 0) continue;
    const type = token.type;
    if (type === PlSqlLexer.NEW) {
      if (nextDefault(tokens, i)?.type === PlSqlLexer.DOT) token.type = PlSqlLexer.ID;
    } else if (type === PlSqlLexer.KEEP || type === PlSqlLexer.FILTER || type === PlSqlLexer.TIMESTAMP || type === PlSqlLexer.TIME || type === PlSqlLexer.INTERVAL) {
      const next = nextDefault(tokens, i)?.type;
      if (type === PlSqlLexer.KEEP || type === PlSqlLexer.FILTER) {
        if (previous?.type === PlSqlLexer.RPAREN && next === PlSqlLexer.LPAREN) {
          token.type = type === PlSqlLexer.KEEP ? PlSqlLexer.KEEP_ANALYTIC : PlSqlLexer.FILTER_ANALYTIC;
        }
      } else if (next === PlSqlLexer.STRING) {
        token.type = type === PlSqlLexer.TIMESTAMP ? PlSqlLexer.TIMESTAMP_LITERAL
          : type === PlSqlLexer.TIME ? PlSqlLexer.TIME_LITERAL
          : PlSqlLexer.INTERVAL_LITERAL;
      } else if (type === PlSqlLexer.INTERVAL && next === PlSqlLexer.BINDVAR) {
        token.type = PlSqlLexer.INTERVAL_LITERAL;
      }
    }
    previous = token;
  }
}

function nextDefault(tokens: Token[], i: number): Token | undefined {
  for (let j = i + 1; j < tokens.length; j++) if (tokens[j]!.channel === 0) return tokens[j];
  return undefined;
}
