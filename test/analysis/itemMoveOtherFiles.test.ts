/**
 * A moved item's graph answers that hold another file's places (analysis/itemMove.ts, `AnswersBefore.movedAlike` and
 * `placedBefore`): only this document's places are placed back by the edit's line map. Another file's facts or SQL
 * call sites that moved with an edit of that file (re-indexed in between) are a different answer even when this
 * document's edit moved its own lines by as many. Two open documents share one workspace index; OpenDocument
 * compares every analysis with a from-scratch one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { OpenDocument } from './openDocument.ts';

const nulls = (n: number) => Array.from({ length: n }, () => '    null;').join('\n');

/** pkg.pkb: a procedure `a` of `lines` lines (the edit types one more), then `rest`. */
const pkg = (lines: number, rest: string) => `create or replace package body pkg as
  procedure a is
  begin
${nulls(lines)}
  end a;
${rest}
end pkg;
/
`;

test('item move other files: a chain through another file\'s facts that moved with that file\'s edit is asked again', () => {
  const index = new WorkspaceIndex();
  // x calls h of another package (no local target): x keeps its facts object, h's are copied to its new place
  const other = (pad: number) => `create or replace package body other as
  procedure x(p number) is
  begin
    other2.h(p);
  end x;
end other;
/
create or replace package body other2 as
  procedure pad is
  begin
${nulls(pad)}
  end pad;

  procedure h(q number) is
  begin
    update t set v = q where id = q;
  end h;
end other2;
/
`;
  const g = `
  procedure g is
  begin
    for r in (select id from t) loop
      other.x(r.id);
    end loop;
  end g;`;
  const otherDoc = new OpenDocument(index, undefined, 'other.pkb');
  const doc = new OpenDocument(index);
  otherDoc.edit(other(30), 'other.pkb: the first analysis');
  const first = doc.edit(pkg(1, g), 'pkg.pkb: the first analysis');
  assert.deepEqual(first.findings.map((f) => [f.rule, f.line]), [['hidden-sql-in-loop', 10]]);
  assert.match(first.findings[0]!.message, /OTHER\.X -> OTHER2\.H -> UPDATE at other\.pkb:45\b/);
  // h moves a line down in other.pkb; then g moves a line down in pkg.pkb, h's new line lying below pkg.pkb's edit
  otherDoc.edit(other(31), 'other.pkb: a line typed above h');
  const after = doc.edit(pkg(2, g), 'pkg.pkb: a line typed in a: g moves down');
  assert.deepEqual(after.findings.map((f) => [f.rule, f.line]), [['hidden-sql-in-loop', 11]]);
  assert.match(after.findings[0]!.message, /OTHER\.X -> OTHER2\.H -> UPDATE at other\.pkb:46\b/);
  assert.deepEqual(after.findings[0]!.related?.find((r) => r.message.startsWith('OTHER2.H'))?.range.line, 44);
});

const f = `
  function f(p number) return number is
    n number;
  begin
    select count(*) into n from t where id = p;
    return n;
  end f;`;

test('item move other files: another file\'s query calling a function, moved with that file\'s edit, is asked again', () => {
  const index = new WorkspaceIndex();
  const other = (pad: number) => `create or replace package body other as
  procedure pad is
  begin
${nulls(pad)}
  end pad;

  procedure q is
  begin
    for r in (select pkg.f(id) v from t) loop
      null;
    end loop;
  end q;
end other;
/
`;
  const otherDoc = new OpenDocument(index, undefined, 'other.pkb');
  const doc = new OpenDocument(index);
  otherDoc.edit(other(60), 'other.pkb: the first analysis');
  // (pkg.pkb's edit lies below every column of the query's places: a column mapped by its line map stays the same)
  const first = doc.edit(pkg(40, f), 'pkg.pkb: the first analysis');
  assert.deepEqual(first.findings.map((x) => [x.rule, x.line]), [['select-into-in-loop', 49]]);
  assert.match(first.findings[0]!.message, /per row of the query at other\.pkb line 68\b/);
  otherDoc.edit(other(61), 'other.pkb: a line typed above the query');
  const after = doc.edit(pkg(41, f), 'pkg.pkb: a line typed in a: f moves down');
  assert.deepEqual(after.findings.map((x) => [x.rule, x.line]), [['select-into-in-loop', 50]]);
  assert.match(after.findings[0]!.message, /per row of the query at other\.pkb line 69\b/);
});

test('item move other files: another file\'s query whose first line moved while its call of the function stayed is asked again', () => {
  const index = new WorkspaceIndex();
  const other = (query: string) => `create or replace package body other as
  procedure q is
  begin
${nulls(40)}
${query}
      null;
    end loop;
  end q;
end other;
/
`;
  const otherDoc = new OpenDocument(index, undefined, 'other.pkb');
  const doc = new OpenDocument(index);
  // pkg.f at line 45, column 22 before and after: only the statement's first line (the site's sqlLine) moves
  otherDoc.edit(other('    for r in (select\n                     pkg.f(id) v from t) loop'), 'other.pkb: the first analysis');
  const first = doc.edit(pkg(20, f), 'pkg.pkb: the first analysis');
  assert.deepEqual(first.findings.map((x) => [x.rule, x.line]), [['select-into-in-loop', 29]]);
  assert.match(first.findings[0]!.message, /per row of the query at other\.pkb line 44\b/);
  otherDoc.edit(other('    null;\n    for r in (select pkg.f(id) v from t) loop'), 'other.pkb: the query joined on one line, a line above it');
  const after = doc.edit(pkg(21, f), 'pkg.pkb: a line typed in a: f moves down');
  assert.deepEqual(after.findings.map((x) => [x.rule, x.line]), [['select-into-in-loop', 30]]);
  assert.match(after.findings[0]!.message, /per row of the query at other\.pkb line 45\b/);
});
