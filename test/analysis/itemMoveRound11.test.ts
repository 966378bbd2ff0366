/**
 * Mutation round 11 (test/rules/mutation-round11-mmove.md): what a moved item's replay must get right that no earlier
 * test pinned (analysis/itemMove.ts). A line named in a message that is the first changed line moves; a finding whose
 * message or fix quotes code holding `line N` is walked again, not replayed with that text left out; a package
 * constant changed inside its declaration walks the items of its package; a call's definition is the one of its own
 * kind when a trigger of the same name comes first; and a chain question about a sibling that moved is asked again of
 * its facts at the new place, not of the old facts object. OpenDocument compares every analysis with a from-scratch
 * one (findings, hints and hover); the counters show which items were replayed moved.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { OpenDocument } from './openDocument.ts';

test('item move round 11: a line break typed at the start of the line a caller\'s message names moves that line', () => {
  // the first changed line is the INSERT's own line: its callers below name it, and it moves down
  const body = (breakBefore: string) => `create or replace package body pkg as
  procedure log_it(p varchar2) is
  begin
${breakBefore}    insert into log_t values (p);
  end log_it;

  procedure g is
  begin
    for r in (select id from t) loop
      log_it('x');
    end loop;
  end g;
end pkg;
/
`;
  const doc = new OpenDocument(new WorkspaceIndex());
  const first = doc.edit(body(''), 'the first analysis');
  assert.deepEqual(first.findings.map((f) => [f.rule, f.line]), [['hidden-sql-in-loop', 10]]);
  assert.match(first.findings[0]!.message, /PKG\.LOG_IT -> INSERT at line 4\./);
  const moved = doc.items.moved;
  const after = doc.edit(body('\n'), 'a line break typed at the start of the INSERT line');
  assert.equal(doc.items.moved - moved, 1, 'g is replayed moved');
  assert.deepEqual(after.findings.map((f) => [f.rule, f.line]), [['hidden-sql-in-loop', 11]]);
  assert.match(after.findings[0]!.message, /loop at 10 -> PKG\.LOG_IT -> INSERT at line 5\./);
});

/** A package whose `report` item builds labels with SELECT ... FROM dual, below `a`, where the edit types a line. */
const labels = (a: string, select: string) => `create or replace package body pkg as
  procedure a is
  begin
${a}
  end a;

  procedure report is
    l_label varchar2(80);
  begin
${select}
  end report;
end pkg;
/
`;

test('item move round 11: a finding whose message quotes code holding "line N" is walked again when it moves', () => {
  // the expression is short: the message quotes it, and 'line 40' in quotes cannot be told from a line
  const select = "    select 'Total (line 40)' into l_label from dual;";
  const doc = new OpenDocument(new WorkspaceIndex());
  const first = doc.edit(labels('    null;', select), 'the first analysis');
  assert.deepEqual(first.findings.map((f) => [f.rule, f.line, f.severity]), [['select-from-dual', 10, 'info']]);
  assert.equal(first.findings[0]!.message, "SELECT ... INTO l_label FROM dual switches to SQL to compute 'Total (line 40)' that PL/SQL computes itself. Assign it: l_label := 'Total (line 40)';");
  const moved = doc.items.moved;
  const after = doc.edit(labels('    null;\n    null;', select), 'a line typed in a: report moves down');
  assert.equal(doc.items.moved - moved, 0, 'report is walked again');
  assert.deepEqual(after.findings.map((f) => [f.rule, f.line]), [['select-from-dual', 11]]);
  assert.equal(after.findings[0]!.message, first.findings[0]!.message);
});

test('item move round 11: a fix whose new text quotes code holding "line N" is walked again when it moves', () => {
  // over 40 characters: the message says "an expression", only the fix's new text holds the quoted line
  const select = "    select 'Total of the month, as printed on line 40 of the report' into l_label from dual;";
  const doc = new OpenDocument(new WorkspaceIndex());
  const first = doc.edit(labels('    null;', select), 'the first analysis');
  assert.deepEqual(first.findings.map((f) => [f.rule, f.line]), [['select-from-dual', 10]]);
  assert.match(first.findings[0]!.message, /to compute an expression that PL\/SQL computes itself/);
  const newText = "l_label := 'Total of the month, as printed on line 40 of the report'";
  assert.deepEqual(first.findings[0]!.fix?.edits.map((e) => [e.range.line, e.newText]), [[10, newText]]);
  const moved = doc.items.moved;
  const after = doc.edit(labels('    null;\n    null;', select), 'a line typed in a: report moves down');
  assert.equal(doc.items.moved - moved, 0, 'report is walked again');
  assert.deepEqual(after.findings[0]!.fix?.edits.map((e) => [e.range.line, e.newText]), [[11, newText]]);
});

