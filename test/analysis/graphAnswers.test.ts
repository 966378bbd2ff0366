/**
 * A kept item's graph question asked again (itemCache.ts `AnswersNow.graphUnchanged`): a chain searched again is a
 * new list, and it answers alike when its steps hold the same facts objects at the same call places (without being
 * written out), or when written out it is the same; a step with other facts, or its call at another place, differs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AnswersNow, graphQuestionKey, serialise, type OutsideRead } from '../../server/src/analysis/itemCache.ts';

const place = (line: number) => ({ line, column: 3, endLine: line, endColumn: 9 });

function asked(value: unknown, chain: () => unknown): boolean {
  const facts = { id: 'a.pkb#1:1' };
  const graph = { chainTo: () => chain() };
  const now = new AnswersNow({ lookup: () => [], keysOf: () => [], graph, hasSyntaxErrorIn: () => false, textIn: () => '' });
  const args = [facts, 'sql'];
  const read: Extract<OutsideRead, { kind: 'graph' }> = { kind: 'graph', method: 'chainTo', args, key: graphQuestionKey('chainTo', args)!, value, answer: serialise(value) ?? 'x' };
  return now.graphUnchanged(read);
}

test('a chain searched again with the same facts at the same places answers alike; other facts or places do not', () => {
  // facts that cannot be written out (a BigInt): only the comparison by identity can tell they are the same
  const first = { id: 'a.pkb#1:1', big: 1n };
  const second = { id: 'b.pkb#4:1', big: 2n };
  const kept = [{ facts: first }, { facts: second, via: place(3) }];
  assert.equal(asked(kept, () => [{ facts: first }, { facts: second, via: place(3) }]), true);
  assert.equal(asked(kept, () => [{ facts: first }, { facts: second, via: place(4) }]), false);
  assert.equal(asked(kept, () => [{ facts: first }, { facts: { ...second }, via: place(3) }]), false);
  assert.equal(asked(kept, () => [{ facts: first }]), false);
  // facts that are other objects but written out alike still answer alike (compared written out)
  const plain = { id: 'c.pkb#2:1', sql: 'SELECT' };
  assert.equal(asked([{ facts: plain }], () => [{ facts: { ...plain } }]), true);
  assert.equal(asked([{ facts: plain }], () => [{ facts: { ...plain, sql: 'UPDATE' } }]), false);
});
