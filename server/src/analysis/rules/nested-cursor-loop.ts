/** A cursor loop inside another cursor loop: the inner query runs once per outer row (a join done by hand). */
import { docPathOf, type Rule } from './rule.ts';

const id = 'nested-cursor-loop';

export const nestedCursorLoop: Rule = {
  meta: {
    id,
    defaultSeverity: 'warning',
    status: 'stable',
    summary: 'A cursor loop nested inside another cursor loop: the inner query runs once per outer row.',
    remedy: 'Join the two queries into one cursor (the database joins far faster than nested loops in PL/SQL).',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    return {
      loop(loop, position) {
        if (loop.source.kind !== 'rows' && loop.source.kind !== 'batches' && loop.source.kind !== 'single') return;
        let outer = loop.parent;
        // a row trigger or a function SQL calls is no cursor loop to join with (its rows are another statement's)
        while (outer && (outer.rowContext || (outer.source.kind !== 'rows' && outer.source.kind !== 'batches'))) outer = outer.parent;
        if (!outer) return;
        const named = outer.source.kind === 'rows' || outer.source.kind === 'batches' ? outer.source.of : '';
        // an inner block may declare a cursor of the outer one's name: then the loops' lines tell them apart
        const clash = loop.source.kind !== 'single' && loop.source.of === named;
        const inner = loop.source.kind === 'single' ? 'at most one row' : clash ? `${loop.source.of} (the loop at line ${loop.statement.range.line})` : loop.source.of;
        const outerOf = clash ? `${named} (the loop at line ${outer.statement.range.line})` : named;
        const range = loop.statement.headerRange;
        // the inner query runs once each time the inner loop starts: as often as the code around it runs, not
        // as often as the inner loop's own body (that would count its rows too); the severity follows that heat
        const around = position.loop ?? outer;
        const message = loop.source.kind === 'single'
          ? `The loop reads at most one row (${loop.source.of}), but it runs inside the loop over ${outerOf}: a lookup query ${around.estimate.text}. Join it into the outer query.`
          : `The loop over ${inner} runs inside the loop over ${outerOf}: its query runs ${around.estimate.text}. Join the two queries into one cursor.`;
        context.report({ line: range.line, column: range.column, endLine: range.line, endColumn: range.line === range.endLine ? range.endColumn : range.column + 3 }, message, {
            loop: { estimate: around.estimate, line: around.statement.range.line },
            related: [{ range: outer.statement.headerRange, message: `the outer loop over ${outerOf}` }],
          });
      },
    };
  },
};
