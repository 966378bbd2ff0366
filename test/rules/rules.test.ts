/**
 * Every rule against its fixtures: `test/rules/fixtures/<rule-id>/` holds code that must be flagged and code
 * that must not, with inline expectations (expectations.ts). The files of one folder are one workspace, so a
 * call into another file resolves as it would in a project. The harness is strict: a missing finding, an
 * unexpected one (of any rule) and a wrong severity all fail.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareWithExpectations } from './expectations.ts';
import { fixtureFolders, fixtureProblems } from './fixtureFolder.ts';

for (const ruleId of fixtureFolders()) {
  test(`rule ${ruleId}: fixtures`, () => {
    assert.deepEqual(fixtureProblems(ruleId), []);
  });
}

test('the harness fails on a missing and on an unexpected finding', () => {
  const finding = { line: 3, column: 1, endLine: 3, endColumn: 2, rule: 'dml-in-loop', severity: 'warning' as const, message: 'm' };
  assert.deepEqual(compareWithExpectations('f', [{ line: 3, rule: 'dml-in-loop' }], [finding]), []);
  assert.equal(compareWithExpectations('f', [{ line: 4, rule: 'dml-in-loop' }], [finding]).length, 2);
  assert.deepEqual(compareWithExpectations('f', [], [finding]), ['f:3: unexpected dml-in-loop (warning): m']);
  assert.deepEqual(compareWithExpectations('f', [{ line: 3, rule: 'dml-in-loop', severity: 'error' }], [finding]), ['f:3: dml-in-loop has severity warning, expected error']);
});
