/**
 * FETCH ... INTO one row at a time in a loop. Each fetch is a round trip into the SQL engine; BULK COLLECT
 * with LIMIT fetches hundreds per call. Cursor FOR loops are not flagged: since 10g they prefetch 100 rows at
 * PLSQL_OPTIMIZE_LEVEL >= 2.
 */
import { docPathOf, type Rule } from './rule.ts';
import { CursorsOpenedInLoop } from './support/cursorsOpenedInLoop.ts';

const id = 'row-by-row-fetch';

export const rowByRowFetch: Rule = {
  meta: {
    id,
    defaultSeverity: 'warning',
    status: 'stable',
    summary: 'FETCH ... INTO without BULK COLLECT inside a loop: one row per fetch.',
    remedy: 'FETCH ... BULK COLLECT INTO a collection LIMIT 100..1000 and loop over the collection (or use a cursor FOR loop).',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    const opened = new CursorsOpenedInLoop();
    return {
      statement(statement, position) {
        const loop = position.loop;
        opened.note(statement, position);
        if (!loop || statement.statementKind !== 'fetch' || statement.bulkCollect) return;
        // a cursor opened in this same iteration is a lookup per iteration (select-into-in-loop), not a scan
        if (opened.openedInThisIteration(statement.cursorName, position)) return;
        // A fetch inside a FOR loop over something else reads one row per outer iteration (a lookup): that is
        // select-into-in-loop's business, not a row-by-row scan of this cursor.
        const source = loop.source;
        const scansThisCursor = source.kind === 'rows' ? source.of === `cursor ${statement.cursorName}` : loop.statement.loopKind === 'basic' || loop.statement.loopKind === 'while';
        if (!scansThisCursor) return;
        // The loop's estimate comes from this very fetch ("once per row of cursor C"): say what that means here.
        const ownRows = source.kind === 'rows' && source.of === `cursor ${statement.cursorName}`;
        const howOften = ownRows ? `so the loop makes one fetch call for every row of ${statement.cursorName}` : loop.estimate.text;
        context.report({ line: statement.range.line, column: statement.range.column, endLine: statement.range.line, endColumn: statement.range.column + 5 },
          `FETCH ${statement.cursorName} reads one row per call, ${howOften}. Fetch with BULK COLLECT ... LIMIT and loop over the collection, or use a cursor FOR loop (it prefetches 100 rows).`, {
            loop: { estimate: loop.estimate, line: loop.statement.range.line },
          });
      },
    };
  },
};
