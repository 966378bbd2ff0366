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
        const query = position.scope.lookup(statement.cursorName)?.symbol.declaration?.query;
        const tables = query?.tables;
        const range = { line: statement.range.line, column: statement.range.column, endLine: statement.range.line, endColumn: statement.range.column + 5 };
        const queryText = query ? context.textIn(query.range) : '';
        const oneObject = tables && perObjectMetadata(tables) ? oneObjectFilter(queryText, (name) => position.scope.lookup(name) !== undefined) : undefined;
        if (oneObject) {
          // the dictionary rows of one table or package: bounded by what that object holds, not by data
          context.report(range, `FETCH ${statement.cursorName} BULK COLLECT without LIMIT reads the data dictionary's rows of one object (${oneObject}): ` +
            'as many as that object has columns, arguments or constraints (a table has at most 1,000 columns, 4,096 with MAX_COLUMNS = EXTENDED), not a growing table.', {
            severity: 'info',
          });
          return;
        }
        context.report(range,
          `FETCH ${statement.cursorName} BULK COLLECT without LIMIT loads every row into memory at once. Add LIMIT and fetch in a loop.`, {
            readsDictionary: tables !== undefined && readsOnlyDictionary(tables),
          });
      },
    };
  },
};

/**
 * A predicate that fixes one object of the dictionary (`table_name = p_table`, `cols.object_name = :pkg`, `package_name
 * = 'X'`, `table_name = g_params.table_name`, `= UPPER(p_table)`): the compared value is a literal, a bind, a name, or a field of a record
 * the code declares (`known`). `c.table_name = t.table_name` joins two views instead. The views keyed by such a name
 * hold that object's columns, arguments, constraints or subprograms.
 */
function oneObjectFilter(text: string, known: (name: string) => boolean): string | undefined {
  const clean = text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/--[^\n]*/g, ' ');
  const name = String.raw`'(?:[^']|'')*'|:[\w$#]+|[A-Za-z_][\w$#]*(?:\s*\.\s*[A-Za-z_][\w$#]*)?`;
  const predicate = new RegExp(String.raw`(?<![\w$#])(?:[A-Za-z_][\w$#]*\s*\.\s*)?((?:TABLE|OBJECT|PACKAGE|TYPE|VIEW)_NAME)\s*=\s*(?:(?:UPPER|LOWER|TRIM)\s*\(\s*(${name})\s*\)|(${name})(?![\w$#(.]))`, 'gi');
  for (const match of clean.matchAll(predicate)) {
    const value = (match[2] ?? match[3])!.replace(/\s+/g, '');
    const qualifier = /^([A-Za-z_][\w$#]*)\./.exec(value)?.[1];
    if (qualifier === undefined || known(qualifier.toUpperCase())) return match[0].replace(/\s+/g, ' '); // as written
  }
  return undefined;
}

/**
 * The dictionary views whose rows per object are bounded by its structure: a table's columns (at most 1,000, or 4,096
 * with MAX_COLUMNS = EXTENDED), constraints and indexes, a unit's subprograms and arguments, a type's attributes. Not
 * partitions, statistics, histograms or source lines, which one object can hold by the million.
 */
const PER_OBJECT_VIEW = /^(?:SYS\.)?(?:USER|ALL|DBA|CDB)_(?:TAB_COLUMNS|TAB_COLS|TAB_IDENTITY_COLS|CONSTRAINTS|CONS_COLUMNS|INDEXES|IND_COLUMNS|TABLES|VIEWS|OBJECTS|ARGUMENTS|PROCEDURES|TRIGGERS|TYPES|TYPE_ATTRS|TYPE_METHODS|COL_COMMENTS|TAB_COMMENTS|SEQUENCES|SYNONYMS|PLSQL_OBJECT_SETTINGS)$/;

function perObjectMetadata(tables: readonly string[]): boolean {
  const read = tables.filter((t) => !/^(?:SYS\.)?DUAL$/.test(t));
  return read.length > 0 && read.every((t) => PER_OBJECT_VIEW.test(t));
}
