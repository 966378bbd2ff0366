/**
 * What a statement's text says about the SQL it runs, read from the text the model keeps: whether a SELECT
 * INTO is an aggregate without GROUP BY (it always returns exactly one row, so it never raises NO_DATA_FOUND
 * or TOO_MANY_ROWS), and whether dynamic SQL is DDL (CREATE, DROP, ALTER, GRANT, ...), whose own cost dwarfs
 * the handler around it.
 */
import type { StatementNode } from '../../../syntax/model/nodes.ts';
import { splitAtTopLevelCommas } from '../../semantic/loops.ts';

const AGGREGATE = /^(?:(?:NVL|NVL2|COALESCE|DECODE|TO_CHAR|TO_NUMBER|GREATEST|LEAST)\s*\(\s*)?(?:COUNT|SUM|MIN|MAX|AVG|LISTAGG|STDDEV|VARIANCE|MEDIAN|ANY_VALUE|JSON_ARRAYAGG|JSON_OBJECTAGG|XMLAGG|COLLECT)\s*\(/i;

/** `SELECT COUNT(*) INTO n FROM t WHERE ...`: aggregates only, no GROUP BY, so exactly one row comes back. */
export function isSingleRowAggregate(selectText: string): boolean {
  const text = selectText.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/--[^\n]*/g, ' ');
  const match = /^\s*SELECT\s+(?:DISTINCT\s+|ALL\s+)?([\s\S]+?)\s+(?:BULK\s+COLLECT\s+)?INTO\b/i.exec(text);
  if (!match) return false;
  if (/\bGROUP\s+BY\b|\bHAVING\b|\bUNION\b|\bINTERSECT\b|\bMINUS\b|\bEXCEPT\b/i.test(text)) return false;
  return splitAtTopLevelCommas(match[1]!).every((item) => AGGREGATE.test(item.trim()));
}

/**
 * `SELECT ... INTO v FROM dual` with no WHERE, CONNECT BY or GROUP BY of its own (subqueries in the select list
 * do not count: `SELECT CASE WHEN EXISTS (SELECT ... WHERE ...) THEN 1 ELSE 0 END INTO v FROM dual`): DUAL has one
 * row, so exactly one row comes back and NO_DATA_FOUND or TOO_MANY_ROWS is never raised.
 */
export function selectsOneRowFromDual(selectText: string): boolean {
  let text = selectText.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/--[^\n]*/g, ' ').replace(/'(?:[^']|'')*'/g, "''");
  // the top level only: every parenthesised part (subqueries, arguments) becomes one token
  for (let before = ''; before !== text;) {
    before = text;
    text = text.replace(/\([^()]*\)/g, '0');
  }
  if (!/^\s*SELECT\b[\s\S]*\bINTO\b[\s\S]*\bFROM\s+(?:SYS\s*\.\s*)?DUAL(?:\s+[A-Za-z][\w$#]*)?\s*;?\s*$/i.test(text)) return false;
  return !/\b(?:WHERE|CONNECT|START\s+WITH|GROUP|HAVING|UNION|INTERSECT|MINUS|EXCEPT|MODEL|BULK)\b/i.test(text);
}

/** The SQL of `EXECUTE IMMEDIATE '...'` / `q'{...}'` as written, when it starts with a literal. */
export function dynamicSqlLiteral(statementText: string): string | undefined {
  const match = /^\s*EXECUTE\s+IMMEDIATE\s+\(?\s*(?:(?:n?q)'(.)|')/i.exec(statementText);
  if (!match) return undefined;
  return statementText.slice(match[0].length);
}

const DDL = /^\s*\(?\s*(?:CREATE|DROP|ALTER|GRANT|REVOKE|TRUNCATE|ANALYZE|COMMENT|RENAME|PURGE|AUDIT|NOAUDIT|FLASHBACK|BEGIN\s+DBMS_\w+\.\w+)\b/i;

/** Calls that run or compile DDL. */
const DDL_CALLS = new Set([
  'DBMS_SQL.PARSE', 'DBMS_UTILITY.EXEC_DDL_STATEMENT', 'DBMS_UTILITY.COMPILE_SCHEMA', 'DBMS_DDL.ALTER_COMPILE',
  'DBMS_REDEFINITION.START_REDEF_TABLE', 'DBMS_STATS.GATHER_TABLE_STATS', 'DBMS_STATS.GATHER_SCHEMA_STATS',
]);

/**
 * Whether the statements (through IF, CASE and nested blocks, not nested loops) run dynamic DDL: EXECUTE
 * IMMEDIATE of a literal that starts with a DDL word, or of a variable that `assignedText` shows was set from
 * one, or a call of DBMS_SQL.PARSE and the DDL procedures of DBMS_UTILITY/DBMS_DDL.
 */
export function runsDynamicDdl(statements: readonly StatementNode[], textOf: (s: StatementNode) => string, assignedDdl: (variable: string) => boolean): boolean {
  for (const statement of statements) {
    switch (statement.statementKind) {
      case 'execute-immediate': {
        const text = textOf(statement);
        const literal = dynamicSqlLiteral(text);
        if (literal !== undefined ? DDL.test(literal) : assignedDdl(/^\s*EXECUTE\s+IMMEDIATE\s+\(?\s*([\w$#."]+)/i.exec(text)?.[1]?.toUpperCase() ?? '')) return true;
        break;
      }
      case 'call':
        if (statement.calls.some((c) => DDL_CALLS.has(c.name.replace(/^SYS\./, '')))) return true;
        break;
      case 'if':
      case 'case':
        if (statement.branches.some((b) => runsDynamicDdl(b.statements, textOf, assignedDdl))) return true;
        break;
      case 'block':
        if (runsDynamicDdl(statement.block.statements, textOf, assignedDdl)) return true;
        break;
      default:
        break;
    }
  }
  return false;
}

/** Whether some assignment to `variable` in the statements (at any depth) starts with a DDL literal. */
export function assignsDdl(statements: readonly StatementNode[], variable: string, textOf: (s: StatementNode) => string): boolean {
  for (const statement of statements) {
    if (statement.statementKind === 'assignment' && statement.target?.toUpperCase() === variable) {
      const value = /:=\s*(?:n?q'.|')([\s\S]*)$/i.exec(textOf(statement))?.[1];
      if (value !== undefined && DDL.test(value)) return true;
    }
    const nested: readonly StatementNode[][] =
      statement.statementKind === 'if' || statement.statementKind === 'case' ? statement.branches.map((b) => b.statements)
        : statement.statementKind === 'loop' ? [statement.statements]
          : statement.statementKind === 'block' ? [statement.block.statements, ...statement.block.exceptionHandlers.map((h) => h.statements)]
            : [];
    if (nested.some((list) => assignsDdl(list, variable, textOf))) return true;
  }
  return false;
}
