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
      loop(loop) {
        if (loop.source.kind !== 'rows' && loop.source.kind !== 'batches') return;
        let outer = loop.parent;
        // a row trigger or a function SQL calls is no cursor loop to join with (its rows are another statement's)
        while (outer && (outer.rowContext || (outer.source.kind !== 'rows' && outer.source.kind !== 'batches'))) outer = outer.parent;
        if (!outer) return;
        const inner = loop.source.of;
        const outerOf = outer.source.kind === 'rows' || outer.source.kind === 'batches' ? outer.source.of : '';
        const range = loop.statement.headerRange;
        context.report({ line: range.line, column: range.column, endLine: range.line, endColumn: range.line === range.endLine ? range.endColumn : range.column + 3 },
          `The loop over ${inner} runs inside the loop over ${outerOf}: its query runs once per outer row. Join the two queries into one cursor.`, {
            severity: 'warning',
            loop: { estimate: loop.estimate, line: loop.statement.range.line },
            related: [{ range: outer.statement.headerRange, message: `the outer loop over ${outerOf}` }],
          });
      },
    };
  },
};
