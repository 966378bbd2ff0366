/**
 * The reads of a moved item asked again at its new places (analysis/itemMove.ts, `AnswersBefore.graphRead`,
 * `movedReads`): a graph question about this document's facts is asked of the facts now at the mapped place, and each
 * read kept for the next edit is one the next move asks again (a read `movedReads` cannot tell is skipped there, not
 * taken as changed). OpenDocument compares every analysis with a from-scratch one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { OpenDocument } from './openDocument.ts';

const text = (g: string) => `create or replace package body pkg as
  procedure g is
    n number;
  begin
${g}
  end g;

  function f(p number) return number is
    n number;
  begin
    select count(*) into n from t where id = p;
    return n;
  end f;
end pkg;
/
`;

test('item move reads: a moved function is walked again when a query above it starts calling it per row', () => {
  const doc = new OpenDocument(new WorkspaceIndex());
  const first = doc.edit(text('    null;'), 'the first analysis');
  assert.deepEqual(first.findings.map((f) => f.rule), []);
  // f's walk asked the graph which SQL statements call it (sqlCallersOf of its own facts): none
  const queryInG = '    for r in (select pkg.f(id) v from t) loop\n      null;\n    end loop;';
  const after = doc.edit(text(`    null;\n${queryInG}`), 'a query calling f typed in g: f moves down');
  // its SELECT INTO now runs once per row of g's query
  assert.deepEqual(after.findings.map((f) => [f.rule, f.line]), [['plsql-function-in-sql', 6], ['select-into-in-loop', 14]]);
});

test('item move reads: the graph questions a moved function kept are asked again at its next move', () => {
  const doc = new OpenDocument(new WorkspaceIndex());
  doc.edit(text('    null;'), 'the first analysis');
  let moved = doc.items.moved;
  doc.edit(text('    null;\n    null;'), 'a line typed in g: f moves down');
  assert.equal(doc.items.moved - moved, 1, 'f is replayed moved');
  moved = doc.items.moved;
  const queryInG = '    for r in (select pkg.f(id) v from t) loop\n      null;\n    end loop;';
  const after = doc.edit(text(`    null;\n    null;\n${queryInG}`), 'a query calling f typed in g: f moves down again');
  assert.equal(doc.items.moved - moved, 0, 'f is walked again');
  assert.deepEqual(after.findings.map((f) => [f.rule, f.line]), [['plsql-function-in-sql', 7], ['select-into-in-loop', 15]]);
});

test('item move reads: the lookups a moved item kept are asked again at its next move', () => {
  const index = new WorkspaceIndex();
  const doc = new OpenDocument(index);
  const withFoo = (a: string) => `create or replace package body pkg as
  procedure a is
  begin
${a}
  end a;

  procedure g is
  begin
    for r in (select id from t) loop
      foo(r.id);
    end loop;
  end g;
end pkg;
/
`;
  // foo is defined nowhere yet: g's walk looked it up and found nothing
  assert.deepEqual(doc.edit(withFoo('    null;'), 'the first analysis').findings, []);
  let moved = doc.items.moved;
  doc.edit(withFoo('    null;\n    null;'), 'a line typed in a: g moves down');
  assert.equal(doc.items.moved - moved, 1, 'g is replayed moved');
  index.update('foo.prc', 'create or replace procedure foo(p number) as\nbegin\n  update t set v = p;\nend;\n/\n');
  moved = doc.items.moved;
  const after = doc.edit(withFoo('    null;\n    null;\n    null;'), 'foo defined in another file, a line typed in a: g moves again');
  assert.equal(doc.items.moved - moved, 0, 'g is walked again');
  assert.deepEqual(after.findings.map((f) => [f.rule, f.line]), [['hidden-sql-in-loop', 12], ['standalone-call-in-loop', 12]]);
});
