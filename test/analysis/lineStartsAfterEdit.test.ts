/**
 * The analysis's line starts after an edit, moved from the last analysed text's (itemMove.ts `lineStartsAfterEdit`),
 * equal a scan of the new text: random edits of short texts full of line breaks, where the common prefix and suffix
 * overlap (a line break typed next to another), and edits at both ends.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lineStartsAfterEdit } from '../../server/src/analysis/itemMove.ts';
import { changedSpan } from '../../server/src/analysis/itemRecording.ts';
import { lineStartsOf } from '../../server/src/analysis/rules/support/literals.ts';

function moved(before: string, after: string): number[] {
  return lineStartsAfterEdit(lineStartsOf(before), before.length, after, changedSpan(before, after));
}

test('line starts moved by an edit equal the new text scanned', () => {
  const cases: [string, string][] = [
    ['a\nb\nc', 'a\n\nb\nc'], // a line break typed next to another: prefix and suffix overlap
    ['\n\n\n', '\n\n\n\n'],
    ['\n\n\n\n', '\n\n'],
    ['abc', '\nabc'],
    ['abc\n', 'abc\n\n'],
    ['x\ny', 'x y'], // lines joined
    ['', '\n'],
  ];
  for (const [before, after] of cases) assert.deepEqual(moved(before, after), lineStartsOf(after), JSON.stringify([before, after]));
  let state = 7;
  const next = (n: number) => (state = (state * 1103515245 + 12345) & 0x7fffffff) % n;
  const pieces = ['\n', '\n\n', 'x', 'ab\n', '', ' '];
  let text = 'one\ntwo\n\nthree\nfour\n';
  for (let step = 0; step < 500; step++) {
    const at = next(text.length + 1);
    const removed = next(4);
    const after = text.slice(0, at) + pieces[next(pieces.length)]! + text.slice(Math.min(text.length, at + removed));
    assert.deepEqual(moved(text, after), lineStartsOf(after), `step ${step}`);
    text = after.length > 200 ? after.slice(0, 100) : after;
  }
});
