/**
 * A workspace PL/SQL function called from a SQL statement that reads a table: the SQL engine runs the function
 * once per row it processes, each time switching to PL/SQL (sqlmdx.net, 12c: 2M calls took 5.35 s as a plain
 * function, 2.03 s with PRAGMA UDF). Worse when the function runs SQL itself: a query per row.
 */
import { processesManyRows } from '../index/callGraph.ts';
import { calleesOf, chainFrom, placeOf } from './support/callChains.ts';
import { docPathOf, type Rule } from './rule.ts';

const id = 'plsql-function-in-sql';

/** Whether the statement's own FROM (outside parentheses) reads only DUAL. */
function outerFromIsDual(text: string): boolean {
  let depth = 0;
  const lower = text.toLowerCase();
  for (let i = 0; i < lower.length; i++) {
    const c = lower[i];
    if (c === "'") {
      const end = lower.indexOf("'", i + 1);
      if (end < 0) return false;
      i = end;
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && c === 'f' && /^from\b/.test(lower.slice(i, i + 5)) && (i === 0 || /\W/.test(lower[i - 1]!))) {
      return /^from\s+(sys\s*\.\s*)?dual\s*($|[;)]|where\b|connect\b|order\b|group\b)/.test(lower.slice(i));
    }
  }
  return false;
}

/** Whether the text before a call leaves a subquery open (`... where exists (select 1 from t where f(`). */
function insideSubquery(before: string): boolean {
  const code = before.replace(/'(?:[^']|'')*'/g, "''").toLowerCase();
  const opens: boolean[] = [];
  for (let i = 0; i < code.length; i++) {
    if (code[i] === '(') opens.push(/^\(\s*(select|with)\b/.test(code.slice(i)));
    else if (code[i] === ')') opens.pop();
  }
  return opens.includes(true);
}

export const plsqlFunctionInSql: Rule = {
  meta: {
    id,
    defaultSeverity: 'info',
    status: 'stable',
    summary: 'A PL/SQL function of the workspace called from a SQL statement over a table: a switch from SQL to PL/SQL per row (a query per row if the function runs SQL).',
    remedy: 'Write the logic in SQL, declare the function PRAGMA UDF (12c), or wrap the call in a scalar subquery (SELECT f(x) FROM dual) so results are cached per distinct input.',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    return {
      call(resolved) {
        const { call, sql, position } = resolved;
        if (!sql || call.context !== 'sql' || !processesManyRows(sql) || call.oncePerStatement) return;
        // a standalone function in a loop is standalone-call-in-loop's finding: one finding per call site
        if (position.loop && !position.handler && resolved.resolution.kind === 'standalone') return;
        const callees = calleesOf(context, resolved).filter((c) => c.kind === 'function');
        if (callees.length === 0) return;
        // already cached per distinct input by a scalar subquery: `(select f(x) from dual)`
        const before = context.textIn({ line: sql.range.line, column: sql.range.column, endLine: call.range.line, endColumn: call.range.column });
        if (/\(\s*select\s+$/i.test(before)) return;
        // a table function (`TABLE(f(x))`) returns a collection per call: not a call per row of its own result
        if (/\btable\s*\(\s*$/i.test(before)) return;
        // `SELECT f(CURSOR(SELECT ... FROM emp)) FROM dual`: the tables are a subquery's, the call runs once (but
        // a call inside that subquery runs per row of its table)
        if (!insideSubquery(before) && outerFromIsDual(context.textIn(sql.range))) return;
        // a query that fixes a key the workspace declares reads one row: the call runs once
        if (context.singleRowOf(sql)) return;
        const chain = chainFrom(context, callees, 'sql-always');
        // PRAGMA UDF already makes the switch cheap; a query inside is still one query per row
        if (!chain && callees.every((c) => c.udf)) return;
        const what = sql.sqlKind === 'select' ? 'query' : sql.sqlKind.toUpperCase();
        const inLoop = position.loop ? `, and the statement itself runs ${position.loop.estimate.text}` : '';
        if (chain) {
          const last = chain.at(-1)!.facts;
          const at = `${last.sqlAlways!.what} at ${placeOf(context, last.file, last.sqlAlways!.range)}`;
          context.report(call.nameRange,
            `${call.name} is called once per row of this ${what}${inLoop}, and runs SQL on each call (${chain.map((s) => s.facts.displayName).join(' -> ')} -> ${at}): a query per row. ` +
            'Join the lookup into the statement instead.', { severity: 'warning' });
          return;
        }
        context.report(call.nameRange,
          `${call.name} is a PL/SQL function called once per row of this ${what}${inLoop}: each call switches from SQL to PL/SQL. ` +
          'Write it in SQL, declare it PRAGMA UDF, or wrap it in (SELECT ... FROM dual) to cache results per input.');
      },
    };
  },
};
