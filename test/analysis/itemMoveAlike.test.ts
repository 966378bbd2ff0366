/**
 * A moved item's graph answers told alike by identity (analysis/itemMove.ts, `AnswersBefore.movedAlike`): only facts
 * the graph kept or copied from the kept ones count as the same answer without writing it out. Facts a callee got
 * from a new walk (its text changed in the same edit that moved the caller) are compared written out, and the caller
 * is walked again when they differ. OpenDocument compares every analysis with a from-scratch one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { OpenDocument } from './openDocument.ts';

test('item move alike: PRAGMA UDF typed on its own line in a function silences the per-row finding of its caller below', () => {
  const body = (declarations: string) => `create or replace package body pkg as
  function f(p number) return number is
${declarations}
  begin
    return p + 1;
  end f;

  procedure g is
  begin
    for r in (select pkg.f(id) v from t) loop
      null;
    end loop;
  end g;
end pkg;
/
`;
  const doc = new OpenDocument(new WorkspaceIndex());
  const first = doc.edit(body('    n number;'), 'the first analysis');
  assert.deepEqual(first.findings.map((f) => [f.rule, f.line]), [['plsql-function-in-sql', 10]]);
  // g's walk asked the graph for the callees of pkg.f (a list of f's facts); f is walked again with the pragma
  // (new facts, udf set) and g moves a line down: the callees now are not the kept facts
  const after = doc.edit(body('    n number;\n    pragma udf;'), 'pragma udf typed in f on a new line: g moves down');
  assert.deepEqual(after.findings.map((f) => [f.rule, f.line]), []);
});

test('item move alike: a callee two calls down that changes its statement on a new line changes its callers\' chain below', () => {
  const body = (h: string) => `create or replace package body pkg as
  procedure h(p number) is
  begin
${h}
  end h;

  procedure f(p number) is
  begin
    h(p);
  end f;

  procedure g is
  begin
    for r in (select id from t) loop
      f(r.id);
    end loop;
  end g;
end pkg;
/
`;
  const doc = new OpenDocument(new WorkspaceIndex());
  const update = '    null;\n    update t set v = p where id = p;';
  const first = doc.edit(body(update), 'the first analysis');
  assert.deepEqual(first.findings.map((f) => [f.rule, f.line]), [['hidden-sql-in-loop', 16]]);
  assert.match(first.findings[0]!.message, /PKG\.F -> PKG\.H -> UPDATE at line 5\b/);
  // g's chain g -> f -> h: f's facts are kept and moved, h's are a new walk's whose first statement is a DELETE on a
  // new line (the UPDATE's line, which g's message named, moved with the edit: the message alone would be moved)
  const after = doc.edit(body(`    delete from t where id = p;\n${update}`), 'a DELETE typed on a new line first in h: f and g move down');
  assert.deepEqual(after.findings.map((f) => [f.rule, f.line]), [['hidden-sql-in-loop', 17]]);
  assert.match(after.findings[0]!.message, /PKG\.F -> PKG\.H -> DELETE at line 4\b/);
});

test('item move alike: a query that stops calling a function below it makes the function lose its per-row finding', () => {
  const body = (v: string, g: string) => `create or replace package body pkg as
  procedure g is
    n number;
  begin
    for r in (select id,
                     ${v} v from t) loop
${g}
    end loop;
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
  const doc = new OpenDocument(new WorkspaceIndex());
  const first = doc.edit(body('pkg.f(id)', '      null;'), 'the first analysis');
  assert.deepEqual(first.findings.map((f) => [f.rule, f.line]), [['plsql-function-in-sql', 6], ['select-into-in-loop', 14]]);
  // f's walk asked the graph which SQL statements call it (sqlCallersOf): one, g's query, whose first line (the
  // line f's message names) stays; now none (a shorter list of the same kind), and f moves a line down
  const after = doc.edit(body('0', '      null;\n      null;'), 'g\'s query stops calling f, a line typed in its loop: f moves down');
  assert.deepEqual(after.findings.map((f) => [f.rule, f.line]), []);
});

test('item move alike: a chain whose every step got new facts is compared written out', () => {
  const body = (h: string) => `create or replace package body pkg as
  procedure f(p number) is
    procedure h(q number) is
    begin
${h}
    end h;
  begin
    h(p);
  end f;

  procedure g is
  begin
    for r in (select id from t) loop
      f(r.id);
    end loop;
  end g;
end pkg;
/
`;
  const doc = new OpenDocument(new WorkspaceIndex());
  const update = '      null;\n      update t set v = q where id = q;';
  const first = doc.edit(body(update), 'the first analysis');
  assert.deepEqual(first.findings.map((f) => [f.rule, f.line]), [['hidden-sql-in-loop', 15]]);
  assert.match(first.findings[0]!.message, /PKG\.F -> H -> UPDATE at line 6\b/);
  // g's chain g -> f -> h: h is nested in f, so both got new facts from the edit in h (f's written out is the same,
  // so the callee question passes); neither step is the kept facts moved, and h's first statement is a DELETE now
  const after = doc.edit(body(`      delete from t where id = q;\n${update}`), 'a DELETE typed on a new line first in the nested h: g moves down');
  assert.deepEqual(after.findings.map((f) => [f.rule, f.line]), [['hidden-sql-in-loop', 16]]);
  assert.match(after.findings[0]!.message, /PKG\.F -> H -> DELETE at line 5\b/);
});
