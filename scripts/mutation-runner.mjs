// A StrykerJS test runner of our own (stryker.config.json: "testRunner": "plsql-inprocess"): the mutation suite
// (test/rules/mutationTests.ts) is bundled once per sandbox and loaded once per runner process, and each mutant runs
// in that process by setting the active mutant (`__stryker__.activeMutant`, which the instrumented code reads on
// every mutant switch). The grammar's parser stays warm (JIT, ANTLR's DFA), where the command runner paid a node
// start-up, the bundle's load and the parser's warm-up for every mutant. Measured in test/rules/MUTATION.md.
//
// What makes it equivalent to a fresh process per mutant:
// - the analyzer's module-level caches (WeakMaps keyed by model nodes, memoised lets) are emptied before every test,
//   through a reset the bundler appends to each analysis file (cacheResets below), and the parser's unit cache
//   before every mutant: a result computed under one mutant never answers under the next;
// - the dry run measures coverage per test (coverageAnalysis "perTest"): a mutant reached only while the bundle
//   loads (a module-level constant, a regular expression) is "static", and Stryker restarts this process for it
//   (capabilities: reloadEnvironment false), loading the bundle with the mutant already active;
// - `hitLimit` (the dry run's hits of the mutant times a factor) turns an endless loop into a timeout.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { INSTRUMENTER_CONSTANTS } from '@stryker-mutator/api/core';
import { commonTokens, declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';
import { DryRunStatus, MutantRunStatus, TestStatus } from '@stryker-mutator/api/test-runner';
import { bundleSuiteOnce } from './mutation-bundle.mjs';

const NS = INSTRUMENTER_CONSTANTS.NAMESPACE;
/**
 * Test files with tests of seconds each (edit series over a real package body, a script of thousands of units):
 * they run only for mutants of the modules they import (see ordered). A list, not a time limit, so that the tests a
 * mutant gets do not depend on the machine's load during the dry run.
 */
const SLOW_TEST_FILES = new Set(['analysis/itemReuse.test.ts', 'analysis/itemMove.test.ts', 'analysis/unitRelease.test.ts']);
/**
 * The item-reuse modules, which the slow files exist to test: they drive them through analyzeText with an item
 * cache (test/analysis/openDocument.ts), so a file need not import them by name (none imports itemRecording.ts).
 * Their mutants get every slow test that reaches them (the dry run's coverage still picks which).
 */
const ITEM_REUSE_MODULES = new Set(['itemCache', 'itemRecording', 'itemMove']);
/**
 * MUTATION_SKIP_SLOW_TESTS=1 leaves them out altogether (on a loaded machine they took 60 s per surviving mutant of
 * analyze.ts or workspaceIndex.ts): those files' scores are then lower bounds.
 */
const SKIP_SLOW_TESTS = process.env.MUTATION_SKIP_SLOW_TESTS === '1';
// the real-world corpus some analyzer tests read lies beside the repository, not beside Stryker's sandbox
process.env.PLSQL_PERF_CORPUS ??= new URL('../../shared/corpus', import.meta.url).pathname;

/**
 * The source of an analysis file with its module-level caches made resettable: `const x = new WeakMap<..>()` /
 * `new Map<..>()` become `let`, and a module-level `let` (a memoised value, a counter) is reset to its initial value
 * (only plain initialisers: a name, a number, none). Stryker prints the instrumented file with every top-level
 * statement at column 0, as the source is written, but an object type in a generic over several lines.
 */
export function withCacheResets(source) {
  const resets = [];
  let text = source.replace(
    /^(export )?(?:const|let) (\w+)((?::[^=\n]+)?) = new (WeakMap|Map)(<[\s\S]*?>)?\(\);[ \t]*$/gm,
    (_all, exported, name, type, kind, generic) => {
      resets.push(`${name} = new ${kind}();`);
      return `${exported ?? ''}let ${name}${type} = new ${kind}${generic ?? ''}();`;
    },
  );
  text = text.replace(/^(?:export )?let (\w+)(?::[^=;\n]+)?(?: = ([-\w.]+))?;[ \t]*$/gm, (all, name, initial) => {
    resets.push(`${name} = ${initial ?? 'undefined'};`);
    return all;
  });
  if (resets.length === 0) return { text, resets };
  // (MUTATION_KEEP_CACHES=1 leaves them, to show what a run without the resets gets wrong: test/rules/MUTATION.md)
  if (process.env.MUTATION_KEEP_CACHES === '1') return { text, resets: [] };
  text += `\n;((globalThis.__mutationCacheResets ??= []).push(() => { ${resets.join(' ')} }));\n`;
  return { text, resets };
}

/** Bundles test/rules/mutationTests.ts of the sandbox `root` (once: concurrent runners share the sandbox). */
async function bundleSuite(root, log) {
  const rulesTests = join(root, 'test/rules');
  const analysis = join(root, 'server/src/analysis/');
  const resettable = [];
  const bundle = await bundleSuiteOnce(join(rulesTests, 'mutationTests.ts'), 'mutation-tests', [{
    name: 'mutation-runner',
    setup(b) {
      b.onResolve({ filter: /^node:test$/ }, () => ({ path: join(rulesTests, 'mutationNodeTest.ts') }));
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        if (!args.path.startsWith(analysis)) return undefined;
        const { text, resets } = withCacheResets(readFileSync(args.path, 'utf8'));
        if (resets.length > 0) resettable.push(`${args.path.slice(analysis.length)}: ${resets.join(' ')}`);
        // a module-level cache this did not understand would carry answers from one mutant to the next
        const missed = /^(?:export )?const (\w+)[^=\n]* = new (?:WeakMap|Map)\b(?![^\n]*\([^)\s])/m.exec(text);
        if (missed) log.warn(`mutation runner: module-level cache ${missed[1]} in ${args.path} is not reset between mutants`);
        return { contents: text, loader: 'ts' };
      });
    },
  }]);
  if (resettable.length > 0) log.info(`mutation runner: caches reset before each test:\n  ${resettable.sort().join('\n  ')}`);
  return bundle;
}

