import { test } from 'node:test';
import assert from 'node:assert/strict';
import { editedText, findEditLine } from './benchChild.ts';
import { countLines, largestPackageBody, packageBodyNear, smallFile, type CorpusFile } from './corpus.ts';
import { median, percentile, table } from './stats.ts';
import { combineRounds } from './reparseChild.ts';
import { ceilingOf } from './parallelCeiling.ts';

const file = (path: string, text: string): CorpusFile => ({ path, text, lines: countLines(text), bytes: text.length, encoding: 'utf-8' });

test('bench: countLines counts like an editor', () => {
  assert.equal(countLines(''), 0);
  assert.equal(countLines('a'), 1);
  assert.equal(countLines('a\n'), 1);
  assert.equal(countLines('a\nb'), 2);
  assert.equal(countLines('a\r\nb\r\n'), 2);
});

test('bench: percentile (nearest rank) and median', () => {
  const s = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  assert.equal(percentile(s, 50), 5);
  assert.equal(percentile(s, 95), 10);
  assert.equal(percentile([7], 95), 7);
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 2, 3]), 2.5);
});

test('bench: largest package body and the small first-parse file', () => {
  const body = 'create or replace package body p as\n procedure a is\n begin\n  null;\n end;\nend;\n/\n';
  const files = [
    file('a.pks', 'create package p as end;\n'.repeat(50)),
    file('b.pkb', body),
    file('c.sql', `${body}${'-- x\n'.repeat(30)}`),
    file('d.tps', 'create type t as object (x number);\n'),
  ];
  assert.equal(largestPackageBody(files)?.path, 'c.sql');
  assert.equal(smallFile(files)?.path, 'c.sql');
});

test('bench: the package body nearest a length, other than the largest', () => {
  const body = (lines: number) => `create or replace package body p as\n${'  -- x\n'.repeat(lines)}end;\n/\n`;
  const files = [file('big.pkb', body(100)), file('ten.pkb', body(10)), file('forty.pkb', body(40)), file('spec.pks', 'create package p as\nend;\n')];
  assert.equal(packageBodyNear(files, 13)?.path, 'ten.pkb');
  assert.equal(packageBodyNear(files, 35)?.path, 'forty.pkb');
  assert.equal(packageBodyNear(files, 1000)?.path, 'forty.pkb');
  assert.equal(packageBodyNear([files[0]!], 10), undefined);
});

test('bench: the edit re-parse changes one line inside the first procedure', () => {
  const text = 'create or replace package body p as\n  procedure a is\n  begin\n    x := 1;\n  end;\nend;\n';
  const line = findEditLine(text);
  assert.equal(line, 3); // 0-based: the line after `begin`
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const edited = editedText(text, starts, line!, 7);
  assert.deepEqual(
    edited.split('\n').filter((l, i) => l !== text.split('\n')[i]),
    ['null; /* edit 7 */     x := 1;'],
  );
  assert.equal(findEditLine('begin null; end;'), undefined);
});

test('bench: table aligns columns', () => {
  assert.equal(table(['a', 'bb'], [['xxx', '1']], 'lr'), 'a    bb\n---  --\nxxx   1');
});

test('bench: re-parse rounds are pooled per variant', () => {
  const combined = combineRounds([
    { file: 'p.pkb', lines: 10, times: { ours: [3, 1], baseline: [9, 7] }, errors: { ours: 0, baseline: 2 } },
    { file: 'p.pkb', lines: 10, times: { ours: [2, 8], baseline: [5, 6] }, errors: { ours: 0, baseline: 2 } },
  ]);
  assert.deepEqual(combined, {
    file: 'p.pkb',
    lines: 10,
    runs: 4,
    variants: { ours: { medianMs: 2.5, maxMs: 8, errors: 0 }, baseline: { medianMs: 6.5, maxMs: 9, errors: 2 } },
  });
  assert.equal(combineRounds([]), undefined);
});

test('bench: the parallel ceiling is the median of per-round (together / 2) / alone', () => {
  // Two real, unshared cores: two processes together take as long as one alone, half of it each.
  assert.equal(ceilingOf([{ aloneMs: 1000, togetherMs: 1000 }]), 0.5);
  // One core: together takes twice as long, no gain from splitting.
  assert.equal(ceilingOf([{ aloneMs: 1000, togetherMs: 2000 }]), 1);
  // Per-round ratios 0.6, 0.75 and 0.9: their median, not the ratio of the summed times (0.73).
  assert.equal(ceilingOf([
    { aloneMs: 1000, togetherMs: 1200 },
    { aloneMs: 2000, togetherMs: 3600 },
    { aloneMs: 1000, togetherMs: 1500 },
  ]), 0.75);
});
