import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanPieces } from '../../server/src/analysis/rules/support/literals.ts';

const strings = (text: string) => scanPieces(text).filter((p) => p.kind === 'string').map((p) => text.slice(p.start, p.end));

test('string literals: doubled quotes, q-quotes with paired and plain delimiters, nq-quotes; comments and quoted names skipped', () => {
  assert.deepEqual(strings(`x := 'it''s'; y := q'[a 'b' c]'; z := Q'{x}'; w := nq'!hi!'; -- 'not this'\n/* 'nor this' */ "A'B" := 'end';`),
    ["it''s", "a 'b' c", 'x', 'hi', 'end']);
  assert.deepEqual(strings(`select 1 from dual where a = 'x`), ['x']);
  const code = scanPieces(`a -- c\nb /* d */ e`).filter((p) => p.kind === 'code').map((p) => `a -- c\nb /* d */ e`.slice(p.start, p.end));
  assert.deepEqual(code, ['a ', '\nb ', ' e']);
});

test('q-quotes right after a keyword, and nq-quotes with an upper-case N', () => {
  assert.deepEqual(strings(`return q'[it's]'; x := NQ'[Zoë's]'; y := Nq'<a>b>';`), ["it's", "Zoë's", 'a>b']);
});
