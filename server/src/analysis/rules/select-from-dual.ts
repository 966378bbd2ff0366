/**
 * `SELECT expr INTO v FROM dual` where PL/SQL computes the same value itself: SYSDATE, USER, a sequence's
 * NEXTVAL (11g on), arithmetic and built-ins PL/SQL also has. Each is a switch to the SQL engine and a cursor
 * execution for nothing (Pythian, "Select vs Assign", 2021: 1M `select sysdate into` took 7.99 s). The fix
 * rewrites it as an assignment; it is safe only for the expressions listed here, which mean the same in PL/SQL.
 */
import { docPathOf, type Rule } from './rule.ts';

const id = 'select-from-dual';

/** Built-ins that PL/SQL has with the same meaning as in SQL (not DECODE, aggregates, analytics or NVL2). */
const PLSQL_FUNCTIONS = new Set(`
SYSDATE SYSTIMESTAMP CURRENT_DATE CURRENT_TIMESTAMP LOCALTIMESTAMP USER UID SYS_GUID SYS_CONTEXT USERENV
TO_CHAR TO_DATE TO_NUMBER TO_TIMESTAMP TO_CLOB NVL COALESCE NULLIF GREATEST LEAST UPPER LOWER INITCAP SUBSTR INSTR
LENGTH TRIM LTRIM RTRIM LPAD RPAD REPLACE TRANSLATE CONCAT CHR ASCII ROUND TRUNC MOD ABS CEIL FLOOR POWER SQRT SIGN
ADD_MONTHS LAST_DAY MONTHS_BETWEEN NEXT_DAY EXTRACT REGEXP_REPLACE REGEXP_SUBSTR REGEXP_INSTR REGEXP_COUNT
NUMTODSINTERVAL NUMTOYMINTERVAL TO_DSINTERVAL TO_YMINTERVAL RAWTOHEX HEXTORAW
`.split(/\s+/).filter(Boolean));

const SHAPE = /^select\s+([\s\S]+?)\s+into\s+([\w$#]+(?:\.[\w$#]+)*|:[\w$#]+(?:\.[\w$#]+)?)\s+from\s+(?:sys\s*\.\s*)?dual\s*;?\s*$/i;

/** Whether the expression means the same in PL/SQL: names, literals, operators and the built-ins above. */
function plsqlExpression(expression: string): boolean {
  if (/\b(select|from|where|case|over|dummy|rownum|level|prior|distinct)\b/i.test(expression)) return false;
  let flat = expression.replace(/'(?:[^']|'')*'/g, "''");
  for (let before = ''; before !== flat;) {
    before = flat;
    flat = flat.replace(/\([^()]*\)/g, '0');
  }
  if (/[,;]/.test(flat)) return false; // several select items
  if (expression.includes('"') || /\bq'/i.test(expression)) return false;
  const withoutStrings = expression.replace(/'(?:[^']|'')*'/g, "''");
  for (const match of withoutStrings.matchAll(/([\w$#.]+)\s*\(/g)) {
    if (!PLSQL_FUNCTIONS.has(match[1]!.toUpperCase())) return false;
  }
  // sequences: seq.NEXTVAL / seq.CURRVAL are allowed; any other dotted name is a variable's field
  return true;
}

const ALIAS = /([)'\w$#])\s+(?:as\s+)?([A-Za-z][\w$#]*)$/i;
/** Words that end an expression rather than name it: INTERVAL '1' DAY, ... TO SECOND, ... AT LOCAL. */
const ENDS_AN_EXPRESSION = /^(year|month|day|hour|minute|second|local)$/i;

/** The expression without its column alias (`select 'RP_' || x rp into ...`), which is no part of the value. */
function withoutAlias(expression: string): string {
  const alias = ALIAS.exec(expression);
  // `... AT TIME ZONE sessiontimezone`: the last word is the zone
  if (!alias || ENDS_AN_EXPRESSION.test(alias[2]!) || /\bzone\s+[A-Za-z][\w$#]*$/i.test(expression)) return expression;
  return expression.slice(0, alias.index + 1);
}

export const selectFromDual: Rule = {
  meta: {
    id,
    defaultSeverity: 'info',
    status: 'stable',
    summary: 'SELECT expr INTO v FROM dual where a PL/SQL assignment computes the same value: a switch to SQL for nothing.',
    remedy: 'Assign the expression directly: v := SYSDATE; v := my_seq.NEXTVAL; (sequences in PL/SQL since 11g).',
    fixKind: 'safe',
    docPath: docPathOf(id),
  },
  create(context) {
    return {
      sql(sql, position) {
        if (sql.sqlKind !== 'select' || position.statement?.statementKind !== 'sql' || sql.bulkCollect || sql.intoTargets.length !== 1) return;
        if (!sql.tables.every((t) => t === 'DUAL' || t === 'SYS.DUAL') || sql.tables.length === 0) return;
        // inside a loop select-into-in-loop reports it (with the loop's count); one finding per statement
        if (position.loop && !position.handler) return;
        if (context.hasSyntaxErrorIn(sql.range)) return;
        const text = context.textIn(sql.range);
        const shape = SHAPE.exec(text.replace(/\/\*[\s\S]*?\*\/|--[^\n]*/g, ' ').trim());
        const range = { line: sql.range.line, column: sql.range.column, endLine: sql.range.line, endColumn: sql.range.column + 6 };
        if (!shape || !plsqlExpression(shape[1]!)) return;
        const expression = withoutAlias(shape[1]!.replace(/\s+/g, ' '));
        const target = shape[2]!;
        const trailing = text.trimEnd().endsWith(';') ? ';' : '';
        context.report(range,
          `SELECT ... INTO ${target} FROM dual switches to SQL to compute ${expression.length > 40 ? 'an expression' : expression} that PL/SQL computes itself. Assign it: ${target} := ${expression.length > 40 ? '...' : expression};`, {
            fix: { kind: 'safe', title: `Assign directly: ${target} := ...`, edits: [{ range: sql.range, newText: `${target} := ${expression}${trailing}` }] },
          });
      },
    };
  },
};
