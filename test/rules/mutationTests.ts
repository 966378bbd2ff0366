/**
 * The tests of the in-process mutation runner (scripts/mutation-runner.mjs), bundled once per sandbox: every rule
 * fixture folder as one test, and the tests of the rules' helpers and of the analyzer (node:test files, whose
 * `test(...)` calls register into the runner through test/rules/mutationNodeTest.ts). Stryker measures which tests
 * reach which mutant in its dry run and then runs only those, in this process, for each mutant.
 *
 * The command runner's suite (mutationSuite.ts) is the reference; this list is its tests plus those that exercise the
 * analyzer's code outside the rules (configuration and the editor's view of it, roles, the workspace index and call
 * graph, item reuse, suppressions). Not here: boundary.test.ts (which folders import which: Stryker's sandbox leaves some out, and
 * no mutant of the analysis changes an import).
 */
import { fixtureFolders, fixtureProblems } from './fixtureFolder.ts';
import { clearUnitCache } from '../../server/src/syntax/parseScript.ts';
import type { RegisteredTest, Registry } from './mutationNodeTest.ts';

// (static import paths, so that the bundler sees every test file)
const testFiles: Record<string, () => Promise<unknown>> = {
  'rules/support.test.ts': () => import('./support.test.ts'),
  'rules/findingShapes.test.ts': () => import('./findingShapes.test.ts'),
  'rules/sqlShapes.test.ts': () => import('./sqlShapes.test.ts'),
  'rules/registry.test.ts': () => import('./registry.test.ts'),
  'rules/declaredTypes.test.ts': () => import('./declaredTypes.test.ts'),
  'rules/unseenMessages.test.ts': () => import('./unseenMessages.test.ts'),
  'rules/rulesRound11.test.ts': () => import('./rulesRound11.test.ts'),
  'rules/bulkCollectOneObject.test.ts': () => import('./bulkCollectOneObject.test.ts'),
  'rules/parsedDdl.test.ts': () => import('./parsedDdl.test.ts'),
  'analysis/analyzeProject.test.ts': () => import('../analysis/analyzeProject.test.ts'),
  'analysis/analyzeRound10.test.ts': () => import('../analysis/analyzeRound10.test.ts'),
  'analysis/analyzeRound10c.test.ts': () => import('../analysis/analyzeRound10c.test.ts'),
  'analysis/callGraph.test.ts': () => import('../analysis/callGraph.test.ts'),
  'analysis/callGraphFacts.test.ts': () => import('../analysis/callGraphFacts.test.ts'),
  'analysis/callGraphOverlay.test.ts': () => import('../analysis/callGraphOverlay.test.ts'),
  'analysis/callGraphRound9.test.ts': () => import('../analysis/callGraphRound9.test.ts'),
  'analysis/analyzeRound10b.test.ts': () => import('../analysis/analyzeRound10b.test.ts'),
  'analysis/itemCache.test.ts': () => import('../analysis/itemCache.test.ts'),
  'analysis/itemCallers.test.ts': () => import('../analysis/itemCallers.test.ts'),
  'analysis/formatCount.test.ts': () => import('../analysis/formatCount.test.ts'),
  'analysis/graphAnswers.test.ts': () => import('../analysis/graphAnswers.test.ts'),
  'analysis/outerCollectionAfterEdit.test.ts': () => import('../analysis/outerCollectionAfterEdit.test.ts'),
  'analysis/raisingVerdictAfterEdit.test.ts': () => import('../analysis/raisingVerdictAfterEdit.test.ts'),
  'analysis/itemMove.test.ts': () => import('../analysis/itemMove.test.ts'),
  'analysis/itemMoveAlike.test.ts': () => import('../analysis/itemMoveAlike.test.ts'),
  'analysis/itemMoveLines.test.ts': () => import('../analysis/itemMoveLines.test.ts'),
  'analysis/itemMoveOtherFiles.test.ts': () => import('../analysis/itemMoveOtherFiles.test.ts'),
  'analysis/itemMoveResults.test.ts': () => import('../analysis/itemMoveResults.test.ts'),
  'analysis/itemMoveReads.test.ts': () => import('../analysis/itemMoveReads.test.ts'),
  'analysis/itemMoveShared.test.ts': () => import('../analysis/itemMoveShared.test.ts'),
  'analysis/itemMoveRound11.test.ts': () => import('../analysis/itemMoveRound11.test.ts'),
  'analysis/leaves.test.ts': () => import('../analysis/leaves.test.ts'),
  'analysis/loopCounts.test.ts': () => import('../analysis/loopCounts.test.ts'),
  'analysis/lineStartsAfterEdit.test.ts': () => import('../analysis/lineStartsAfterEdit.test.ts'),
  'analysis/itemRecording.test.ts': () => import('../analysis/itemRecording.test.ts'),
  'analysis/itemReuse.test.ts': () => import('../analysis/itemReuse.test.ts'),
  'analysis/itemReuseRaises.test.ts': () => import('../analysis/itemReuseRaises.test.ts'),
  'analysis/knownCountsRound12.test.ts': () => import('../analysis/knownCountsRound12.test.ts'),
  'analysis/literals.test.ts': () => import('../analysis/literals.test.ts'),
  'analysis/model.test.ts': () => import('../analysis/model.test.ts'),
  'analysis/roles.test.ts': () => import('../analysis/roles.test.ts'),
  'analysis/ruleSettings.test.ts': () => import('../analysis/ruleSettings.test.ts'),
  'analysis/schemaKeys.test.ts': () => import('../analysis/schemaKeys.test.ts'),
  'analysis/semantics.test.ts': () => import('../analysis/semantics.test.ts'),
  'analysis/sqlDialect.test.ts': () => import('../analysis/sqlDialect.test.ts'),
  'analysis/unitRelease.test.ts': () => import('../analysis/unitRelease.test.ts'),
  'analysis/whereDmlRuns.test.ts': () => import('../analysis/whereDmlRuns.test.ts'),
  'analysis/workspaceIndex.test.ts': () => import('../analysis/workspaceIndex.test.ts'),
  'analysis/workspaceIndexRound11.test.ts': () => import('../analysis/workspaceIndexRound11.test.ts'),
  'cli/config.test.ts': () => import('../cli/config.test.ts'),
  'cli/configProblems.test.ts': () => import('../cli/configProblems.test.ts'),
  'cli/suppressions.test.ts': () => import('../cli/suppressions.test.ts'),
  'lsp/documentAnalyses.test.ts': () => import('../lsp/documentAnalyses.test.ts'),
  'lsp/inlayHints.test.ts': () => import('../lsp/inlayHints.test.ts'),
};

