/**
 * How much two cores of this machine can give a check at all: the same `--jobs 1` check as one process alone, and
 * as two independent processes at the same time (alternating rounds, median of per-round ratios).
 *
 * Two independent processes share nothing (no index, no messages, no second pass), so splitting one check in two
 * halves can at best take half the time the two whole checks took together. That is the least wall any parallel
 * check can reach here, as a fraction of the `--jobs 1` wall: the ceiling the "default jobs wall <= 0.7x" target
 * is measured against. A control that only computes (no memory traffic) is run the same way, to tell a machine
 * whose two cores are real but slow down under the parser's memory traffic from one that has less than two cores.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { median } from './stats.ts';

export interface CeilingRound {
  aloneMs: number;
  /** Until both of the two processes started together had exited. */
  togetherMs: number;
}

export interface ParallelCeiling {
  rounds: CeilingRound[];
  /** Median over rounds of (together / 2) / alone: the least parallel wall as a fraction of one process's. */
  checkCeiling: number;
  /** The same for a loop that only computes: about 0.5 where the two cores are real and unshared. */
  computeCeiling: number;
}

const COMPUTE_ONLY = 'let x = 0; for (let i = 0; i < 4e8; i++) x = (x * 31 + i) | 0; if (x === 42) console.log(x);';

function run(args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString('utf8'); });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolvePromise();
      else reject(new Error(`${args.slice(0, 3).join(' ')} exited with ${code ?? signal}: ${stderr.slice(-1000)}`));
    });
  });
}

async function timed(runs: Promise<void>[]): Promise<number> {
  const started = performance.now();
  await Promise.all(runs);
  return performance.now() - started;
}

async function rounds(count: number, argsFor: (slot: number) => string[]): Promise<CeilingRound[]> {
  const result: CeilingRound[] = [];
  for (let i = 0; i < count; i++) {
    // Alternate which comes first so that a load change during the run does not favour one side.
    const alone = () => timed([run(argsFor(0))]);
    const together = () => timed([run(argsFor(0)), run(argsFor(1))]);
    if (i % 2 === 0) {
      const aloneMs = await alone();
      result.push({ aloneMs, togetherMs: await together() });
    } else {
      const togetherMs = await together();
      result.push({ aloneMs: await alone(), togetherMs });
    }
  }
  return result;
}

/** Median over rounds of (together / 2) / alone. */
export const ceilingOf = (measured: readonly CeilingRound[]): number => median(measured.map((r) => r.togetherMs / 2 / r.aloneMs));

/**
 * `checkArgs(out)` is the node command line of one `--jobs 1` check writing its report to `out`; each slot gets
 * its own report file in `scratch`.
 */
export async function measureParallelCeiling(checkArgs: (out: string) => string[], scratch: string, count = 3): Promise<ParallelCeiling> {
  const checks = await rounds(count, (slot) => checkArgs(join(scratch, `ceiling-${slot}.json`)));
  const compute = await rounds(count, () => ['-e', COMPUTE_ONLY]);
  return { rounds: checks, checkCeiling: ceilingOf(checks), computeCeiling: ceilingOf(compute) };
}
