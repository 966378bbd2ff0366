/**
 * dynamic-sql-in-loop and DBMS_SQL.PARSE: DDL (or a PL/SQL block) is run when it is parsed, so its parse per
 * iteration is not reported; any other statement is. The text through a row field (a cursor FOR loop's record, a
 * `cursor%ROWTYPE` variable), with the select list read as SQL: literals, parentheses, comments, DISTINCT, aliases.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeProject } from '../../server/src/analysis/analyzeProject.ts';

/**
 * Whether the DBMS_SQL.PARSE of `argument` is reported inside a cursor FOR loop over `query` (record `r`) and in a
 * fetch loop over a cursor of the same query (record `l_row`, `c%ROWTYPE`).
 */
function reported(query: string, argument: string): boolean[] {
  const text = `create or replace procedure run_all as
  cursor c is ${query};
  l_row c%rowtype;
  l_handle integer := dbms_sql.open_cursor;
begin
  for r in (${query}) loop
    dbms_sql.parse(l_handle, ${argument.replace(/\bROW\b/g, 'r')}, dbms_sql.native);
  end loop;
  open c;
  loop
    fetch c into l_row;
    exit when c%notfound;
    dbms_sql.parse(l_handle, ${argument.replace(/\bROW\b/g, 'l_row')}, dbms_sql.native);
  end loop;
  close c;
end run_all;
/
`;
  const entry = analyzeProject([{ file: 'run_all.prc', text }]).results[0]!;
  assert.ok('result' in entry);
  const findings = entry.result.findings;
  assert.deepEqual(findings.filter((f) => f.rule === 'syntax-error' || f.rule === 'internal-error').map((f) => f.message), []);
  const lines = findings.filter((f) => f.rule === 'dynamic-sql-in-loop').map((f) => f.line);
  // the query may span lines: the two calls are where the text has them
  const calls = text.split('\n').flatMap((line, i) => (line.includes('dbms_sql.parse(') ? [i + 1] : []));
  assert.equal(calls.length, 2);
  return calls.map((line) => lines.includes(line));
}

test('a row field whose select-list item is DDL: not reported, in a cursor FOR loop and through c%ROWTYPE', () => {
  assert.deepEqual(reported("select 'drop table ' || table_name stmt from user_tables", 'ROW.stmt'), [false, false]);
  assert.deepEqual(reported("select table_name, 'drop table ' || table_name as stmt from user_tables", 'ROW.stmt'), [false, false], 'second item, AS');
  assert.deepEqual(reported('select \'alter table \' || table_name || \' add (a number, b number)\' "DDL", table_name from user_tables', 'ROW.ddl'), [false, false],
    'a quoted alias, commas in the literal');
  assert.deepEqual(reported("select  distinct  'grant select on ' || table_name || ' to app' stmt from user_tables", 'ROW.stmt'), [false, false], 'DISTINCT');
  assert.deepEqual(reported("select /* name, kind */ 'analyze table ' || table_name || ' compute statistics' stmt from user_tables", 'ROW . stmt'), [false, false],
    'a comment with a comma; blanks around the dot');
  assert.deepEqual(reported("select -- name, kind\n 'truncate table ' || table_name stmt from user_tables", 'ROW.stmt'), [false, false], 'a line comment');
  assert.deepEqual(reported("select 'begin dbms_stats.gather_table_stats(user, ''' || table_name || '''); end;' stmt from user_tables", 'ROW.stmt'), [false, false],
    'a PL/SQL block');
  assert.deepEqual(reported("select 'drop table ' || table_name || ' from x' stmt from user_tables", 'ROW.stmt'), [false, false], 'FROM inside a literal');
  assert.deepEqual(reported("select (select 1 from dual) x, 'drop table ' || table_name stmt from user_tables", 'ROW.stmt'), [false, false],
    'FROM inside parentheses');
  assert.deepEqual(reported("select unique 'drop table ' || table_name stmt from user_tables", 'ROW.stmt'), [false, false], 'UNIQUE');
  assert.deepEqual(reported("select 'drop table ' || table_name stmt from user_tables where table_name not in (select table_name from kept_tables)", 'ROW.stmt'),
    [false, false], 'a subquery after the list');
});

