/**
 * Fuzz test: mutated corpus files must never make the analyzer throw, hang, take 2 s or more, or report
 * findings outside the text.
 *
 * Deterministic: the seed (printed; env PLSQL_PERF_FUZZ_SEED) and the case index decide each case. Env
 * PLSQL_PERF_FUZZ_COUNT sets the number of cases (default 5000). The cases run in a child process
 * (test/parser/fuzzWorker.ts) so a hung parse is stopped and reported instead of stalling the run.
 * No corpus: fails under CI=true, skips otherwise.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { corpusRoot, findRepoRoot } from '../bench/corpus.ts';
import type { FuzzDone, FuzzFailure } from './fuzzWorker.ts';

const DEFAULT_SEED = 20_240_611;
const DEFAULT_COUNT = 5000;
/** No progress for this long means a case hangs (each case should take well under 2 s). */
const HANG_MS = 30_000;

const seed = process.env.PLSQL_PERF_FUZZ_SEED ? Number(process.env.PLSQL_PERF_FUZZ_SEED) >>> 0 : DEFAULT_SEED;
const count = process.env.PLSQL_PERF_FUZZ_COUNT ? Number(process.env.PLSQL_PERF_FUZZ_COUNT) : DEFAULT_COUNT;
const root = findRepoRoot();
const corpus = corpusRoot();
const corpusMissing = !existsSync(corpus);

function reproduction(f: FuzzFailure): string {
  return [
    `  case ${f.index} (${f.kind}, ${f.ms.toFixed(0)} ms): ${f.file}`,
    `    mutations: ${f.mutations}`,
    `    ${f.detail.split('\n').join('\n    ')}`,
    `    input saved to ${f.saved}`,
    `    reproduce: node --import tsx test/parser/fuzzWorker.ts --seed ${seed} --only ${f.index}`,
    `    or:        node --import tsx -e "import('./server/src/analysis/analyze.ts').then(m => console.log(m.analyzeText(require('fs').readFileSync('${f.saved}', 'utf8'))))"`,
  ].join('\n');
}

test(`fuzz: ${count} mutated corpus files, seed ${seed}`, { timeout: 30 * 60_000 }, async (t) => {
  if (corpusMissing) {
    const message = `corpus not found at ${corpus} (set PLSQL_PERF_CORPUS)`;
    if (process.env.CI === 'true') assert.fail(message);
    t.skip(message);
    return;
  }
  assert.ok(Number.isInteger(count) && count > 0, 'PLSQL_PERF_FUZZ_COUNT must be a positive integer');
  console.log(`fuzz: seed ${seed} (override with PLSQL_PERF_FUZZ_SEED), ${count} cases, corpus ${corpus}`);

  const child = spawn(process.execPath, ['--import', 'tsx', 'test/parser/fuzzWorker.ts', '--seed', String(seed), '--count', String(count)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));

  const failures: FuzzFailure[] = [];
  let done: FuzzDone | undefined;
  let current = -1;
  let hung = false;
  let watchdog = setTimeout(() => undefined, 0);
  const arm = (): void => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, HANG_MS);
  };
  arm();

  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  for await (const line of createInterface({ input: child.stdout })) {
    arm();
    if (line.startsWith('start ')) current = Number(line.slice(6));
    else if (line.startsWith('fail ')) failures.push(JSON.parse(line.slice(5)) as FuzzFailure);
    else if (line.startsWith('done ')) done = JSON.parse(line.slice(5)) as FuzzDone;
  }
  const code = await exit;
  clearTimeout(watchdog);

  if (done?.slowest) {
    const s = done.slowest;
    console.log(`fuzz: ${done.cases} cases from ${done.pool} files in ${(done.totalMs / 1000).toFixed(1)} s; slowest case ${s.index} ${s.ms.toFixed(1)} ms (${s.file}; ${s.mutations})`);
  }
  const report: string[] = [];
  if (hung) {
    report.push(`  case ${current} did not finish within ${HANG_MS / 1000} s (hang); reproduce: node --import tsx test/parser/fuzzWorker.ts --seed ${seed} --only ${current}`);
  } else if (code !== 0 || !done) {
    report.push(`  the fuzz worker exited with ${code} during case ${current}:\n${stderr.trim()}`);
  }
  report.push(...failures.map(reproduction));
  if (report.length > 0) {
    assert.fail(`fuzz (seed ${seed}) found ${failures.length + (hung || !done ? 1 : 0)} problem(s):\n${report.join('\n')}`);
  }
});
