/**
 * What a moved item's replay carries to its new place (analysis/itemMove.ts, `movedResults`): its findings' places
 * in this document move with the edit, places in other files stay where they are. OpenDocument compares every
 * analysis with a from-scratch one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { OpenDocument } from './openDocument.ts';

test('item move results: a moved item\'s finding keeps the related place in another file where it is', () => {
  const index = new WorkspaceIndex();
  // the UPDATE at line 12 of helper.prc: a line break typed above it in pkg.pkb does not move it
  index.update('helper.prc', `create or replace procedure helper(p number) as\nbegin\n${'  null;\n'.repeat(9)}  update t set v = p;\nend;\n/\n`);
  const doc = new OpenDocument(index);
  const text = (a: string) => `create or replace package body pkg as
  procedure a is
  begin
${a}
  end a;

  procedure b is
  begin
    for r in (select id from t) loop
      helper(r.id);
    end loop;
  end b;
end pkg;
/
`;
  const first = doc.edit(text('    null;'), 'the first analysis');
  const hidden = first.findings.find((f) => f.rule === 'hidden-sql-in-loop');
  // helper's name and its UPDATE in helper.prc, the loop in this document
  assert.deepEqual(hidden?.related?.map((r) => [r.file, r.range.line]), [['helper.prc', 1], ['helper.prc', 12], [undefined, 9]]);
  const moved = doc.items.moved;
  const after = doc.edit(text('    null;\n    null;'), 'a line added to a: b moves down');
  assert.equal(doc.items.moved - moved, 1, 'b is replayed moved');
  const hiddenAfter = after.findings.find((f) => f.rule === 'hidden-sql-in-loop');
  assert.equal(hiddenAfter?.line, (hidden?.line ?? 0) + 1);
  assert.deepEqual(hiddenAfter?.related?.map((r) => [r.file, r.range.line]), [['helper.prc', 1], ['helper.prc', 12], [undefined, 10]]);
});