test('a cursor FOR loop over a declared cursor, and %ROWTYPE written with blanks', () => {
  const text = `create or replace procedure run_named as
  cursor c_ddl is select 'drop table ' || table_name stmt from user_tables;
  l_one c_ddl %rowtype;
  l_two c_ddl% rowtype;
  l_other missing_cursor%rowtype;
  l_handle integer := dbms_sql.open_cursor;
begin
  for r in c_ddl loop
    dbms_sql.parse(l_handle, r.stmt, dbms_sql.native);
    dbms_sql.parse(l_handle, l_one.stmt, dbms_sql.native);
    dbms_sql.parse(l_handle, l_two.stmt, dbms_sql.native);
    dbms_sql.parse(l_handle, l_other.stmt, dbms_sql.native);
  end loop;
  for q in other_pkg.c_objects loop
    dbms_sql.parse(l_handle, q.stmt, dbms_sql.native);
  end loop;
end run_named;
/
`;
  const entry = analyzeProject([{ file: 'run_named.prc', text }]).results[0]!;
  assert.ok('result' in entry);
  // l_other's cursor is declared nowhere here, other_pkg's cursor in another file: both parses are reported
  assert.deepEqual(entry.result.findings.filter((f) => f.rule !== 'row-by-row-fetch').map((f) => `${f.line} ${f.rule}`), ['12 dynamic-sql-in-loop', '15 dynamic-sql-in-loop']);
});

test('a row field that is not DDL, or that the select list does not show, is reported', () => {
  assert.deepEqual(reported("select 'select count(*) from ' || table_name stmt from user_tables", 'ROW.stmt'), [true, true]);
  assert.deepEqual(reported("select 'x' || ',drop table t' || 'y' odd from user_tables", 'ROW.odd'), [true, true], 'a comma inside a literal');
  assert.deepEqual(reported("select decode(table_name, 'T', 'drop table t') stmt2 from user_tables", 'ROW.stmt2'), [true, true], 'commas inside parentheses');
  assert.deepEqual(reported("select table_name, 'drop table ' || table_name stmt from user_tables", 'ROW.table_name'), [true, true], 'another field');
  assert.deepEqual(reported("select 'drop table ' || table_name stmt, (select 1 from dual) from_x from user_tables", 'ROW.from_x'), [true, true],
    'a FROM inside parentheses is not the list\'s end');
  assert.deepEqual(reported("select 'drop table ' || table_name stmtfrom from user_tables", 'ROW.stmt'), [true, true], 'FROM inside a word');
  assert.deepEqual(reported("with t as (select table_name from user_tables) select 'drop table ' || table_name stmt from t", 'ROW.stmt'), [true, true],
    'a WITH query: its list is not read');
  assert.deepEqual(reported("select 'drop table ' || table_name stmt from user_tables", 'other_pkg.stmt'), [true, true], 'not a row of the loop');
  assert.deepEqual(reported("select 'drop table ' || table_name stmt from user_tables", "ROW.stmt || ' purge'"), [true, true], 'a field with more text after it');
  assert.deepEqual(reported("select 'drop table ' || table_name stmt from user_tables", "'/* x */ ' || ROW.stmt"), [true, true], 'a field after other text');
  assert.deepEqual(reported("with t as (select 'drop table ' || table_name stmt from user_tables) select stmt from t", 'ROW.stmt'), [true, true],
    'DDL in a WITH subquery: the list of the query is not read');
});

test('the text in the call, and a variable: its last value before the call', () => {
  const run = (body: string) => {
    const text = `create or replace procedure purge_all as\n  l_handle integer := dbms_sql.open_cursor;\n  l_sql varchar2(4000);\nbegin\n  for r in (select table_name from user_tables) loop\n${body}\n  end loop;\nend purge_all;\n/\n`;
    const entry = analyzeProject([{ file: 'purge_all.prc', text }]).results[0]!;
    assert.ok('result' in entry);
    return entry.result.findings.filter((f) => f.rule === 'dynamic-sql-in-loop').map((f) => f.line);
  };
  assert.deepEqual(run("    dbms_sql.parse(l_handle, 'drop table ' || r.table_name, dbms_sql.native);"), []);
  assert.deepEqual(run("    dbms_sql.parse(statement => 'drop table ' || r.table_name, c => l_handle, language_flag => dbms_sql.native);"), [], 'named, first');
  assert.deepEqual(run("    dbms_sql.parse(l_handle, 'select 1 from ' || r.table_name, dbms_sql.native);"), [6]);
  assert.deepEqual(run("    l_sql := 'select 1 from ' || r.table_name;\n    l_sql := 'drop table ' || r.table_name;\n    dbms_sql.parse(l_handle, l_sql, dbms_sql.native);"), []);
  assert.deepEqual(run("    l_sql := 'drop table ' || r.table_name;\n    l_sql := 'select 1 from ' || r.table_name;\n    dbms_sql.parse(l_handle, l_sql, dbms_sql.native);"), [8]);
  assert.deepEqual(run('    dbms_sql.parse(l_handle, l_sql, dbms_sql.native);'), [6], 'never assigned');
  assert.deepEqual(run('    dbms_sql.parse(l_handle);'), [6], 'no statement argument');
});
