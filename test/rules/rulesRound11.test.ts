/**
 * Mutation round 11 (test/rules/mutation-round11-rules.md): what the rules changed by the reading of unseen code
 * tell the reader, where the fixtures (rule, line, severity) do not look: the wording that names the statement, the
 * setting and where it is, the advice for DECODE, the dynamic statement quoted; commit-in-loop's batch reading with
 * dml-in-loop turned off; a name with a dollar sign as a stop flag; and which SELECT ... FROM DUAL returns one row.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeProject } from '../../server/src/analysis/analyzeProject.ts';
import { selectsOneRowFromDual } from '../../server/src/analysis/rules/support/sqlShapes.ts';
import type { AnalyzerConfig } from '../../server/src/analysis/config/analyzerConfig.ts';

function findings(text: string, rule: string, config?: AnalyzerConfig): string[] {
  const entry = analyzeProject([{ file: 'round11.sql', text }], config).results[0]!;
  assert.ok('result' in entry, String((entry as { error?: unknown }).error));
  return entry.result.findings.filter((f) => f.rule === rule).map((f) => `${f.line} ${f.severity} ${f.message}`);
}

test('dml-in-loop names the statement in upper case: a batched DELETE, an EXECUTE IMMEDIATE of an INSERT', () => {
  const found = findings(`create or replace procedure purge(p_ids in sys.odcinumberlist) as
  l_rows number;
begin
  loop
    delete from audit_log where created < sysdate - 365 and rownum <= 10000;
    l_rows := sql%rowcount;
    commit;
    exit when l_rows = 0;
  end loop;
  for i in 1 .. p_ids.count loop
    execute immediate 'insert into purged_ids (id) values (:1)' using p_ids(i);
  end loop;
end purge;
/
`, 'dml-in-loop');
  assert.equal(found.length, 2);
  assert.match(found[0]!, /^5 info DELETE in batches: each iteration is one set-based statement/);
  assert.match(found[1]!, /^11 warning EXECUTE IMMEDIATE INSERT runs once per element of P_IDS:/);
});

test('optimizer-level-lowered says where the setting is and why it matters, and restores only the level', () => {
  const found = findings(`alter procedure nightly_load compile plsql_optimize_level = 1 plsql_code_type = interpreted;
begin
  execute immediate 'alter session set plsql_optimize_level = 0';
end;
/
alter procedure nightly_load compile plsql_optimize_level = 2;
`, 'optimizer-level-lowered');
  assert.equal(found.length, 3);
  assert.match(found[0]!, /^1 info PLSQL_OPTIMIZE_LEVEL = 1 in the script, but the script recompiles nightly_load at level 2 or 3 further on/);
  assert.match(found[1]!, /^1 info PLSQL_CODE_TYPE = INTERPRETED in the script: interpreted code is the default, but a unit compiled NATIVE for speed goes back to interpreted here\./);
  assert.match(found[2]!, /^3 warning PLSQL_OPTIMIZE_LEVEL = 0 in a SQL string: the unit compiles without the optimizations of level 2 \(cursor FOR loops/);
});

test('select-into-in-loop: DECODE however it is spaced, not in a string, not a function named like it', () => {
  const found = findings(`create or replace procedure labels(p_ids in sys.odcinumberlist) as
  l_label varchar2(100);
begin
  for i in 1 .. p_ids.count loop
    select decode (mod(i, 2), 0, 'even', 'odd') into l_label from dual;
    select decode(mod(i, 3), 0, 'third', 'other') into l_label from dual;
    select 'decode(' || p_ids(i) || ', null, 0, 1)' into l_label from dual;
    select decode_status(p_ids(i)) into l_label from dual;
  end loop;
end labels;
/
`, 'select-into-in-loop');
  assert.equal(found.length, 4);
  assert.match(found[0]!, /^5 info .*DECODE written as a CASE expression/);
  assert.match(found[1]!, /^6 info .*DECODE written as a CASE expression/);
  assert.match(found[2]!, /^7 info .*Assign the expression directly in PL\/SQL/);
  assert.match(found[3]!, /^8 info .*Assign the expression directly in PL\/SQL/);
});

test('select-into-in-loop: a sequence from SYS.DUAL is the DUAL case; the dynamic statement is quoted trimmed', () => {
  const found = findings(`create or replace procedure stamp(p_ids in sys.odcinumberlist) as
  l_id   number;
  l_name varchar2(100);
begin
  for i in 1 .. p_ids.count loop
    select stamp_seq.nextval into l_id from sys.dual;
    execute immediate '
      select name from customers where id = :1' into l_name using p_ids(i);
  end loop;
end stamp;
/
`, 'select-into-in-loop');
  assert.equal(found.length, 2);
  assert.match(found[0]!, /^6 info SELECT \.\.\. INTO from DUAL runs once per element of P_IDS:/);
  assert.match(found[1]!, /^7 warning EXECUTE IMMEDIATE 'select name from customers where id = :1' INTO runs/);
});

test('commit-in-loop reads a batched DELETE loop itself when dml-in-loop is turned off', () => {
  const found = findings(`create or replace procedure purge_sessions as
  l_rows number;
begin
  loop
    delete from app_sessions where expired < sysdate - 30 and rownum <= 5000;
    l_rows := sql%rowcount;
    commit;
    exit when l_rows = 0;
  end loop;
end purge_sessions;
/
`, 'commit-in-loop', { rules: { 'dml-in-loop': { enabled: false } } });
  assert.equal(found.length, 1);
  assert.match(found[0]!, /^7 info COMMIT per batch of a batched set-based statement/);
});

test('exception-handler-in-loop: a stop flag whose name holds a dollar sign', () => {
  const found = findings(`create or replace function first_gap return number as
  l_row  slots%rowtype;
  l_try  number := 1;
  l_hit$ number := 0;
begin
  while l_hit$ = 0 and l_try <= 100 loop
    begin
      select * into l_row from slots where slot_no = l_try;
    exception
      when no_data_found then
        l_hit$ := l_try;
    end;
    l_try := l_try + 1;
  end loop;
  return l_hit$;
end first_gap;
/
`, 'exception-handler-in-loop');
  assert.deepEqual(found, []);
});

test('a SELECT INTO from DUAL alone returns one row: comments, strings, aliases and spacing', () => {
  for (const text of [
    'select /* the next id, whatever the where clause says */ audit_seq.nextval into l_id from dual;',
    'select audit_seq.nextval -- where the ids come from\n  into l_id from dual;',
    "select 'Group ' || p_name into l_label from dual;",
    'select audit_seq.nextval\n    into l_id\n    from   dual;',
    'select 1 into l_flag from dual d;',
    'select 1 into l_flag from sys.dual one_row;',
    'select 1 into l_flag from dual ;',
  ]) assert.equal(selectsOneRowFromDual(text), true, text);
  for (const text of [
    'select column_value into l_value from dual, table(p_list);',
    'select rate into l_rate from dual_rates;',
    'select name into l_name from app_settings;',
  ]) assert.equal(selectsOneRowFromDual(text), false, text);
});
