/**
 * Runs fuzz cases in its own process (so the test can stop a hung parse): started by fuzz.test.ts as
 *   node --import tsx test/parser/fuzzWorker.ts --seed S --count N [--from I] [--only I]
 * and also usable by hand to reproduce one case. Writes one line per event on stdout:
 *   start I | fail {json} | done {json}
 * A failing case's text is saved under .bench/fuzz/ (git-ignored).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import { corpusRoot, findRepoRoot, loadCorpus } from '../bench/corpus.ts';
import { checkFindings, describeMutations, makeCase } from './fuzzCore.ts';

export const MAX_POOL_LINES = 400;

export interface FuzzFailure {
  index: number;
  file: string;
  mutations: string;
  kind: 'exception' | 'malformed';
  detail: string;
  ms: number;
  saved: string;
}

export interface FuzzDone {
  seed: number;
  cases: number;
  pool: number;
  totalMs: number;
  slowest: { index: number; file: string; ms: number; mutations: string } | null;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const seed = Number(arg('--seed') ?? 1) >>> 0;
const count = Number(arg('--count') ?? 5000);
const from = Number(arg('--from') ?? 0);
const onlyArg = arg('--only');
const only = onlyArg === undefined ? undefined : Number(onlyArg);

const corpus = loadCorpus(corpusRoot());
const small = corpus.filter((f) => f.lines <= MAX_POOL_LINES);
const pool = small.length > 0 ? small : corpus;
if (pool.length === 0) {
  process.stderr.write('fuzz: the corpus is empty\n');
  process.exit(2);
}

// Warm-up (not timed): the first parse in a process pays for loading the parser.
analyzeText(pool[0]!.text);

const outDir = join(findRepoRoot(), '.bench', 'fuzz');
const emit = (line: string): void => void process.stdout.write(`${line}\n`);

let slowest: FuzzDone['slowest'] = null;
const started = performance.now();
const indexes = only !== undefined ? [only] : Array.from({ length: Math.max(0, count - from) }, (_, i) => from + i);
for (const index of indexes) {
  const c = makeCase(seed, index, pool);
  emit(`start ${index}`);
  if (only !== undefined) {
    // Reproducing one case: show and save it before running it, in case it crashes or hangs.
    mkdirSync(outDir, { recursive: true });
    const saved = join(outDir, `seed-${seed}-case-${index}.sql`);
    writeFileSync(saved, c.text);
    process.stderr.write(`case ${index}: ${c.file}; mutations: ${describeMutations(c.mutations)}; input saved to ${saved}\n`);
  }
  let problem: { kind: FuzzFailure['kind']; detail: string } | undefined;
  const t = performance.now();
  let ms: number;
  try {
    const result = analyzeText(c.text);
    ms = performance.now() - t;
    const problems = checkFindings(c.text, result.findings);
    if (problems.length > 0) problem = { kind: 'malformed', detail: problems.slice(0, 5).join('\n') };
  } catch (e) {
    ms = performance.now() - t;
    problem = { kind: 'exception', detail: e instanceof Error ? (e.stack ?? `${e.name}: ${e.message}`) : String(e) };
  }
  if (!slowest || ms > slowest.ms) slowest = { index, file: c.file, ms, mutations: describeMutations(c.mutations) };
  if (problem) {
    mkdirSync(outDir, { recursive: true });
    const saved = join(outDir, `seed-${seed}-case-${index}.sql`);
    writeFileSync(saved, c.text);
    const failure: FuzzFailure = { index, file: c.file, mutations: describeMutations(c.mutations), ...problem, ms, saved };
    emit(`fail ${JSON.stringify(failure)}`);
  }
}
const done: FuzzDone = { seed, cases: indexes.length, pool: pool.length, totalMs: performance.now() - started, slowest };
emit(`done ${JSON.stringify(done)}`);