export interface Suite {
  tests: RegisteredTest[];
  before: (() => unknown)[];
  after: (() => unknown)[];
  /**
   * Forgets what the analyzer remembers between calls (its module-level caches, emptied through the hooks the
   * bundler adds to every analysis file) and the parsed units: a result computed under one mutant must not answer
   * a question asked under the next.
   */
  forgetAnalysis: (parses: boolean) => void;
}

export async function loadSuite(): Promise<Suite> {
  const registry = (globalThis as Record<string, unknown>).__mutationTestRegistry as Registry | undefined;
  const tests: RegisteredTest[] = fixtureFolders().map((folder) => ({
    id: `fixtures > ${folder}`,
    file: `rules/fixtures/${folder}`,
    run: async () => {
      const problems = fixtureProblems(folder);
      if (problems.length > 0) throw new Error(`fixtures of ${folder}:\n  ${problems.slice(0, 5).join('\n  ')}`);
    },
  }));
  const own = registry ?? { tests: [], before: [], after: [], file: '' };
  (globalThis as Record<string, unknown>).__mutationTestRegistry = own;
  for (const [file, load] of Object.entries(testFiles)) {
    own.file = file;
    await load();
  }
  tests.push(...own.tests);
  const resets = ((globalThis as Record<string, unknown>).__mutationCacheResets ?? []) as (() => void)[];
  return {
    tests,
    before: own.before,
    after: own.after,
    forgetAnalysis: (parses) => {
      for (const reset of resets) reset();
      if (parses) clearUnitCache();
    },
  };
}
