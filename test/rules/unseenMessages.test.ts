/**
 * The wording of findings changed by the reading of unseen code (test/ruling/unseen-reading.md): the fixture
 * harness checks rule, line and severity; these check what the message tells the reader to do.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeProject } from '../../server/src/analysis/analyzeProject.ts';

function messages(text: string, rule: string): string[] {
  const entry = analyzeProject([{ file: 'unseen.sql', text }]).results[0]!;
  assert.ok('result' in entry, String((entry as { error?: unknown }).error));
  return entry.result.findings.filter((f) => f.rule === rule).map((f) => `${f.line} ${f.severity} ${f.message}`);
}

test('DECODE from DUAL in a loop: the advice names CASE (DECODE is SQL only)', () => {
  const found = messages(`create or replace function f(p in sys.odcivarchar2list) return varchar2 as
  l_sep varchar2(2);
begin
  for i in 1 .. p.count loop
    select decode(i, 1, '', ', ') into l_sep from dual;
    select to_char(i) into l_sep from dual;
  end loop;
  return l_sep;
end f;
/
`, 'select-into-in-loop');
  assert.equal(found.length, 2);
  assert.match(found[0]!, /^5 info .*DECODE written as a CASE expression \(DECODE is SQL only\)/);
  assert.match(found[1]!, /^6 info .*Assign the expression directly in PL\/SQL/);
});

test('a sequence from a one-row stand-in for DUAL says so and advises the assignment', () => {
  const found = messages(`create or replace trigger t_bi before insert on t for each row
declare
  l_id number;
begin
  select t_seq.nextval into l_id from dummy_ope;
  :new.id := l_id;
end;
/
`, 'select-into-in-loop');
  assert.deepEqual(found, ['5 info SELECT ... INTO of a sequence from DUMMY_OPE (a one-row table standing in for DUAL: no WHERE) runs once per row of the triggering statement: each is a switch to SQL. Assign the sequence directly in PL/SQL (since 11g).']);
});

test('COMMIT under a counter guard and per bulk batch: the message gives the guard and the batch size', () => {
  const found = messages(`create or replace procedure p as
  cursor c is select id from t;
  type t_ids is table of number;
  l_ids t_ids;
  n pls_integer := 0;
begin
  for r in c loop
    delete from t2 where id = r.id;
    n := n + 1;
    if n >= 1000 then
      commit;
      n := 0;
    end if;
  end loop;
  open c;
  loop
    fetch c bulk collect into l_ids limit 2000;
    exit when l_ids.count = 0;
    forall i in 1 .. l_ids.count delete from t3 where id = l_ids(i);
    commit;
  end loop;
  close c;
end p;
/
`, 'commit-in-loop');
  assert.equal(found.length, 2);
  assert.match(found[0]!, /^11 info COMMIT every few iterations \(when n >= 1000\), once per row of cursor C:/);
  assert.match(found[1]!, /^20 info COMMIT once per batch of 2000 rows fetched from cursor C \(BULK COLLECT \.\.\. LIMIT\): one log sync per batch, not per row\./);
});

test('a level lowered and restored later in the script: the message says the script recompiles the unit', () => {
  const found = messages(`alter procedure p compile plsql_optimize_level=1;
alter procedure p compile plsql_optimize_level=2;
`, 'optimizer-level-lowered');
  assert.equal(found.length, 1);
  // the role of the file (a deployment script) may follow in parentheses
  assert.match(found[0]!, /^1 info PLSQL_OPTIMIZE_LEVEL = 1 in the script, but the script recompiles p at level 2 or 3 further on \(it compares optimizer levels\): nothing is left compiled without the optimizer\./);
});

test('a COMMIT in a handler that stays in the loop: the message says it runs only for an iteration that fails', () => {
  const found = messages(`create or replace procedure refresh_totals as
begin
  for r in (select account_id from accounts) loop
    begin
      update account_totals set total = 0 where account_id = r.account_id;
    exception
      when others then
        commit;
    end;
  end loop;
end refresh_totals;
/
`, 'commit-in-loop');
  assert.deepEqual(found, ['8 info COMMIT in an exception handler inside the loop at line 3: it runs only for an iteration that fails, not per iteration, '
    + 'and commits the work done so far. Make sure a failed row cannot leave half its work committed.']);
});

test('a WHEN OTHERS that records the error: info, and the message says it costs only when an iteration fails', () => {
  const found = messages(`create or replace procedure post_all as
begin
  for p in (select payment_id from staged_payments) loop
    begin
      post(p.payment_id);
    exception
      when others then
        rollback;
        log_error(sqlerrm);
    end;
  end loop;
end post_all;
/
`, 'exception-handler-in-loop');
  assert.equal(found.length, 1);
  assert.match(found[0]!, /^7 info A failure handler \(WHEN OTHERS that records the error or ends the failed iteration's transaction\) is inside the loop at line 3; it costs only for an iteration that fails, not in normal flow\. If failures are routine here, test for them before the statement instead \(once per row of the query at line 3\)/);
});

test('BULK COLLECT of one table\'s dictionary rows: info, and the message names the predicate and the bound', () => {
  const found = messages(`create or replace procedure load_columns(p_table varchar2) as
  cursor c_cols is select column_name from user_tab_columns where table_name like p_table;
  cursor c_args is select argument_name from user_arguments where package_name = upper('billing_pkg');
  type t_names is table of varchar2(128);
  l_names t_names;
begin
  open c_cols;
  fetch c_cols bulk collect into l_names;
  close c_cols;
  open c_args;
  fetch c_args bulk collect into l_names;
  close c_args;
end load_columns;
/
`, 'bulk-collect-without-limit');
  assert.deepEqual(found, [
    '8 warning FETCH C_COLS BULK COLLECT without LIMIT loads every row into memory at once. Add LIMIT and fetch in a loop.',
    "11 info FETCH C_ARGS BULK COLLECT without LIMIT reads the data dictionary's rows of one object (package_name = upper('billing_pkg')): "
      + 'as many as that object has columns, arguments or constraints (a table has at most 1,000 columns, 4,096 with MAX_COLUMNS = EXTENDED), not a growing table.',
  ]);
});

test('nested cursor loops over two cursors of the same name (an inner block declares its own): the message tells them apart by line', () => {
  // as in edwhuang/oracle_procedure recal_coupon_amount.prc (test/ruling/unseen-reading-3.md)
  const found = messages(`create or replace procedure recalc(p_prog in varchar2) is
  cursor c1 is select pk_no, program_id from coupon_mas where program_id = p_prog;
begin
  for i in c1 loop
    declare
      cursor c1 is select item_id from coupon_items where program_id = i.program_id;
    begin
      for c1rec in c1 loop
        insert into coupon_details (mas_pk_no, item_id) values (i.pk_no, c1rec.item_id);
      end loop;
    end;
  end loop;
end;
/
`, 'nested-cursor-loop');
  assert.equal(found.length, 1);
  assert.match(found[0]!, /^8 \w+ The loop over cursor C1 \(the loop at line 8\) runs inside the loop over cursor C1 \(the loop at line 4\): /);
});
