/**
 * The tests StrykerJS runs for each mutant (`npm run mutation`, stryker.config.json): the rule fixtures, the rules'
 * helpers and the analyzer's tests, in one process, stopping at the first failure, so a killed mutant costs one
 * start-up and usually one fixture folder.
 *
 * Which folder first: Stryker instruments every mutated file in its sandbox and names the active mutant in
 * `__STRYKER_ACTIVE_MUTANT__`; the file whose code holds that mutant's switch is the mutated file. A rule's own folder
 * runs first, then the folders of the rules that import a mutated helper (`rules/support/`), then the rest. Outside
 * Stryker (no active mutant) everything runs in the usual order, which is how the suite is checked to pass.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fixtureFolders, fixtureProblems } from './fixtureFolder.ts';

const analysisRoot = new URL('../../server/src/analysis/', import.meta.url).pathname;
const rulesDir = join(analysisRoot, 'rules');

function tsFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => join(dir, f));
}

/** The analysis source file that holds the active mutant's switch, if Stryker is running one. */
function mutatedFile(): string | undefined {
  const id = process.env.__STRYKER_ACTIVE_MUTANT__;
  if (!id) return undefined;
  const needle = `stryMutAct_9fa48("${id}")`;
  return tsFilesUnder(analysisRoot).find((file) => readFileSync(file, 'utf8').includes(needle));
}

/** Fixture folders most likely to kill a mutant of `file`: its own rule's, or those of the rules importing it. */
function foldersFor(file: string | undefined, folders: string[]): string[] {
  if (!file) return [];
  const name = basename(file, '.ts');
  if (folders.includes(name)) return [name];
  if (file.includes('/rules/support/')) {
    return readdirSync(rulesDir)
      .filter((f) => f.endsWith('.ts') && readFileSync(join(rulesDir, f), 'utf8').includes(`/support/${name}.ts'`))
      .map((f) => basename(f, '.ts'))
      .filter((rule) => folders.includes(rule));
  }
  return [];
}

const folders = fixtureFolders();
const mutated = mutatedFile();
const first = foldersFor(mutated, folders);
for (const folder of [...first, ...folders.filter((f) => !first.includes(f))]) {
  let problems: string[];
  try {
    problems = fixtureProblems(folder);
  } catch (error) {
    problems = [`${folder}: ${String(error)}`];
  }
  if (problems.length > 0) {
    console.error(`fixtures of ${folder}:\n  ${problems.slice(0, 5).join('\n  ')}`);
    process.exit(1);
  }
}

// The helpers' and the analyzer's own tests (node:test sets a failing exit code when one fails): under Stryker only
// those that import or name the mutated file (by its path or its rule id), and the semantic tests for code outside
// the rules, the finding shapes for the rules; outside Stryker the rules' and the semantic tests.
// (static imports, so that scripts/mutation-suite.mjs can bundle them)
const testFiles: Record<string, () => Promise<unknown>> = {
  'rules/support.test.ts': () => import('./support.test.ts'),
  'rules/findingShapes.test.ts': () => import('./findingShapes.test.ts'),
  'rules/sqlShapes.test.ts': () => import('./sqlShapes.test.ts'),
  'rules/registry.test.ts': () => import('./registry.test.ts'),
  'analysis/boundary.test.ts': () => import('../analysis/boundary.test.ts'),
  'analysis/callGraph.test.ts': () => import('../analysis/callGraph.test.ts'),
  'analysis/literals.test.ts': () => import('../analysis/literals.test.ts'),
  'analysis/model.test.ts': () => import('../analysis/model.test.ts'),
  'analysis/roles.test.ts': () => import('../analysis/roles.test.ts'),
  'analysis/schemaKeys.test.ts': () => import('../analysis/schemaKeys.test.ts'),
  'analysis/semantics.test.ts': () => import('../analysis/semantics.test.ts'),
  'analysis/sqlDialect.test.ts': () => import('../analysis/sqlDialect.test.ts'),
};
const name = mutated && basename(mutated, '.ts');
const related = (testFile: string) => {
  if (!mutated || !name) return !testFile.startsWith('analysis/') || testFile.endsWith('/semantics.test.ts');
  if (testFile.endsWith('/findingShapes.test.ts') && mutated.includes('/rules/')) return true;
  const text = readFileSync(new URL(`../${testFile}`, import.meta.url), 'utf8');
  if (text.includes(`/${name}.ts'`) || text.includes(`'${name}'`)) return true;
  return !mutated.includes('/rules/') && testFile.endsWith('/semantics.test.ts');
};
for (const [testFile, load] of Object.entries(testFiles)) if (related(testFile)) await load();
