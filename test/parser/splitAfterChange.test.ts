/**
 * A package body's split after an edit, resumed from the split before it (parser/incremental/splitAfterChange.ts),
 * equals the split from scratch, and keeps the items the edit could not change as they were: edits that end an item
 * early, merge two, open a block that runs to the end, add a directive, or touch the header.
 * (test/parser/incrementalParse.test.ts checks the same after hundreds of random edits of corpus bodies.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitAfterChange } from '../../server/src/parser/incremental/splitAfterChange.ts';
import { textChange } from '../../server/src/parser/incremental/textChange.ts';
import { lightTokens, relexLightTokensSynced } from '../../server/src/parser/script/lightTokens.ts';
import { splitPackageBody } from '../../server/src/parser/script/splitPackageBody.ts';

const BODY = `create or replace package body demo as
  g_limit constant pls_integer := 100;
  procedure first_one is
  begin
    if g_limit > 1 then null; end if;
  end first_one;
  function second_one(p number) return number is
  begin
    for i in 1 .. p loop null; end loop;
    return p;
  end second_one;
  g_other varchar2(10);
  procedure third_one is begin null; end;
begin
  null;
end demo;
`;

/** The split after replacing `find` by `by`, resumed from the split of `before`, and the one from scratch. */
function both(before: string, find: string, by: string) {
  const at = before.indexOf(find);
  assert.ok(at >= 0, find);
  const after = before.slice(0, at) + by + before.slice(at + find.length);
  const oldTokens = lightTokens(before);
  const change = textChange(before, after)!;
  const { tokens, sync } = relexLightTokensSynced(oldTokens, change, after);
  const resumed = splitAfterChange(after, tokens, sync, { tokens: oldTokens, layout: splitPackageBody(before, oldTokens) }, change.delta);
  return { resumed, fresh: splitPackageBody(after), after };
}

const texts = (layout: ReturnType<typeof splitPackageBody>, text: string) => layout?.items.map((item) => text.slice(item.start, item.end));

test('an edit inside an item re-splits around it and moves the items after it', () => {
  const { resumed, fresh, after } = both(BODY, 'if g_limit > 1 then null; end if;', 'if g_limit > 1 then\n      null;\n    end if;');
  assert.deepEqual(resumed, fresh);
  assert.equal(resumed!.items.length, 6);
  assert.equal(texts(resumed, after)![4], 'procedure third_one is begin null; end;');
});

test('an edit that ends an item early, or merges two, splits as from scratch', () => {
  // a `begin` typed before the END of first_one: its END now closes the new block, the item runs on
  const opened = both(BODY, '    if g_limit > 1', '    begin if g_limit > 1');
  assert.deepEqual(opened.resumed, opened.fresh);
  // the `;` after a declaration deleted: the declaration ends at the PROCEDURE after it (no declaration holds one),
  // so the items after it stay as they were
  const unfinished = both(BODY, '100;', '100');
  assert.deepEqual(unfinished.resumed, unfinished.fresh);
  assert.equal(unfinished.fresh?.items.length, 6);
  assert.equal(texts(unfinished.fresh, unfinished.after)![0], 'g_limit constant pls_integer := 100');
  // a subprogram's END deleted: it runs on into the next item
  const merged = both(BODY, '  end first_one;\n', '');
  assert.deepEqual(merged.resumed, merged.fresh);
  assert.notDeepEqual(merged.fresh?.items.length, 6);
  // a new subprogram typed between two items
  const added = both(BODY, '  g_other', '  procedure added is begin null; end;\n  g_other');
  assert.deepEqual(added.resumed, added.fresh);
  assert.equal(added.resumed!.items.length, 7);
});

test('a directive typed between items makes the body whole, as from scratch; inside an item it is conditional', () => {
  const between = both(BODY, '  g_other varchar2(10);\n', '  $if $$debug $then g_other varchar2(10); $end\n');
  assert.equal(between.fresh, null);
  assert.deepEqual(between.resumed, between.fresh);
  const inside = both(BODY, 'return p;', '$if $$debug $then return p; $else return 0; $end');
  assert.equal(inside.fresh?.conditional, true);
  assert.deepEqual(inside.resumed, inside.fresh);
});

test('an edit in the header or before the first item splits from scratch', () => {
  const renamed = both(BODY, 'package body demo as', 'package body demo2 as');
  assert.deepEqual(renamed.resumed, renamed.fresh);
  const spec = both(BODY, 'package body demo', 'package demo');
  assert.equal(spec.fresh, null);
  assert.deepEqual(spec.resumed, spec.fresh);
});
