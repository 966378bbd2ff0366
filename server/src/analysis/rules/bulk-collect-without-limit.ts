/**
 * FETCH ... BULK COLLECT INTO without LIMIT: the whole result set lands in session memory (PGA) at once.
 * Advice, not a quick fix: adding `LIMIT n` alone compiles and silently drops every row after the first n
 * (`FETCH ... LIMIT 1000; CLOSE c;`), and turning the fetch into a loop that processes every batch changes
 * when the cursor is closed and where the collection's consumers run, which no local edit can prove safe.
 */
import { readsOnlyDictionary } from '../semantic/dictionary.ts';
import { docPathOf, type Rule } from './rule.ts';

const id = 'bulk-collect-without-limit';

export const bulkCollectWithoutLimit: Rule = {
  meta: {
    id,
    defaultSeverity: 'warning',
    status: 'stable',
    summary: 'FETCH ... BULK COLLECT INTO without LIMIT: the whole result set is held in PGA memory at once.',
    remedy: 'Fetch in a loop with LIMIT (100 to 1000 rows), process each batch inside the loop, and exit when a fetch returns no rows.',
    fixKind: 'none',
    docPath: docPathOf(id),
  },
  create(context) {
    return {
      statement(statement, position) {
        if (statement.statementKind !== 'fetch' || !statement.bulkCollect || statement.hasLimit) return;
        // an absence is only reported where the parse is whole: error recovery can drop a LIMIT clause, and then
        // ends the statement before it (`fetch c bulk collect into l limt 100;`), so the rest of its last line counts
        if (context.hasSyntaxErrorIn({ ...statement.range, endColumn: Number.MAX_SAFE_INTEGER })) return;
        // a declared cursor over the data dictionary in a deployment script is install-time metadata (info there)
        const tables = position.scope.lookup(statement.cursorName)?.symbol.declaration?.query?.tables;
        context.report({ line: statement.range.line, column: statement.range.column, endLine: statement.range.line, endColumn: statement.range.column + 5 },
          `FETCH ${statement.cursorName} BULK COLLECT without LIMIT loads every row into memory at once. Add LIMIT and fetch in a loop.`, {
            readsDictionary: tables !== undefined && readsOnlyDictionary(tables),
          });
      },
    };
  },
};
