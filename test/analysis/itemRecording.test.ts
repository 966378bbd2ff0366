/**
 * What the walk of a kept item records about its siblings (analysis/itemRecording.ts): the place of a sibling's name
 * a call resolves to and whether a sibling always raises. A read recorded twice, or one about the item itself,
 * changes no answer (itemReuse and itemMove compare every analysis with a from-scratch one) but is compared again
 * on every keystroke: this pins what is recorded.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { OpenDocument } from './openDocument.ts';

test('item recording: a kept item records each sibling question once, and none about itself', () => {
  const doc = new OpenDocument(new WorkspaceIndex());
  doc.edit(`create or replace package body pkg as
  procedure a(p number) is
    l_x number;
  begin
    for i in 1 .. 3 loop
      begin
        l_x := f(i) + f(i + 1);
      exception
        when others then
          fail;
      end;
      begin
        l_x := f(i);
      exception
        when others then
          fail;
      end;
      begin
        l_x := f(i + 2);
      exception
        when others then
          a(p - 1);
      end;
    end loop;
    if p > 0 then
      a(p - 1);
    end if;
  end a;

  function f(p number) return number is
  begin
    return p;
  end f;

  procedure fail is
  begin
    raise program_error;
  end fail;
end pkg;
/
`, 'the first analysis');
  const [a] = [...doc.items.items].find(([sub]) => sub.name === 'A') ?? [];
  assert.ok(a, 'a is kept');
  const siblingReads = doc.items.items.get(a)!.reads
    .filter((r) => r.kind !== 'lookup' && r.kind !== 'graph')
    .map((r) => ('index' in r ? `${r.kind} ${r.index}` : r.kind))
    .sort();
  // f is the unit's subprogram 1, fail 2; a (0) calls itself (also as a handler's last statement, whose verdict is
  // asked): inside the item, nothing to record
  assert.deepEqual(siblingReads, ['siblingName 1', 'siblingName 2', 'siblingRaises 2']);
});
