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
 * - DAY and YEAR not followed by TO or `(` are names (`select to_char(d, 'YYYY') year from t`): only an interval
 *   qualifier (`(a - b) day(9) to second`, `interval year to month`) continues an operand with them.
 * - CASE WHEN 'string' THEN is JSON_TRANSFORM's CASE operation (`case when '$.a?(@ > 1)' then (set ...) end`):
 *   JSON_TRANSFORM_CASE. A SQL or PL/SQL CASE never tests a bare string literal.
 * - NEW is the object-constructor keyword only before a type name (`new t_point(1, 2)`, `new app.t_point(...)`,
 *   `new json_array_t`). Elsewhere it is a name: the row of a trigger's WHEN condition (`when (new.amount >
 *   old.amount)`), a table alias in any query (`from t_new new join t_old old on old.id = new.id`, `merge into t
 *   old using s new on (...)`), REFERENCING NEW AS n: ID.
 * - SELECT followed by the word AI at the start of a statement is Autonomous Database Select AI when an action
 *   (`showsql`, `narrate`, `chat`, ...) or a prompt follows (`select ai how many customers`): SELECT_AI. A column
 *   named ai stays one (`select ai from t`, `select ai x from t`, `select ai, b ...`).
 * - TIMESTAMP or TIME before a string literal starts a typed literal: TIMESTAMP_LITERAL, TIME_LITERAL.
 * - INTERVAL before a string literal or a bind variable starts an interval literal: INTERVAL_LITERAL.
 * - FROM right after a call's `)`, before FIRST or LAST and then OVER, IGNORE or RESPECT, is NTH_VALUE's
 *   `from last`: FROM_ANALYTIC (elsewhere FROM after an operand starts the FROM clause: `select f(x) from last`).
 * - The word GRAPH_TABLE before `(` is the 23ai property graph operator, whose MATCH patterns (`(a)-[e]->(b)`)
 *   are no expression: GRAPH_TABLE_OPERATOR. It is no keyword, so columns called graph_table stay names.
 * - The word NESTED after a name or `)` and before a name is the SQL NESTED clause, JSON_TABLE's shorthand after
 *   a table (`from orders o nested o.doc.items[*] columns (...)`): NESTED_CLAUSE. Elsewhere (after `,` or `(`
 *   in JSON_TABLE columns and JSON_TRANSFORM, or before a keyword, as an alias) it stays a name.
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
      if (!isConstructorNew(tokens, i)) token.type = PlSqlLexer.ID;
    } else if (type === PlSqlLexer.SELECT) {
      if ((previous === undefined || previous.type === PlSqlLexer.SEMI) && isSelectAi(tokens, i)) token.type = PlSqlLexer.SELECT_AI;
    } else if (type === PlSqlLexer.CASE) {
      if (isJsonTransformCase(tokens, i)) token.type = PlSqlLexer.JSON_TRANSFORM_CASE;
    } else if (type === PlSqlLexer.DAY || type === PlSqlLexer.YEAR) {
      const next = nextDefault(tokens, i)?.type;
      if (next !== PlSqlLexer.TO && next !== PlSqlLexer.LPAREN) token.type = PlSqlLexer.ID;
    } else if (type === PlSqlLexer.FROM) {
      if (previous?.type === PlSqlLexer.RPAREN && isNthValueFrom(tokens, i)) token.type = PlSqlLexer.FROM_ANALYTIC;
    } else if (type === PlSqlLexer.ID) {
      // Every name passes here: its length comes from the offsets, and its text (a new string) only when it fits.
      const length = token.stop - token.start + 1;
      if (length === GRAPH_TABLE.length && token.text!.toLowerCase() === GRAPH_TABLE
        && nextDefault(tokens, i)?.type === PlSqlLexer.LPAREN) token.type = PlSqlLexer.GRAPH_TABLE_OPERATOR;
      else if (length === NESTED.length && token.text!.toLowerCase() === NESTED && isNestedClause(previous, nextDefault(tokens, i))) {
        token.type = PlSqlLexer.NESTED_CLAUSE;
      }
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

/**
 * `new t(...)`, `new schema.t(...)`, `new json_array_t` (a constructor without arguments needs no parentheses):
 * NEW before a type name. An alias is followed by a keyword (JOIN, ON, WHERE, SET, ...), `,`, `(` or `;`.
 */
function isConstructorNew(tokens: Token[], i: number): boolean {
  const nameType = nextDefault(tokens, i)?.type;
  return nameType === PlSqlLexer.ID || nameType === PlSqlLexer.DELIMITED_ID;
}

const SELECT_AI_ACTIONS = new Set(['runsql', 'showsql', 'explainsql', 'narrate', 'chat', 'showprompt', 'summarize', 'translate', 'feedback', 'agent']);
/** Tokens that end a select item `ai alias`: after them the statement is a query, not a prompt. */
const QUERY_AFTER_ALIAS = new Set([PlSqlLexer.FROM, PlSqlLexer.COMMA, PlSqlLexer.SEMI, PlSqlLexer.EOF, PlSqlLexer.INTO, PlSqlLexer.BULK]);

/** `select ai showsql how many ...`, `select ai how many customers`: not `select ai from t` or `select ai x from t`. */
function isSelectAi(tokens: Token[], i: number): boolean {
  const ai = nextDefaultIndex(tokens, i);
  const word = tokens[ai];
  if (word?.type !== PlSqlLexer.ID || word.stop - word.start !== 1 || word.text!.toLowerCase() !== 'ai') return false;
  const first = nextDefaultIndex(tokens, ai);
  const firstToken = tokens[first];
  if (!firstToken || firstToken.type === PlSqlLexer.EOF) return false;
  if (firstToken.type === PlSqlLexer.ID && SELECT_AI_ACTIONS.has(firstToken.text!.toLowerCase())) return true;
  // a prompt is words: the word after `ai` and another that cannot follow a column alias
  if (firstToken.type !== PlSqlLexer.ID) return false;
  const second = tokens[nextDefaultIndex(tokens, first)];
  return second !== undefined && !QUERY_AFTER_ALIAS.has(second.type);
}

const GRAPH_TABLE = 'graph_table';
const NESTED = 'nested';

function isNestedClause(previous: Token | undefined, next: Token | undefined): boolean {
  const before = previous?.type;
  const after = next?.type;
  return (before === PlSqlLexer.ID || before === PlSqlLexer.DELIMITED_ID || before === PlSqlLexer.RPAREN)
    && (after === PlSqlLexer.ID || after === PlSqlLexer.DELIMITED_ID);
}

/** `from first over`, `from last ignore nulls`: FROM FIRST | LAST followed by the rest of an analytic call. */
function isNthValueFrom(tokens: Token[], i: number): boolean {
  const j = nextDefaultIndex(tokens, i);
  const first = tokens[j]?.type;
  if (first !== PlSqlLexer.FIRST && first !== PlSqlLexer.LAST) return false;
  const after = tokens[nextDefaultIndex(tokens, j)]?.type;
  return after === PlSqlLexer.OVER || after === PlSqlLexer.IGNORE || after === PlSqlLexer.RESPECT;
}

function isJsonTransformCase(tokens: Token[], i: number): boolean {
  const when = nextDefaultIndex(tokens, i);
  if (tokens[when]?.type !== PlSqlLexer.WHEN) return false;
  const path = nextDefaultIndex(tokens, when);
  return tokens[path]?.type === PlSqlLexer.STRING && tokens[nextDefaultIndex(tokens, path)]?.type === PlSqlLexer.THEN;
}

function nextDefaultIndex(tokens: Token[], i: number): number {
  for (let j = i + 1; j < tokens.length; j++) if (tokens[j]!.channel === 0) return j;
  return tokens.length;
}

function nextDefault(tokens: Token[], i: number): Token | undefined {
  return tokens[nextDefaultIndex(tokens, i)];
}
