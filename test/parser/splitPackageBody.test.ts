import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitPackageBody } from '../../server/src/parser/script/splitPackageBody.ts';

const items = (text: string) => splitPackageBody(text)?.items.map((i) => [i.kind, text.slice(i.start, i.end)]);

test('a package body splits into declarations, subprograms and the initialisation part', () => {
  const text = `create or replace package body p as
  g number := 1;
  cursor c is select a from t where b = ';';
  procedure fwd(x number);
  function f(a number) return number is
    procedure inner is begin null; end;
  begin
    if a > 0 then return case when a > 1 then 2 else 1 end; end if;
    for i in 1 .. 2 loop null; end loop;
    return 0;
  end f;
  procedure ext is language c name "x" library l;
begin
  g := 2;
end p;`;
  assert.deepEqual(items(text)?.map(([kind, body]) => [kind, body!.split('\n')[0]]), [
    ['declaration', 'g number := 1;'],
    ['declaration', "cursor c is select a from t where b = ';';"],
    ['declaration', 'procedure fwd(x number);'],
    ['declaration', 'function f(a number) return number is'],
    ['declaration', 'procedure ext is language c name "x" library l;'],
    ['initialization', 'begin'],
  ]);
  assert.ok(items(text)![3]![1]!.endsWith('end f;'));
});

test('END followed by a comma is not END CASE (a CASE expression ends, another begins)', () => {
  const text = `create package body p as
  procedure a is begin x := f(case when y then 1 end
                            , case when z then 2 end); end a;
  procedure b is begin null; end;
end;`;
  assert.deepEqual(items(text)?.map(([, body]) => body!.split(/\s+/).slice(0, 2).join(' ')), ['procedure a', 'procedure b']);
});

test('conditional compilation inside items: split, each item keeps its directives', () => {
  const text = 'create package body p as\n  procedure a is begin $if $$debug $then log_it; $else null; $end end;\n  procedure b is begin x := $$plsql_line; end;\nend;';
  const layout = splitPackageBody(text);
  assert.ok(layout);
  assert.deepEqual(layout.items.map((i) => text.slice(i.start, i.end)), [
    'procedure a is begin $if $$debug $then log_it; $else null; $end end;',
    'procedure b is begin x := $$plsql_line; end;',
  ]);
  // a block around whole items, or left open, keeps the body whole
  assert.equal(splitPackageBody('create package body p as procedure a is begin $if $$x $then null; end; procedure b is begin null; $end end; end;'), null);
  assert.equal(splitPackageBody('create package body p as procedure a is begin $if $$x $then null; end; end;'), null);
});

test('not split: package specs, other units, and bodies with conditional compilation around items', () => {
  assert.equal(splitPackageBody('create package p as procedure a; end;'), null);
  assert.equal(splitPackageBody('begin null; end;'), null);
  assert.equal(splitPackageBody('create package body p as $if $$x $then procedure a is begin null; end; $end end;'), null);
});

test('a SQL*Plus #-prefixed line between items is a command, not part of the body (#pause in a demo script)', () => {
  const text = `create or replace package body p is
  procedure a is
  begin
    null;
  end;
#pause
  procedure b is
  begin
    x := y # 2;
  end;
end;`;
  assert.deepEqual(items(text)?.map(([, body]) => body!.split('\n')[0]), ['procedure a is', 'procedure b is']);
});
