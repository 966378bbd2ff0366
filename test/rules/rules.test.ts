/**
 * Every rule against its fixtures: `test/rules/fixtures/<rule-id>/` holds code that must be flagged and code
 * that must not, with inline expectations (expectations.ts). The files of one folder are one workspace, so a
 * call into another file resolves as it would in a project. The harness is strict: a missing finding, an
 * unexpected one (of any rule) and a wrong severity all fail.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeProject } from '../../server/src/analysis/analyzeProject.ts';
import { PERFORMANCE_RULES } from '../../server/src/analysis/rules/registry.ts';
import { compareWithExpectations, expectationsOf } from './expectations.ts';

export const fixturesRoot = new URL('./fixtures/', import.meta.url).pathname;

for (const ruleId of readdirSync(fixturesRoot).sort()) {
  test(`rule ${ruleId}: fixtures`, () => {
    const dir = join(fixturesRoot, ruleId);
    const documents = readdirSync(dir).sort().map((name) => ({ file: name, text: readFileSync(join(dir, name), 'utf8') }));
    // a preview rule is off by default: its own folder turns it on (and only its own)
    const preview = PERFORMANCE_RULES.find((r) => r.meta.id === ruleId)?.meta.status === 'preview';
    const project = analyzeProject(documents, preview ? { rules: { [ruleId]: { enabled: true } } } : undefined);
    const problems: string[] = [];
    let expectedOfThisRule = 0;
    for (const [i, entry] of project.results.entries()) {
      if (!('result' in entry)) {
        problems.push(`${entry.file}: analysis failed: ${String(entry.error)}`);
        continue;
      }
      const expectations = expectationsOf(documents[i]!.text);
      expectedOfThisRule += expectations.filter((e) => e.rule === ruleId).length;
      problems.push(...compareWithExpectations(entry.file, expectations, entry.result.findings));
    }
    assert.deepEqual(problems, []);
    assert.ok(expectedOfThisRule > 0, `the fixtures of ${ruleId} expect at least one ${ruleId} finding`);
  });
}

test('the harness fails on a missing and on an unexpected finding', () => {
  const finding = { line: 3, column: 1, endLine: 3, endColumn: 2, rule: 'dml-in-loop', severity: 'warning' as const, message: 'm' };
  assert.deepEqual(compareWithExpectations('f', [{ line: 3, rule: 'dml-in-loop' }], [finding]), []);
  assert.equal(compareWithExpectations('f', [{ line: 4, rule: 'dml-in-loop' }], [finding]).length, 2);
  assert.deepEqual(compareWithExpectations('f', [], [finding]), ['f:3: unexpected dml-in-loop (warning): m']);
  assert.deepEqual(compareWithExpectations('f', [{ line: 3, rule: 'dml-in-loop', severity: 'error' }], [finding]), ['f:3: dml-in-loop has severity warning, expected error']);
});
