/**
 * What an editor shows of a finding besides its line: the underlined text (the keyword, the handler's WHEN, the
 * loop header), the loop it is charged to, the related locations and the quick fix. The fixture harness checks
 * rule, line and severity; these check the rest on small procedures (test/rules/shapes/), one per finding kind.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { analyzeProject } from '../../server/src/analysis/analyzeProject.ts';
import type { Finding, SourceRange } from '../../server/src/syntax/finding.ts';

const shapesRoot = new URL('./shapes/', import.meta.url).pathname;

/** The text a range covers (1-based, end exclusive), lines joined with \n. */
function covered(text: string, range: SourceRange): string {
  const lines = text.split('\n');
  if (range.line === range.endLine) return lines[range.line - 1]!.slice(range.column - 1, range.endColumn - 1);
  return [lines[range.line - 1]!.slice(range.column - 1), ...lines.slice(range.line, range.endLine - 1), lines[range.endLine - 1]!.slice(0, range.endColumn - 1)].join('\n');
}

interface Shape {
  rule: string;
  severity: string;
  underlined: string;
  loopLine?: number;
  related?: string[];
  fix?: string;
}

/** `preview`: rules that are off by default, turned on for this file. */
function shapesOf(file: string, preview: string[] = []): Shape[] {
  const text = readFileSync(shapesRoot + file, 'utf8');
  const rules = Object.fromEntries(preview.map((id) => [id, { enabled: true }]));
  const entry = analyzeProject([{ file, text }], preview.length > 0 ? { rules } : undefined).results[0]!;
  assert.ok('result' in entry, String((entry as { error?: unknown }).error));
  return entry.result.findings.map((f: Finding) => ({
    rule: f.rule,
    severity: f.severity,
    underlined: covered(text, f),
    ...(f.loop ? { loopLine: f.loop.line } : {}),
    ...(f.related ? { related: f.related.map((r) => `${r.range.line}:${covered(text, r.range)}`) } : {}),
    ...(f.fix ? { fix: f.fix.edits.map((e) => `${e.range.line}:${e.range.column}-${e.range.endColumn} ${JSON.stringify(e.newText)}`).join('; ') } : {}),
  }));
}

test('findings in a cursor loop underline the statement keyword, the WHEN and the inner loop header', () => {
  assert.deepEqual(shapesOf('per_row.sql'), [
    { rule: 'dml-in-loop', severity: 'warning', underlined: 'update', loopLine: 3, related: ['3:for r in (select id from t)'] },
    { rule: 'commit-in-loop', severity: 'warning', underlined: 'commit', loopLine: 3 },
    { rule: 'exception-handler-in-loop', severity: 'warning', underlined: 'when', loopLine: 3, related: ['3:for r in (select id from t)'] },
    { rule: 'nested-cursor-loop', severity: 'warning', underlined: 'for s in (select id from u where u.t_id = r.id)', loopLine: 3, related: ['3:for r in (select id from t)'] },
  ]);
});

test('batches, guarded commits, dynamic DML, a single-row inner loop and a small UTL_FILE line size', () => {
  assert.deepEqual(shapesOf('batches_and_lookups.sql'), [
    { rule: 'dml-in-loop', severity: 'info', underlined: 'delete', loopLine: 5 },
    { rule: 'commit-in-loop', severity: 'info', underlined: 'commit', loopLine: 5 },
    // dynamic DML: as many characters as "EXECUTE IMMEDIATE INSERT" has, from the statement's start
    { rule: 'dml-in-loop', severity: 'warning', underlined: "execute immediate 'inser", loopLine: 11, related: ['11:for i in 1 .. 100'] },
    { rule: 'commit-in-loop', severity: 'info', underlined: 'commit', loopLine: 11 },
    // an inner header over two lines: FOR is underlined
    { rule: 'nested-cursor-loop', severity: 'warning', underlined: 'for', loopLine: 17, related: ['17:for r in (select id\n              from t)'] },
    { rule: 'utl-file-small-buffer', severity: 'warning', underlined: 'utl_file.fopen', loopLine: 25, related: ['25:for r in (select id from t)'], fix: '24:47-47 ", 32767"' },
  ]);
});

