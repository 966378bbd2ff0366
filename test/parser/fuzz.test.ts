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
const HANG_MS = 20_000;
/** A runaway parse should fail fast, not after filling a 4 GB heap. */
const WORKER_HEAP_MB = 1536;
/** Give up after this many crashed or hung workers. */
const MAX_CRASHES = 10;

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

  const failures: FuzzFailure[] = [];
  const crashes: string[] = [];
  const summaries: FuzzDone[] = [];
  let from = 0;
  // A crash (out of memory, stack overflow in native code) or a hang ends the worker; note the case and go on
  // with the next one in a new worker, so one bad case does not hide the rest.
  while (from < count) {
    const run = await runWorker(from);
    failures.push(...run.failures);
    if (run.done) {
      summaries.push(run.done);
      break;
    }
    crashes.push(
      `  case ${run.current} ${run.hung ? `did not finish within ${HANG_MS / 1000} s (hang)` : `killed the worker (exit ${run.code})`}` +
        `${run.stderr ? `:\n    ${run.stderr.trim().split('\n').slice(-12).join('\n    ')}` : ''}\n` +
        `    reproduce: node --import tsx test/parser/fuzzWorker.ts --seed ${seed} --only ${run.current}`,
    );
    if (run.current < from || crashes.length >= MAX_CRASHES) break;
    from = run.current + 1;
  }

  // the slowest case is reported, never asserted: timings belong in the bench
  const slowest = summaries.map((d) => d.slowest)
    .reduce<FuzzDone['slowest']>((a, b) => (b && (!a || b.ms > a.ms) ? b : a), null);
  if (slowest) {
    const s = slowest;
    console.log(`fuzz: slowest case ${s.index} ${s.ms.toFixed(1)} ms (${s.file}; ${s.mutations})`);
  }
  const report = [...crashes, ...failures.map(reproduction)];
  if (report.length > 0) {
    assert.fail(`fuzz (seed ${seed}) found ${report.length} problem(s):\n${report.join('\n')}`);
  }
});

interface WorkerRun {
  failures: FuzzFailure[];
  done: FuzzDone | undefined;
  current: number;
  hung: boolean;
  code: number | null;
  stderr: string;
}

async function runWorker(from: number): Promise<WorkerRun> {
  const child = spawn(
    process.execPath,
    [`--max-old-space-size=${WORKER_HEAP_MB}`, '--import', 'tsx', 'test/parser/fuzzWorker.ts',
      '--seed', String(seed), '--count', String(count), '--from', String(from)],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const run: WorkerRun = { failures: [], done: undefined, current: from - 1, hung: false, code: null, stderr: '' };
  let watchdog: NodeJS.Timeout | undefined;
  const arm = (): void => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      run.hung = true;
      child.kill('SIGKILL');
    }, HANG_MS);
  };
  arm();
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  for await (const line of createInterface({ input: child.stdout })) {
    arm();
    if (line.startsWith('start ')) run.current = Number(line.slice(6));
    else if (line.startsWith('fail ')) run.failures.push(JSON.parse(line.slice(5)) as FuzzFailure);
    else if (line.startsWith('done ')) run.done = JSON.parse(line.slice(5)) as FuzzDone;
  }
  run.code = await exit;
  clearTimeout(watchdog);
  run.stderr = stderr;
  if (run.code !== 0) run.done = undefined;
  if (run.done) {
    const d = run.done;
    console.log(`fuzz: cases ${from}..${count - 1} (${d.cases}) from ${d.pool} files in ${(d.totalMs / 1000).toFixed(1)} s`);
  }
  return run;
}
