/**
 * bulk-collect-without-limit on the data dictionary's rows of one object (info) and on everything that only looks
 * like it (warning): the predicate as written, comments, WITH subqueries, joins, DUAL, views that one object can fill
 * by the million.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeProject } from '../../server/src/analysis/analyzeProject.ts';

/** The severity and message of the one bulk-collect-without-limit finding of a procedure whose cursor is `query`. */
function fetchOf(query: string): string {
  const text = `create or replace procedure load_meta(p_table varchar2) as
  type t_params is record (owner varchar2(128), table_name varchar2(128));
  g_params t_params;
  cursor c is ${query};
  type t_rows is table of c%rowtype;
  l_rows t_rows;
begin
  open c;
  fetch c bulk collect into l_rows;
  close c;
end load_meta;
/
`;
  const entry = analyzeProject([{ file: 'meta.prc', text }]).results[0]!;
  assert.ok('result' in entry);
  const found = entry.result.findings.filter((f) => f.rule === 'bulk-collect-without-limit' || f.rule === 'syntax-error');
  assert.equal(found.length, 1, JSON.stringify(found));
  assert.equal(found[0]!.rule, 'bulk-collect-without-limit');
  return `${found[0]!.severity} ${found[0]!.message}`;
}

const info = /^info .*reads the data dictionary's rows of one object/;
const warning = /^warning .*loads every row into memory at once/;

test('one object of the dictionary: the predicate as written, with a literal, a bind, a name, a record field, UPPER()', () => {
  assert.match(fetchOf("select column_name from all_tab_columns where table_name = 'ORDERS'"), /^info .*\(table_name = 'ORDERS'\)/);
  assert.match(fetchOf('select column_name from all_tab_columns where owner = user and table_name  =  p_table'), /^info .*\(table_name = p_table\)/);
  assert.match(fetchOf('select column_name from all_tab_columns c where c.table_name = g_params.table_name'), /\(c\.table_name = g_params\.table_name\)/);
  assert.match(fetchOf('select column_name from all_tab_columns c where c.table_name = g_params . table_name'), info);
  assert.match(fetchOf('select column_name from user_tab_cols where table_name = upper( p_table )'), /\(table_name = upper\( p_table \)\)/);
  assert.match(fetchOf('select argument_name from user_arguments where object_name = :name'), info);
  assert.match(fetchOf('select column_name from user_tab_columns, dual where table_name = p_table'), info, 'DUAL beside it');
});

test('WITH subqueries of the cursor are not tables it reads, however they are spelled', () => {
  assert.match(fetchOf('with cols as(select column_name from all_tab_cols where table_name = p_table) select column_name from cols'), info);
  assert.match(fetchOf('with cols (name) as (select column_name from all_tab_cols where table_name = p_table),ids as (select 1 x from dual) select name from cols, ids'), info);
  assert.match(fetchOf('with\n    cols(name)as(select column_name from all_tab_cols where table_name = p_table)\n  select name from cols'), info);
});

test('what only looks like one object stays a warning', () => {
  assert.match(fetchOf('select column_name from all_tab_columns where /* table_name = p_table and */ owner = user'), warning, 'in a block comment');
  assert.match(fetchOf('select column_name from all_tab_columns where /* a\n table_name = p_table */ owner = user'), warning, 'in a block comment over lines');
  assert.match(fetchOf('select column_name from all_tab_columns where -- table_name = p_table and\n owner = user'), warning, 'in a line comment');
  assert.match(fetchOf('select c.column_name from all_tables tab join all_tab_columns c on c.table_name = tab.table_name'), warning, 'a join on the name');
  assert.match(fetchOf('select column_name from all_tab_columns where table_name like p_table'), warning, 'LIKE');
  assert.match(fetchOf('select c.column_name from all_tab_columns c, all_tab_partitions p where c.table_name = p_table and p.table_name = c.table_name'), warning,
    'partitions beside the columns');
  assert.match(fetchOf('select c.column_name from all_tab_columns c, dual_calendar d where c.table_name = p_table'), warning, 'a table of the application');
  assert.match(fetchOf('select c.column_name from all_tab_columns c, calendar_dual d where c.table_name = p_table'), warning, 'another table named like DUAL');
  assert.match(fetchOf('select changed_at from audit_trail where table_name = p_table'), warning, 'not the dictionary');
  assert.match(fetchOf('select column_name from table(meta_api.columns_of(p_table)) where table_name = p_table'), warning, 'a table function: no view named');
});
