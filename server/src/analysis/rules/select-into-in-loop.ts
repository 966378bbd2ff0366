/** A SELECT INTO executed once per loop iteration: one query per row where a join or one bulk query would do. */
import { readsOnlyDictionary } from '../semantic/dictionary.ts';
import { docPathOf, type Rule } from './rule.ts';

const id = 'select-into-in-loop';

export const selectIntoInLoop: Rule = {
  meta: {
    id,
    defaultSeverity: 'warning',
    status: 'stable',
    summary: 'A SELECT ... INTO executed once per loop iteration.',
    remedy: 'Join the lookup into the loop\'s query, or fetch the lookup data once with BULK COLLECT into a collection indexed by key.',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    return {
      sql(sql, position) {
        const loop = position.loop;
        if (!loop || position.handler || position.statement?.statementKind !== 'sql') return;
        if (sql.sqlKind !== 'select' || sql.intoTargets.length === 0 || sql.bulkCollect) return;
        const range = { line: sql.range.line, column: sql.range.column, endLine: sql.range.line, endColumn: sql.range.column + 6 };
        const fromDual = sql.tables.length > 0 && sql.tables.every((t) => t === 'DUAL' || t === 'SYS.DUAL');
        const common = {
          loop: { estimate: loop.estimate, line: loop.statement.range.line },
          related: [{ range: loop.statement.headerRange, message: `the loop: ${loop.estimate.text}` }],
          readsDictionary: readsOnlyDictionary(sql.tables),
        };
        if (fromDual) {
          context.report(range, `SELECT ... INTO from DUAL runs ${loop.estimate.text}: each is a switch to SQL. Assign the expression directly in PL/SQL (sequences too, since 11g).`, { ...common, severity: 'info' });
        } else {
          context.report(range, `SELECT ... INTO runs ${loop.estimate.text}: one query per iteration. Join it into the loop's query, or read the lookup once with BULK COLLECT.`, common);
        }
      },
    };
  },
};