test('a nested cursor loop is charged to the loop right around it, not to the outer cursor loop', () => {
  assert.deepEqual(shapesOf('between_loops.sql'), [
    { rule: 'nested-cursor-loop', severity: 'warning', underlined: 'for o in (select id from orders where customer_id = c.id and extract(month from ordered) = m)', loopLine: 4, related: ['3:for c in (select id from customers)'] },
  ]);
});

test('UTL_FILE: the FOPEN is underlined, the fix adds or replaces max_linesize, chunks are reported at the read', () => {
  assert.deepEqual(shapesOf('utl_file.sql'), [
    // SYS.UTL_FILE.FOPEN with three arguments: the size is appended before the closing parenthesis
    { rule: 'utl-file-small-buffer', severity: 'warning', underlined: 'sys.utl_file.fopen', loopLine: 29, related: ['29:for r in (select text from lines)'], fix: '28:48-48 ", 32767"' },
    // named arguments: the size is appended by name
    { rule: 'utl-file-small-buffer', severity: 'warning', underlined: 'utl_file.fopen', loopLine: 35, related: ['35:for r in (select text from lines)'], fix: '34:81-81 ", max_linesize => 32767"' },
    // a size given through a constant: the argument is replaced
    { rule: 'utl-file-small-buffer', severity: 'warning', underlined: 'utl_file.fopen', loopLine: 39, related: ['39:for r in (select text from lines)'], fix: '38:46-52 "32767"' },
    // passed to a local procedure that writes it in its loop: charged to the call, related to the call and the write
    { rule: 'utl-file-small-buffer', severity: 'warning', underlined: 'utl_file.fopen', loopLine: 43, related: ['43:write_all', '19:'], fix: '42:44-44 ", 32767"' },
    // written in a loop directly and passed in another: the direct write is reported
    { rule: 'utl-file-small-buffer', severity: 'info', underlined: 'utl_file.fopen', loopLine: 52, related: ['52:for i in 1 .. 50'], fix: '44:63-67 "32767"' },
    // passed in a loop to a procedure that writes it once
    { rule: 'utl-file-small-buffer', severity: 'warning', underlined: 'utl_file.fopen', loopLine: 49, related: ['50:write_one', '25:'], fix: '48:46-50 "32767"' },
    // small chunks feeding PUT_RAW: the LOB read, else the PUT_RAW buffer (SUBSTR without an amount reads 32767)
    { rule: 'utl-file-small-buffer', severity: 'info', underlined: 'dbms_lob.read', loopLine: 52, related: ['52:for i in 1 .. 50'] },
    { rule: 'utl-file-small-buffer', severity: 'info', underlined: 'utl_file.put_raw', loopLine: 57, related: ['57:for i in 1 .. 50'] },
    { rule: 'utl-file-small-buffer', severity: 'info', underlined: 'dbms_lob.substr', loopLine: 61, related: ['61:for i in 1 .. 50'] },
    // the handle given positionally before a named buffer
    { rule: 'utl-file-small-buffer', severity: 'warning', underlined: 'utl_file.fopen', loopLine: 71, related: ['71:for r in (select text from lines)'], fix: '70:45-45 ", 32767"' },
    // open, loop and write on one line: the open comes first
    { rule: 'utl-file-small-buffer', severity: 'warning', underlined: 'utl_file.fopen', loopLine: 74, related: ['74:for r in (select text from lines)'], fix: '74:44-44 ", 32767"' },
  ]);
});

