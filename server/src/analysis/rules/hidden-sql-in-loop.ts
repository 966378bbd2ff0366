/**
 * A call inside a loop (or a per-row context) to a workspace subprogram that runs SQL itself or through the
 * subprograms it calls. The loop body shows a PL/SQL call; each iteration still switches to SQL and runs a
 * statement, which select-into-in-loop and dml-in-loop cannot see because it is in another unit or file.
 */
import { calleesOf, chainFrom, chainRelated, chainText, placeOf } from './support/callChains.ts';
import { docPathOf, type Rule } from './rule.ts';

const id = 'hidden-sql-in-loop';

export const hiddenSqlInLoop: Rule = {
  meta: {
    id,
    defaultSeverity: 'warning',
    status: 'stable',
    summary: 'A call inside a loop to a workspace subprogram that runs SQL, directly or through other calls: one hidden SQL execution per iteration.',
    remedy: 'Read the data once before the loop (one query, BULK COLLECT into a collection indexed by key) or join it into the loop\'s query; pass rows to a set-based routine.',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    return {
      call(resolved) {
        const { call, position } = resolved;
        const loop = position.loop;
        // a call inside a SQL statement is plsql-function-in-sql's; a handler runs only when something failed
        if (!loop || position.handler || call.context === 'sql') return;
        const callees = calleesOf(context, resolved);
        if (callees.length === 0) return;
        // an autonomous transaction on every call is autonomous-call-in-loop's finding (its SQL commits too)
        if (chainFrom(context, callees, 'autonomous-always')) return;
        const chain = chainFrom(context, callees, 'sql-always');
        if (!chain) return;
        const last = chain.at(-1)!.facts;
        const sql = last.sqlAlways!;
        const at = `${sql.what} at ${placeOf(context, last.file, sql.range)}`;
        context.report(call.nameRange,
          `${call.name} runs SQL on every call, ${loop.estimate.text}: ${chainText(loop, chain)} -> ${at}. ` +
          'Each iteration switches to SQL out of sight; read the data once before the loop (BULK COLLECT into a collection indexed by key) or join it into the loop\'s query.', {
            loop: { estimate: loop.estimate, line: loop.statement.range.line },
            related: [
              ...chainRelated(context, chain),
              { file: last.file === (context.file ?? '') ? undefined : last.file, range: sql.range, message: `${at}: the SQL that runs per call` },
              { range: loop.statement.headerRange, message: `the loop: ${loop.estimate.text}` },
            ],
          });
      },
    };
  },
};