/** The dry run's milliseconds per test, for the runner processes of the mutant runs. */
function timesFile() {
  return join(process.cwd(), 'test/rules/.mutation-times.json');
}

function failureOf(error) {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

export class InProcessTestRunner {
  static inject = [commonTokens.logger];

  constructor(logger) {
    this.log = logger;
    /** @type {Promise<import('../test/rules/mutationTests.ts').Suite> | undefined} */
    this.suite = undefined;
    /** dry-run milliseconds per test id: cheap tests first after the mutated file's own */
    this.timeSpent = new Map();
    /** test file path -> its text */
    this.texts = new Map();
  }

  capabilities() {
    // a static mutant needs the modules evaluated with it active: Stryker restarts this process for it
    return { reloadEnvironment: false };
  }

  get ns() {
    globalThis[NS] ??= {};
    return globalThis[NS];
  }

  load() {
    this.suite ??= (async () => {
      const bundle = await bundleSuite(process.cwd(), this.log);
      const { loadSuite } = await import(pathToFileURL(bundle).href);
      const suite = await loadSuite();
      for (const before of suite.before) await before();
      return suite;
    })();
    return this.suite;
  }

  async dispose() {
    if (!this.suite) return;
    // (a static mutant that broke the bundle's evaluation left no suite to clean up after)
    const suite = await this.suite.catch(() => undefined);
    for (const after of suite?.after ?? []) await after();
  }

  async dryRun(options) {
    const ns = this.ns;
    ns.mutantCoverage = { static: {}, perTest: {} };
    delete ns.activeMutant;
    let suite;
    try {
      suite = await this.load();
    } catch (error) {
      return { status: DryRunStatus.Error, errorMessage: `loading the mutation suite: ${failureOf(error)}` };
    }
    const tests = [];
    for (const test of suite.tests) {
      suite.forgetAnalysis(false);
      ns.currentTestId = test.id;
      const start = performance.now();
      try {
        await test.run();
        tests.push({ id: test.id, name: test.id, status: TestStatus.Success, timeSpentMs: performance.now() - start });
      } catch (error) {
        tests.push({ id: test.id, name: test.id, status: TestStatus.Failed, failureMessage: failureOf(error), timeSpentMs: performance.now() - start });
      }
      this.timeSpent.set(test.id, performance.now() - start);
      delete ns.currentTestId;
    }
    // the mutant runs happen in other processes: they read the times from the sandbox
    writeFileSync(timesFile(), JSON.stringify(Object.fromEntries(this.timeSpent)));
    const slowest = [...this.timeSpent].sort((a, b) => b[1] - a[1]).slice(0, 8);
    this.log.info(`mutation runner: dry run ${Math.round(tests.reduce((t, x) => t + x.timeSpentMs, 0))} ms; slowest tests:\n  ${slowest.map(([id, ms]) => `${Math.round(ms)} ms ${id}`).join('\n  ')}`);
    const result = { status: DryRunStatus.Complete, tests };
    if (options.coverageAnalysis !== 'off') result.mutantCoverage = ns.mutantCoverage;
    return result;
  }

  async mutantRun(options) {
    const ns = this.ns;
    const { activeMutant } = options;
    ns.hitCount = options.hitLimit === undefined ? undefined : 0;
    ns.hitLimit = options.hitLimit;
    // a static mutant: this is a fresh process (Stryker restarted it), the bundle loads with the mutant active
    if (options.mutantActivation === 'static') ns.activeMutant = activeMutant.id;
    let suite;
    try {
      suite = await this.load();
    } catch (error) {
      delete ns.activeMutant;
      // a static mutant can break the modules' own evaluation: that is a killed mutant, not an error of the runner
      if (options.mutantActivation === 'static') {
        return { status: MutantRunStatus.Killed, killedBy: [], failureMessage: `loading: ${failureOf(error)}`, nrOfTests: 0 };
      }
      return { status: MutantRunStatus.Error, errorMessage: `loading the mutation suite: ${failureOf(error)}` };
    }
    ns.activeMutant = activeMutant.id;
    suite.forgetAnalysis(process.env.MUTATION_KEEP_CACHES !== '1');
    const tests = this.ordered(suite.tests, options.testFilter, activeMutant.fileName);
    let ran = 0;
    const killers = [];
    let failureMessage = '';
    try {
      for (const test of tests) {
        suite.forgetAnalysis(false);
        ran++;
        try {
          await test.run();
        } catch (error) {
          if (ns.hitLimit !== undefined && ns.hitCount > ns.hitLimit) break;
          killers.push(test.id);
          failureMessage ||= failureOf(error);
          if (!options.disableBail) break;
        }
        if (ns.hitLimit !== undefined && ns.hitCount > ns.hitLimit) break;
      }
    } finally {
      delete ns.activeMutant;
    }
    if (ns.hitLimit !== undefined && ns.hitCount > ns.hitLimit) {
      return { status: MutantRunStatus.Timeout, reason: `Hit limit reached (${ns.hitCount}/${ns.hitLimit})` };
    }
    if (killers.length > 0) return { status: MutantRunStatus.Killed, killedBy: killers, failureMessage, nrOfTests: ran };
    return { status: MutantRunStatus.Survived, nrOfTests: ran };
  }

  /** Whether the test file `file` (under test/) imports a module named `name` (`.../name.ts'`). */
  names(file, name) {
    const path = join(process.cwd(), 'test', file);
    // (a fixture folder's `file` is a folder: it imports nothing)
    if (!this.texts.has(path)) this.texts.set(path, path.endsWith('.ts') && existsSync(path) ? readFileSync(path, 'utf8') : '');
    return this.texts.get(path).includes(`/${name}.ts'`);
  }

  /**
   * The tests to run for a mutant, those most likely to kill it first: its own rule's fixture folder (for a helper
   * in rules/support/, the folders of the rules that import it), the test files named after it, then the others,
   * cheapest first. The order changes only how soon a failure stops the run, not the verdict. A slow test file's
   * tests (SLOW_TEST_FILES) run only for mutants of the modules the file imports, as every test of the command
   * runner's suite beyond the fixtures did: reached
   * through analyze.ts by every mutant of the rules, it would cost each survivor seconds and kill nothing the
   * fixtures do not.
   */
  ordered(tests, filter, fileName) {
    if (this.timeSpent.size === 0 && existsSync(timesFile())) {
      this.timeSpent = new Map(Object.entries(JSON.parse(readFileSync(timesFile(), 'utf8'))));
    }
    const name = basename(fileName, '.ts');
    const selected = (filter ? tests.filter((t) => filter.includes(t.id)) : [...tests])
      .filter((t) => !SLOW_TEST_FILES.has(t.file) || (!SKIP_SLOW_TESTS && (ITEM_REUSE_MODULES.has(name) || this.names(t.file, name))));
    let importers = [];
    if (fileName.includes('/rules/support/')) {
      importers = tests.filter((t) => t.id.startsWith('fixtures > ')).map((t) => t.id.slice('fixtures > '.length))
        .filter((rule) => {
          const source = join(process.cwd(), 'server/src/analysis/rules', `${rule}.ts`);
          return existsSync(source) && readFileSync(source, 'utf8').includes(`/support/${name}.ts'`);
        });
    }
    const rank = (t) => {
      if (t.id === `fixtures > ${name}` || importers.some((r) => t.id === `fixtures > ${r}`)) return 0;
      if (basename(t.file, '.test.ts') === name) return 1;
      return 2;
    };
    return selected.sort((a, b) => rank(a) - rank(b) || (this.timeSpent.get(a.id) ?? 0) - (this.timeSpent.get(b.id) ?? 0));
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.TestRunner, 'plsql-inprocess', InProcessTestRunner)];
