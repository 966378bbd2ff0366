import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import type { UnitNode } from '../../server/src/syntax/model/nodes.ts';

function callNames(unit: UnitNode): string[] {
  const names: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const node = value as { kind?: string; name?: string };
      if (node.kind === 'call' && node.name) names.push(node.name);
      Object.values(value).forEach(visit);
    }
  };
  visit(unit);
  return names;
}

test('statements in every branch reach the model in one parse when the branches concatenate', () => {
  const result = analyzeText(`begin
  $if $$debug $then trace_on; $elsif $$x $then trace_x; $else trace_off; $end
  work;
end;`, { unitCache: false });
  assert.equal(result.findings.length, 0);
  const views = result.script.units[0]!.views;
  assert.equal(views.length, 1);
  assert.equal(views[0]![0]!.conditionalView, 'all');
  assert.deepEqual(callNames(views[0]![0]!), ['TRACE_ON', 'TRACE_X', 'TRACE_OFF', 'WORK']);
});

test('alternative headers are parsed one variant at a time and every branch is analysed', () => {
  const result = analyzeText(`create or replace package body p as
  $if $$v2 $then
  function f(a number) return number
  $else
  function f return varchar2
  $end
  is
  begin
    $if $$v2 $then return cached_value(a); $else return computed_value(2); $end
  end;
end;`, { unitCache: false });
  assert.deepEqual(result.findings, []);
  const views = result.script.units[0]!.views;
  assert.equal(views.length, 2, 'one view per branch');
  assert.deepEqual(views.map((v) => v[0]!.conditionalView), [0, 1]);
  assert.deepEqual(views.map((v) => v[0]!.subprograms[0]!.returnType), ['number', 'varchar2']);
  assert.deepEqual(views.map((v) => callNames(v[0]!)), [['CACHED_VALUE'], ['COMPUTED_VALUE']]);
});

test('$ERROR ... $END and inquiry directives are accepted anywhere', () => {
  const result = analyzeText(`create package p as
  $if dbms_db_version.ver_le_10 $then $error 'needs 11g or later: ' || $$plsql_unit $end $end
  c constant varchar2(30) := $$plsql_unit;
end;`, { unitCache: false });
  assert.deepEqual(result.findings, []);
});

test('an unbalanced directive is reported where it starts', () => {
  const result = analyzeText('begin\n  null;\n  $end\nend;', { unitCache: false });
  const error = result.findings.find((f) => f.rule === 'syntax-error')!;
  assert.equal(error.line, 3);
  assert.match(error.message, /'\$END' without '\$IF'/i);
});