test('a call chain reads as a path in the message and as related locations, with the file where it is another', () => {
  const documents = ['main.sql', 'rates.sql'].map((file) => ({ file, text: readFileSync(`${shapesRoot}chain/${file}`, 'utf8') }));
  const entry = analyzeProject(documents).results[0]!;
  assert.ok('result' in entry);
  const chains = entry.result.findings.map((f) => ({
    line: f.line,
    rule: f.rule,
    chain: /((?:loop at \d+|row trigger) -> .*? at (?:[\w.]+\.sql:\d+|line \d+))/.exec(f.message)?.[1],
    related: f.related?.map((r) => `${r.file ?? ''}:${r.range.line} ${r.message.split(':')[0]}`),
  }));
  assert.deepEqual(chains, [
    {
      line: 11, rule: 'hidden-sql-in-loop', chain: 'loop at 10 -> RATES.GET_RATE -> RATES.LOOKUP -> SELECT at rates.sql:9',
      related: ['rates.sql:12 RATES.GET_RATE', 'rates.sql:6 RATES.LOOKUP (called here)', 'rates.sql:9 SELECT at rates.sql', ':10 the loop'],
    },
    {
      line: 12, rule: 'hidden-sql-in-loop', chain: 'loop at 10 -> LOCAL_RATE -> SELECT at line 6',
      related: [':3 LOCAL_RATE', ':6 SELECT at line 6', ':10 the loop'],
    },
    {
      line: 18, rule: 'hidden-sql-in-loop', chain: 'row trigger -> RATES.GET_RATE -> RATES.LOOKUP -> SELECT at rates.sql:9',
      related: ['rates.sql:12 RATES.GET_RATE', 'rates.sql:6 RATES.LOOKUP (called here)', 'rates.sql:9 SELECT at rates.sql', ':16 the loop'],
    },
  ]);
});

test('findings per iteration underline the LOB, the call or FETCH, and point at the loop (and the autonomous procedure)', () => {
  const loop = '14:for r in (select text from lines)';
  assert.deepEqual(shapesOf('per_iteration.sql'), [
    { rule: 'lob-concatenation-in-loop', severity: 'warning', underlined: 'p_out', loopLine: 14, related: [loop] },
    { rule: 'utl-file-open-in-loop', severity: 'warning', underlined: 'utl_file.fopen', loopLine: 14, related: [loop] },
    { rule: 'utl-file-flush-in-loop', severity: 'warning', underlined: 'utl_file.fflush', loopLine: 14, related: [loop] },
    { rule: 'autonomous-call-in-loop', severity: 'warning', underlined: 'log_line', loopLine: 14, related: ['1:log_line', loop] },
    { rule: 'standalone-call-in-loop', severity: 'warning', underlined: 'log_line', loopLine: 14, related: ['1:log_line', loop] },
    { rule: 'bulk-collect-without-limit', severity: 'warning', underlined: 'fetch' },
  ]);
});

test('of overloads that all run SQL, the message shows the shortest chain (one SELECT away, not two), first or second', () => {
  const text = readFileSync(`${shapesRoot}chain/overloads.sql`, 'utf8');
  const entry = analyzeProject([{ file: 'overloads.sql', text }]).results[0]!;
  assert.ok('result' in entry);
  assert.deepEqual(entry.result.findings.map((f) => ({
    line: f.line,
    rule: f.rule,
    chain: /loop at \d+ -> .*? at line \d+/.exec(f.message)?.[0],
    related: f.related?.map((r) => `${r.range.line} ${r.message.split(':')[0]}`),
  })), [
    { line: 29, rule: 'hidden-sql-in-loop', chain: 'loop at 28 -> MONEY.TO_BASE -> SELECT at line 16', related: ['13 MONEY.TO_BASE', '16 SELECT at line 16', '28 the loop'] },
    // the same overloads in the other order: the shortest is the second
    { line: 61, rule: 'hidden-sql-in-loop', chain: 'loop at 60 -> FX_MONEY.TO_BASE -> SELECT at line 52', related: ['49 FX_MONEY.TO_BASE', '52 SELECT at line 52', '60 the loop'] },
  ]);
});

