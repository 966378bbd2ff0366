import { test } from 'node:test';
import assert from 'node:assert/strict';
import { caseSeed, checkFindings, makeCase, mulberry32, mutate, tokenize } from './fuzzCore.ts';

const sample = "create or replace procedure p is\n  l_x varchar2(10) := 'a''b';\nbegin\n  null; -- done\nend p;\n/\n";

test('fuzz core: tokenize splits into word/space/punctuation runs and round-trips', () => {
  assert.deepEqual(tokenize('l_x := 1;\n'), ['l_x', ' ', ':', '=', ' ', '1', ';', '\n']);
  assert.equal(tokenize(sample).join(''), sample);
  assert.deepEqual(tokenize(''), []);
});

test('fuzz core: the PRNG and the cases are deterministic per (seed, index)', () => {
  const a = mulberry32(7);
  const b = mulberry32(7);
  for (let i = 0; i < 10; i++) assert.equal(a(), b());
  assert.notEqual(caseSeed(1, 0), caseSeed(1, 1));
  assert.notEqual(caseSeed(1, 0), caseSeed(2, 0));
  const pool = [{ path: 'a.sql', text: sample }, { path: 'b.sql', text: 'begin null; end;\n' }];
  assert.deepEqual(makeCase(42, 17, pool), makeCase(42, 17, pool));
  const texts = new Set(Array.from({ length: 50 }, (_, i) => makeCase(42, i, pool).text));
  assert.ok(texts.size > 40, 'cases differ');
});

test('fuzz core: 1-4 mutations, each recorded', () => {
  const rng = mulberry32(3);
  for (let i = 0; i < 200; i++) {
    const tokens = tokenize(sample);
    const m = mutate(tokens, rng);
    assert.ok(m.length >= 1 && m.length <= 4);
    for (const x of m) assert.ok(['delete', 'duplicate', 'swap', 'insert'].includes(x.op));
  }
  assert.equal(mutate([], mulberry32(1))[0]!.op, 'insert'); // nothing to delete, duplicate or swap yet
});

test('fuzz core: checkFindings accepts in-range findings and rejects bad ones', () => {
  const text = 'ab\ncde\n';
  const ok = { line: 2, column: 1, endLine: 3, endColumn: 1, rule: 'syntax-error', severity: 'error' as const, message: 'm' };
  assert.deepEqual(checkFindings(text, [ok, { ...ok, line: 1, column: 3, endLine: 1, endColumn: 3 }]), []);
  assert.equal(checkFindings(text, [{ ...ok, line: 0 }]).length, 1);
  assert.equal(checkFindings(text, [{ ...ok, endLine: 4 }]).length, 1);
  assert.equal(checkFindings(text, [{ ...ok, column: 5 }]).length, 1);
  assert.equal(checkFindings(text, [{ ...ok, line: 2, column: 3, endLine: 2, endColumn: 2 }]).length, 1);
  assert.equal(checkFindings(text, [{ ...ok, column: 1.5 }]).length, 1);
  assert.equal(checkFindings(text, [{ ...ok, rule: '' }]).length, 1);
});
