/** FETCH ... BULK COLLECT INTO without LIMIT: the whole result set lands in session memory (PGA) at once. */
import { readsOnlyDictionary } from '../semantic/dictionary.ts';
import { docPathOf, type Rule } from './rule.ts';

const id = 'bulk-collect-without-limit';

export const bulkCollectWithoutLimit: Rule = {
  meta: {
    id,
    defaultSeverity: 'warning',
    status: 'stable',
    summary: 'FETCH ... BULK COLLECT INTO without LIMIT: the whole result set is held in PGA memory at once.',
    remedy: 'Add LIMIT (100 to 1000 rows) and fetch in a loop until the cursor is exhausted.',
    fixKind: 'suggestion',
    docPath: docPathOf(id),
  },
  create(context) {
    return {
      statement(statement, position) {
        if (statement.statementKind !== 'fetch' || !statement.bulkCollect || statement.hasLimit) return;
        // an absence is only reported where the parse is whole: error recovery can drop a LIMIT clause
        if (context.hasSyntaxErrorIn(statement.range)) return;
        const text = context.textIn(statement.range);
        const semicolon = text.lastIndexOf(';');
        const endLine = statement.range.endLine;
        const endColumn = semicolon >= 0 && !text.slice(semicolon).includes('\n') ? statement.range.endColumn - (text.length - semicolon) : statement.range.endColumn;
        // a declared cursor over the data dictionary in a deployment script is install-time metadata (info there)
        const tables = position.scope.lookup(statement.cursorName)?.symbol.declaration?.query?.tables;
        context.report({ line: statement.range.line, column: statement.range.column, endLine: statement.range.line, endColumn: statement.range.column + 5 },
          `FETCH ${statement.cursorName} BULK COLLECT without LIMIT loads every row into memory at once. Add LIMIT and fetch in a loop.`, {
            fix: { kind: 'suggestion', title: 'Add LIMIT 1000 (then loop until the cursor is exhausted)', edits: [{ range: { line: endLine, column: endColumn, endLine, endColumn }, newText: ' LIMIT 1000' }] },
            readsDictionary: tables !== undefined && readsOnlyDictionary(tables),
          });
      },
    };
  },
};