test('the wording that depends on the code: counts per loop (none for one call), the declared type, the flushing call, the inner and outer loop kinds', () => {
  const text = readFileSync(`${shapesRoot}wording.sql`, 'utf8');
  const entry = analyzeProject([{ file: 'wording.sql', text }], {
    rules: { 'output-in-loop': { enabled: true }, 'number-arithmetic-in-loop': { enabled: true }, 'collection-extend-in-loop': { enabled: true } },
  }).results[0]!;
  assert.ok('result' in entry);
  assert.deepEqual(entry.result.findings.map((f) => `${f.line} ${covered(text, f)} | ${f.message.split(':')[0]}`), [
    '14 l_doc | l_doc (CLOB) is grown with || once per row of the query at line 13 (2 appends in this loop)',
    '16 dbms_output.put_line | DBMS_OUTPUT.PUT_LINE runs once per row of the query at line 13 (2 output calls in this loop)',
    '18 l_seen | l_seen is an INTEGER counter stepped once per row of the query at line 13',
    '19 l_big | l_big is a NUMBER counter stepped once per row of the query at line 13',
    '20 l_note | l_note (NCLOB) is grown with || once per row of the query at line 13',
    '21 l_holder.ids.extend | L_HOLDER.IDS.EXTEND grows the collection by one element once per row of the query at line 13. Size it once before the loop (EXTEND(n)), fill it with BULK COLLECT, or index an associative array by the loop counter.',
    '22 utl_file.put_line_nchar | UTL_FILE PUT_LINE_NCHAR with autoflush TRUE once per row of the query at line 13',
    '23 for o in (select order_id from orders where order_id = c.customer_id and rownum = 1) | The loop reads at most one row (it stops at ROWNUM 1), but it runs inside the loop over the query at line 13',
    '26 for o in (select order_id from orders where customer_id = c.customer_id) | The loop over the query at line 26 runs inside the loop over the query at line 13',
    '36 dbms_output.put_line | DBMS_OUTPUT.PUT_LINE runs once per batch fetched from cursor C_BATCHES per element of L_BATCH',
    '37 for o in (select order_id from orders where customer_id = l_batch(i)) | The loop over the query at line 37 runs inside the loop over cursor C_BATCHES',
  ]);
});

test('a cursor of another package is named whole in the message (PRICE_CURSORS.C_PRICE, not its package)', () => {
  const file = new URL('./fixtures/select-into-in-loop/other_package_cursor.sql', import.meta.url);
  const text = readFileSync(file, 'utf8');
  const entry = analyzeProject([{ file: 'other_package_cursor.sql', text }]).results[0]!;
  assert.ok('result' in entry);
  assert.deepEqual(entry.result.findings.map((f) => `${f.line} ${f.rule} | ${f.message.split(':')[0]}`), [
    '7 select-into-in-loop | Cursor PRICE_CURSORS.C_PRICE is opened and fetched once per row of the query at line 6',
  ]);
});

test('SELECT FROM DUAL: SELECT is underlined and the fix assigns the expression (alias, comments and extra blanks left out)', () => {
  assert.deepEqual(shapesOf('rewrites_and_counts.sql'), [
    { rule: 'select-from-dual', severity: 'info', underlined: 'select', fix: '6:3-38 "l_now := sysdate"' },
    // the column alias is no part of the value; the blanks before it are not either
    { rule: 'select-from-dual', severity: 'info', underlined: 'select', fix: `7:3-72 "l_name := 'RP_' || to_char(l_now, 'YYYYMMDD')"` },
    { rule: 'select-from-dual', severity: 'info', underlined: 'select', fix: '8:3-14 "l_name := upper(l_name)"' },
    { rule: 'select-from-dual', severity: 'info', underlined: 'select', fix: '11:3-54 "l_name := user"' },
    { rule: 'select-from-dual', severity: 'info', underlined: 'select', fix: '13:3-56 "l_count := l_count + 1"' },
    // the count in a loop: charged to the loop, the IF that only tests it is the related place
    { rule: 'count-for-existence', severity: 'info', underlined: 'select', loopLine: 14, related: ['16:if l_count > 0 then\n      null;\n    end if;'] },
    { rule: 'select-into-in-loop', severity: 'warning', underlined: 'select', loopLine: 14, related: ['14:for r in (select id from t)'] },
    { rule: 'profiler-left-in-code', severity: 'warning', underlined: 'dbms_profiler.start_profiler' },
  ]);
});

