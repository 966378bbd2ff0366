/**
 * Cold start of the whole tool: `plsql-perf check` on the first COLD_FILES `.pks`/`.pkb` files (by path) of the
 * corpus's utPLSQL folder, in a fresh process, timed from spawn to exit (node start, module load, reading,
 * parsing, rules, report), against the baseline doing the same reading and parsing in its own fresh process
 * (coldBaselineChild.ts).
 *
 * The machine is shared and its speed changes from minute to minute, so the two are measured in interleaved
 * rounds (ours, baseline, ours, per round): both sample the same stretch of time. The table shows the medians
 * and the ratio of the medians, and the median of the per-round ratios (each round's baseline against the
 * mean of the two runs of ours around it), which is less sensitive to a slow minute.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { findRepoRoot, listCorpus } from './corpus.ts';
import { median } from './stats.ts';

export const COLD_FILES = 60;
export const COLD_ROUNDS = 3;
export const COLD_TARGET_RATIO = 40;

export interface ColdCheckResult {
  files: number;
  rounds: number;
  oursMs: number[];
  baselineMs: number[];
  oursMedianMs: number;
  baselineMedianMs: number;
  /** baseline median / ours median. */
  ratio: number;
  /** Median over rounds of baseline / mean(ours before, ours after). */
  roundRatio: number;
}

/** The files of the measurement: the first `count` package specs and bodies under utPLSQL, as sorted paths. */
export function coldCheckFiles(corpus: string, count = COLD_FILES): string[] {
  return listCorpus(corpus)
    .filter((p) => /^utPLSQL\/.*\.(pks|pkb)$/i.test(p))
    .slice(0, count)
    .map((p) => join(corpus, p));
}

function timeProcess(args: readonly string[]): number {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'], maxBuffer: 64 << 20 });
  const ms = performance.now() - t;
  // check exits 1 when it finds something: only a crash or a usage error is a failed run
  if (r.status === null || r.status > 1) throw new Error(`${args.slice(0, 2).join(' ')} exited with ${r.status ?? r.signal}`);
  return ms;
}

export function runColdCheck(corpus: string, rounds = COLD_ROUNDS): ColdCheckResult | { error: string } {
  const root = findRepoRoot();
  const cli = join(root, 'bin/plsql-perf.mjs');
  const baseline = join(root, 'dist/bench-cold-baseline.mjs');
  if (!existsSync(join(root, 'dist/cli.mjs')) || !existsSync(baseline)) return { error: 'dist/ is missing: run npm run build' };
  const files = coldCheckFiles(corpus);
  if (files.length === 0) return { error: `no utPLSQL .pks/.pkb files under ${corpus}` };
  const ours = (): number => timeProcess([cli, 'check', ...files]);
  const oursMs: number[] = [];
  const baselineMs: number[] = [];
  const roundRatios: number[] = [];
  try {
    for (let round = 1; round <= rounds; round++) {
      process.stderr.write(`[cold check] round ${round}/${rounds}: ours, baseline, ours\n`);
      const before = ours();
      const base = timeProcess([baseline, ...files]);
      const after = ours();
      oursMs.push(before, after);
      baselineMs.push(base);
      roundRatios.push(base / ((before + after) / 2));
    }
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
  const oursMedianMs = median(oursMs);
  const baselineMedianMs = median(baselineMs);
  return {
    files: files.length,
    rounds,
    oursMs,
    baselineMs,
    oursMedianMs,
    baselineMedianMs,
    ratio: baselineMedianMs / oursMedianMs,
    roundRatio: median(roundRatios),
  };
}
