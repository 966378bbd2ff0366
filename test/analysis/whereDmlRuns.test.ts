/** Advice and severity that depend on where DML runs: a row trigger (compound trigger advice), a measurement run by hand. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/analyze.ts';

test('DML in a row trigger is advised a compound trigger; DML in a loop of the trigger keeps the FORALL advice', () => {
  const text = `create or replace trigger app_parm_aiud
after insert or update or delete on app_parm
for each row
begin
  insert into app_chg_log (parm_id, changed_on) values (:new.parm_id, sysdate);
  for i in 1 .. 3 loop
    insert into app_chg_detail (parm_id, seq) values (:new.parm_id, i);
  end loop;
end;
/
`;
  const dml = analyzeText(text, { file: 't.trg' }).findings.filter((f) => f.rule === 'dml-in-loop');
  assert.deepEqual(dml.map((f) => f.line), [5, 7]);
  assert.match(dml[0]!.message, /^INSERT runs once per row of the triggering statement: .* Use a compound trigger: collect the rows in its EACH ROW section and write them with one FORALL in AFTER STATEMENT\.$/);
  assert.match(dml[1]!.message, /Use FORALL over a collection, or one set-based statement\.$/);
});

test('a loop repeated as often as a substitution variable says is a measurement run by hand, and says so', () => {
  const text = `set serveroutput on
begin
  for i in 1 .. &&iterations loop
    insert into timings values (i, systimestamp);
  end loop;
end;
/
`;
  const [dml] = analyzeText(text, { file: 'speed.sql' }).findings.filter((f) => f.rule === 'dml-in-loop');
  assert.equal(dml!.severity, 'info');
  assert.equal(dml!.role, 'deployment');
  assert.match(dml!.message, /\(in a script run by hand, in a loop repeated as often as a substitution variable says: a measurement or sampling run\)$/);
});