test('a wrapped column is underlined at its function, on the first line of a statement and on a later one', () => {
  assert.deepEqual(shapesOf('wrapped_columns.sql', ['function-wrapped-column-predicate']), [
    { rule: 'function-wrapped-column-predicate', severity: 'info', underlined: 'upper' },
    { rule: 'function-wrapped-column-predicate', severity: 'info', underlined: 'trunc' },
  ]);
});

test('settings and hints: the setting is underlined where it is written, a hint removed with one blank, NOCOPY inserted after the mode', () => {
  assert.deepEqual(shapesOf('settings.sql', ['missing-nocopy']), [
    { rule: 'optimizer-level-lowered', severity: 'warning', underlined: 'plsql_optimize_level=0' },
    { rule: 'missing-nocopy', severity: 'info', underlined: 'p_ids in out t_ids', fix: '4:30-30 " NOCOPY"' },
    { rule: 'missing-nocopy', severity: 'info', underlined: 'p_doc out clob', fix: '4:47-47 " NOCOPY"' },
    // inside a string literal, with the quote doubled
    { rule: 'optimizer-level-lowered', severity: 'info', underlined: "plsql_code_type = ''INTERPRETED" },
    // the hint alone: the comment and the blank after it; with another hint: the word and its blank
    { rule: 'plan-statistics-in-code', severity: 'warning', underlined: '/*+ gather_plan_statistics */', fix: '8:12-42 ""' },
    { rule: 'plan-statistics-in-code', severity: 'warning', underlined: '/*+ full(o) gather_plan_statistics */', fix: '9:24-47 ""' },
    { rule: 'plan-statistics-in-code', severity: 'warning', underlined: '/*+ gather_plan_statistics */', fix: '10:12-42 ""' },
    // over two lines: reported, no fix offered
    { rule: 'plan-statistics-in-code', severity: 'warning', underlined: '/*+ full(o)\n               gather_plan_statistics */' },
    // a parameter over two lines: reported, no fix offered
    { rule: 'missing-nocopy', severity: 'info', underlined: 'p_ids\n                  in out t_ids' },
  ]);
});

test('UTL_FILE.FOPEN with positional arguments and one named: the size is appended by name (a positional one may not follow)', () => {
  assert.deepEqual(shapesOf('utl_file_mixed.sql').map((f) => f.fix), ['4:64-64 ", max_linesize => 32767"']);
});

test('a gather_plan_statistics hint: removed with the blank on one side only, never gluing two words; in a string, the word underlined', () => {
  assert.deepEqual(shapesOf('hints.sql'), [
    // alone at the end of a line: the blank before it goes
    { rule: 'plan-statistics-in-code', severity: 'warning', underlined: '/*+ gather_plan_statistics */', fix: '4:9-39 ""' },
    // at the start of a line: the blank after it goes
    { rule: 'plan-statistics-in-code', severity: 'warning', underlined: '/*+ gather_plan_statistics */', fix: '7:1-31 ""' },
    // between two words without blanks: one blank replaces it (`select count(*)`, not `selectcount(*)`)
    { rule: 'plan-statistics-in-code', severity: 'warning', underlined: '/*+ gather_plan_statistics */', fix: '8:9-38 " "' },
    // after another hint, no blank before the comment's end: only the word goes
    { rule: 'plan-statistics-in-code', severity: 'warning', underlined: '/*+ full(o) gather_plan_statistics*/', fix: '9:22-44 ""' },
    { rule: 'plan-statistics-in-code', severity: 'warning', underlined: 'gather_plan_statistics' },
    // glued to SELECT at the end of a line: only the comment goes (not SELECT's last letter)
    { rule: 'plan-statistics-in-code', severity: 'warning', underlined: '/*+ gather_plan_statistics */', fix: '11:9-38 ""' },
    // alone over two lines: the whole comment goes
    { rule: 'plan-statistics-in-code', severity: 'warning', underlined: '/*+\n           gather_plan_statistics */', fix: '13:10-37 ""' },
    // a blank before, glued after: only the comment goes (the blank stays between the words)
    { rule: 'plan-statistics-in-code', severity: 'warning', underlined: '/*+ gather_plan_statistics */', fix: '15:10-39 ""' },
    // glued before, a blank after: only the comment goes
    { rule: 'plan-statistics-in-code', severity: 'warning', underlined: '/*+ gather_plan_statistics */', fix: '16:9-38 ""' },
  ]);
});

