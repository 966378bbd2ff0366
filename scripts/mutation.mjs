#!/usr/bin/env node
// Mutation testing of the analyzer (issue 14, item 15), group by group, so that a slow machine can stop after the
// groups that matter most and a rerun of one group does not redo the others.
// Usage: node scripts/mutation.mjs [--command] [group ...] [-- extra stryker options]
//   runs the in-process runner (stryker.config.json, scripts/mutation-runner.mjs); --command runs the reference,
//   StrykerJS's command runner (stryker.command.config.json: a node process per mutant, several times slower)
//   groups (in priority order): precision-rules, loop-rules, iteration-rules, other-rules, semantic, rest; default: all
//   (more-rules, more-support, rule-core: parts of other-rules, run on their own; not in the default list)
//   e.g. node scripts/mutation.mjs precision-rules -- --force
// Each group keeps its own incremental file (reports/mutation/<group>.json, a mutation-testing-report): a rerun tests
// only the mutants whose code changed. The command runner cannot tell Stryker which tests changed, so after adding
// tests rerun with --force (or with a `--mutate file:line-line` range, see scripts/mutation-score.mjs --survivors).
// The score over every group: node scripts/mutation-score.mjs
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const analysis = 'server/src/analysis';
const rule = (name) => `${analysis}/rules/${name}.ts`;

const precisionRules = [
  'exception-handler-in-loop', 'dml-in-loop', 'commit-in-loop', 'utl-file-small-buffer',
  'support/batchedDml', 'support/sqlShapes',
].map(rule);
const loopRules = [
  'standalone-call-in-loop', 'select-into-in-loop', 'row-by-row-fetch', 'heat',
  'support/cursorsOpenedInLoop', 'support/dynamicSqlText',
].map(rule).concat(`${analysis}/semantic/fileHandleFlow.ts`);
// the other rules that report per iteration of a loop (and the call chains they share), a group of their own so that
// their survivors can be worked through without running the rest of the rules
const iterationRules = [
  'hidden-sql-in-loop', 'bulk-collect-without-limit', 'autonomous-call-in-loop', 'utl-file-flush-in-loop',
  'utl-file-open-in-loop', 'lob-concatenation-in-loop', 'output-in-loop', 'number-arithmetic-in-loop',
  'collection-extend-in-loop', 'nested-cursor-loop', 'support/callChains',
].map(rule);
// parts of other-rules run on their own (each group's report is written only when its run ends, so small groups
// lose less to a stopped run): the rules first run in the third round, their helpers, and the rules' shared code
const moreRules = [
  'count-for-existence', 'dynamic-sql-concatenation', 'dynamic-sql-in-loop', 'function-wrapped-column-predicate',
  'loop-invariant-call', 'missing-nocopy', 'optimizer-level-lowered', 'plan-statistics-in-code',
  'plsql-function-in-sql', 'profiler-left-in-code', 'select-from-dual',
].map(rule);
const moreSupport = ['support/dynamicSql', 'support/literals'].map(rule);
const ruleCore = ['rule', 'registry'].map(rule);
const tsFiles = (dir) => readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts')).map((f) => `${dir}/${f}`).sort();
const otherRules = tsFiles(`${analysis}/rules`)
  .filter((f) => !precisionRules.includes(f) && !loopRules.includes(f) && !iterationRules.includes(f));
const semantic = tsFiles(`${analysis}/semantic`).filter((f) => !loopRules.includes(f));
const rest = tsFiles(analysis).filter((f) => !f.startsWith(`${analysis}/rules/`) && !f.startsWith(`${analysis}/semantic/`));

const parts = { 'more-rules': moreRules, 'more-support': moreSupport, 'rule-core': ruleCore };
const groups = {
  'precision-rules': precisionRules, 'loop-rules': loopRules, 'iteration-rules': iterationRules, 'other-rules': otherRules,
  semantic, rest, ...parts,
};

const dash = process.argv.indexOf('--');
const ours = (dash < 0 ? process.argv.slice(2) : process.argv.slice(2, dash));
const config = ours.includes('--command') ? ['stryker.command.config.json'] : [];
const names = ours.filter((a) => a !== '--command');
const extra = dash < 0 ? [] : process.argv.slice(dash + 1);
for (const name of names.length > 0 ? names : Object.keys(groups).filter((g) => !(g in parts))) {
  const files = groups[name];
  if (!files) {
    console.error(`unknown group ${name}: ${Object.keys(groups).join(', ')}`);
    process.exit(2);
  }
  const mutate = extra.includes('--mutate') ? [] : ['--mutate', files.join(',')];
  console.log(`== ${name}: ${files.length} files`);
  const run = spawnSync('npx', ['stryker', 'run', ...config, ...mutate, '--incrementalFile', `reports/mutation/${name}.json`, ...extra], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