test('item move round 11: a finding without a fix whose message quotes code holding "line N" is walked again when it moves', () => {
  // loop-invariant-call (a preview rule) quotes the call's arguments; it has no fix to refuse the move instead
  const body = (a: string) => `create or replace package body pkg as
  procedure a is
  begin
${a}
  end a;

  procedure report(p_width pls_integer) is
    l_label varchar2(80);
  begin
    for r in (select id from orders) loop
      l_label := rpad('Total (line 40)', p_width) || r.id;
      dbms_output.put_line(l_label);
    end loop;
  end report;
end pkg;
/
`;
  const doc = new OpenDocument(new WorkspaceIndex(), { rules: { 'loop-invariant-call': { enabled: true } } });
  const first = doc.edit(body('    null;'), 'the first analysis');
  assert.deepEqual(first.findings.map((f) => [f.rule, f.line, f.severity, f.fix]), [['loop-invariant-call', 11, 'info', undefined]]);
  assert.match(first.findings[0]!.message, /^RPAD\('Total \(line 40\)', p_width\) gives the same result on every iteration \(once per row of the query at line 10\)/);
  const moved = doc.items.moved;
  const after = doc.edit(body('    null;\n    null;'), 'a line typed in a: report moves down');
  assert.equal(doc.items.moved - moved, 0, 'report is walked again');
  assert.deepEqual(after.findings.map((f) => [f.rule, f.line]), [['loop-invariant-call', 12]]);
  assert.match(after.findings[0]!.message, /^RPAD\('Total \(line 40\)', p_width\) gives the same result on every iteration \(once per row of the query at line 11\)/);
});

test('item move round 11: a package constant changed inside its declaration walks the loop that counts on it', () => {
  // seconds per day written over three lines: the edit changes the middle one, so the declaration's place stays
  const body = (minutes: string) => `create or replace package body pkg as
  c_seconds constant pls_integer := 24
${minutes}
                                  * 60;

  procedure tick is
  begin
    for i in 1 .. c_seconds loop
      insert into tick_log (n) values (i);
    end loop;
  end tick;
end pkg;
/
`;
  const doc = new OpenDocument(new WorkspaceIndex());
  const first = doc.edit(body('                                  * 60'), 'the first analysis');
  assert.deepEqual(first.findings.map((f) => [f.rule, f.line, f.severity]), [['dml-in-loop', 9, 'warning']]);
  assert.match(first.findings[0]!.message, /inside a loop of about 86,400 iterations/);
  const after = doc.edit(body('                                  * 6'), 'minutes per hour typed as 6');
  assert.deepEqual(after.findings.map((f) => [f.rule, f.line, f.severity]), [['dml-in-loop', 9, 'warning']]);
  assert.match(after.findings[0]!.message, /inside a loop of about 8,640 iterations/);
});

test('item move round 11: a call of a procedure named like a trigger before it keeps the procedure as its definition', () => {
  // triggers have a namespace of their own: AUDIT_ORDER is both, and the trigger is the file's first definition of it
  const text = (a: string) => `create or replace trigger audit_order
before insert on orders for each row
begin
  :new.created := sysdate;
end;
/
create or replace procedure audit_order(p_id number) is
begin
  insert into order_audit (id) values (p_id);
end;
/
create or replace package body orders_api as
  procedure a is
  begin
${a}
  end a;

  procedure close_order(p_id number) is
  begin
    audit_order(p_id);
  end close_order;
end orders_api;
/
`;
  const doc = new OpenDocument(new WorkspaceIndex());
  const definitionOf = (result: ReturnType<OpenDocument['edit']>) =>
    result.semantics.calls.filter((c) => c.name === 'AUDIT_ORDER').map((c) => [c.range.line, c.resolution.kind, c.resolution.definition?.kind, c.resolution.definition?.nameRange.line]);
  assert.deepEqual(definitionOf(doc.edit(text('    null;'), 'the first analysis')), [[20, 'standalone', 'procedure', 7]]);
  const moved = doc.items.moved;
  const after = doc.edit(text('    null;\n    null;'), 'a line typed in a: close_order moves down');
  assert.equal(doc.items.moved - moved, 1, 'close_order is replayed moved');
  assert.deepEqual(definitionOf(after), [[21, 'standalone', 'procedure', 7]]);
});

test('item move round 11: a chain question about a sibling that moved is asked of its facts at the new place', () => {
  // k2 and k1 are one-line procedures: once a line is typed above them, k2's name is where k1's was
  const body = (a: string, k1: string) => `create or replace package body pkg as
  procedure a is
  begin
${a}
  end a;
  procedure k2 is begin null; end k2;
  procedure k1 is begin ${k1} end k1;
  procedure h is
  begin
    k1;
  end h;
  procedure c is
  begin
    for r in (select id from t) loop
      h;
    end loop;
  end c;
end pkg;
/
`;
  const doc = new OpenDocument(new WorkspaceIndex());
  assert.deepEqual(doc.edit(body('    null;', 'null;'), 'the first analysis').findings, []);
  const moved = doc.items.moved;
  doc.edit(body('    null;\n    null;', 'null;'), 'a line typed in a: k2, k1, h and c move down');
  assert.equal(doc.items.moved - moved, 4, 'k2, k1, h and c are replayed moved');
  const after = doc.edit(body('    null;\n    null;', 'update t set v = 1;'), 'k1 now updates t');
  assert.deepEqual(after.findings.map((f) => [f.rule, f.line]), [['hidden-sql-in-loop', 16]]);
  assert.match(after.findings[0]!.message, /loop at 15 -> PKG\.H -> PKG\.K1 -> UPDATE at line 8\./);
});