test('dynamic SQL: the statement is underlined, related to where its text is built or to the loop that parses it', () => {
  assert.deepEqual(shapesOf('dynamic.sql'), [
    { rule: 'dynamic-sql-concatenation', severity: 'warning', underlined: 'execute immediate', related: ["5:l_sql := 'delete from orders where customer_id = ' || p_id;"] },
    // a loop of 10: info (the heat of a small known count)
    { rule: 'dynamic-sql-in-loop', severity: 'info', underlined: 'execute immediate', loopLine: 7, related: ['7:for i in 1 .. 10'] },
    { rule: 'dynamic-sql-in-loop', severity: 'info', underlined: 'dbms_sql.parse', loopLine: 7, related: ['7:for i in 1 .. 10'] },
  ]);
});

test('SELECT FROM DUAL: a column alias is left out of the fix, a word that ends the expression is not', () => {
  assert.deepEqual(shapesOf('dual_aliases.sql').map((f) => f.fix), [
    `6:3-57 "l_due := sysdate - interval '1' day"`,
    '7:3-51 "l_ts := systimestamp at local"',
    '8:3-71 "l_ts := systimestamp at time zone sessiontimezone"',
    `9:3-61 "l_due := sysdate + interval '1' day"`,
    '10:3-55 "l_count := l_count + 1"',
    // aliases that start or end like a datetime field are aliases; a word after the zone is one too
    '11:3-51 "l_due := trunc(sysdate)"',
    '12:3-55 "l_due := trunc(sysdate)"',
    '13:3-69 "l_ts := systimestamp at time zone dbtimezone"',
  ]);
});

test('a NUMBER counter: its kind (IN OUT or OUT parameter, local counter, package variable), the type as declared or through a subtype, and the remedy for each; a CLOB through a subtype', () => {
  const text = readFileSync(`${shapesRoot}counters.sql`, 'utf8');
  const entry = analyzeProject([{ file: 'counters.sql', text }], { rules: { 'number-arithmetic-in-loop': { enabled: true } } }).results[0]!;
  assert.ok('result' in entry);
  const query = 'stepped once per row of the query at line 12: NUMBER arithmetic runs in library code.';
  assert.deepEqual(entry.result.findings.map((f) => `${f.line} ${covered(text, f)} | ${f.message}`), [
    `13 p_total | p_total is a NUMBER IN OUT parameter ${query} Count in a PLS_INTEGER local and add it to p_total after the loop (the parameter's type is its callers' too).`,
    `14 p_rows | p_rows is an INTEGER OUT parameter ${query} Count in a PLS_INTEGER local and add it to p_rows after the loop (the parameter's type is its callers' too).`,
    `15 l_done | l_done is a NUMBER (subtype T_COUNT) counter ${query} Declare it PLS_INTEGER (or SIMPLE_INTEGER).`,
    `16 l_ratio | l_ratio is a DOUBLE PRECISION counter ${query} Declare it PLS_INTEGER (or SIMPLE_INTEGER).`,
    `17 l_amount | l_amount is a NUMBER counter ${query} Declare it PLS_INTEGER (or SIMPLE_INTEGER).`,
    `18 g_calls | g_calls is a NUMBER package variable ${query} Declare it PLS_INTEGER (or SIMPLE_INTEGER) in package STATS.`,
    `19 stats.g_calls | stats.g_calls is a NUMBER package variable ${query} Declare it PLS_INTEGER (or SIMPLE_INTEGER) in package STATS.`,
    '20 l_body | l_body (CLOB: subtype T_TEXT) is grown with || once per row of the query at line 12: each append goes through a new temporary LOB. Collect the pieces in a VARCHAR2(32767) buffer and write it with DBMS_LOB.WRITEAPPEND when full.',
  ]);
});
