/**
 * One fixture folder checked against the analyzer: the files of `test/rules/fixtures/<rule-id>/` are one workspace,
 * and every finding of every rule must match the files' inline expectations (expectations.ts). Shared by the rule
 * tests (one node:test test per folder) and the mutation suite (which stops at the first folder that fails).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeProject } from '../../server/src/analysis/analyzeProject.ts';
import { PERFORMANCE_RULES } from '../../server/src/analysis/rules/registry.ts';
import { compareWithExpectations, expectationsOf } from './expectations.ts';

export const fixturesRoot = new URL('./fixtures/', import.meta.url).pathname;

export function fixtureFolders(): string[] {
  return readdirSync(fixturesRoot).sort();
}

/** What is wrong with the analysis of one fixture folder: empty when every expectation holds. */
export function fixtureProblems(ruleId: string): string[] {
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
  if (expectedOfThisRule === 0) problems.push(`the fixtures of ${ruleId} expect at least one ${ruleId} finding`);
  return problems;
}
