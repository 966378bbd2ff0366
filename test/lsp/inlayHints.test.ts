/**
 * Loop-heat inlay hints say only what the line does not: a loop written on one line shows its bound or query in
 * its header, so its estimate is not repeated there; a loop on several lines gets it after END LOOP, and a
 * one-line loop inside a per-row context keeps it (the context multiplies what the line shows).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { analyzeDocument } from '../../server/src/lsp/analyzeDocument.ts';
import { loopHeatHints, type InlayHintPlacement } from '../../server/src/lsp/features/inlayHints.ts';

function hints(text: string, placement: InlayHintPlacement = 'loop-end'): [number, string][] {
  const analysis = analyzeDocument(text, { file: 'hints.sql', index: new WorkspaceIndex() });
  const all = { start: { line: 0, character: 0 }, end: { line: 1000, character: 0 } };
  return loopHeatHints(analysis, all, 1000, placement).map((h) => [h.position.line + 1, h.label as string]);
}

test('inlay hints: none on the line of a one-line loop, whose header says it; after END LOOP of a longer one', () => {
  const text = [
    'create or replace procedure p as x number;',
    'begin',
    '  for r in (select id from t) loop update t set c = 1 where id = r.id; end loop;',
    '  for r in (select id from t) loop',
    '    update t set c = 1 where id = r.id;',
    '  end loop;',
    'end;',
    '/',
    '',
  ].join('\n');
  assert.deepEqual(hints(text), [[6, 'per row of the query at line 4']]);
});

test('inlay hints: a one-line loop in a function called per row of a query keeps the hint that multiplies', () => {
  const text = [
    'create or replace function f(n number) return number as l number;',
    'begin',
    '  for r in (select id from t where id = n) loop l := r.id; end loop;',
    '  return l;',
    'end;',
    '/',
    'begin',
    '  update t set c = f(c);',
    'end;',
    '/',
    '',
  ].join('\n');
  assert.deepEqual(hints(text), [[3, 'per row of the UPDATE at line 8 × the query at line 3']]);
});

test('inlay hints placed after calls: none for a call on the header line of its one-line loop', () => {
  const text = [
    'create or replace procedure p as x number;',
    'begin',
    '  for i in 1 .. 100000 loop x := f(i); end loop;',
    '  for i in 1 .. 100000 loop',
    '    x := f(i);',
    '  end loop;',
    'end;',
    '/',
    '',
  ].join('\n');
  assert.deepEqual(hints(text, 'calls'), [[5, '≈100,000×']]);
});
