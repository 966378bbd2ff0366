/**
 * Chooses how a check run does its work: today's single-thread run (check.ts) for `--jobs 1` and for runs too
 * small to pay for starting threads, worker threads for the rest, and the cache whenever `--cache` is given.
 * Every way gives the same report.
 */
import { availableParallelism } from 'node:os';
import type { ProjectAnalyzer } from '../../analysis/analyzeProject.ts';
import type { AnalyzerConfig } from '../../analysis/analyze.ts';
import { checkFiles, type CheckHooks } from '../check.ts';
import type { SourceFile } from '../discover.ts';
import type { CheckReport, FileError } from '../model.ts';
import type { RunCache } from './checkCache.ts';
import { checkInParallel } from './checkParallel.ts';

/**
 * Below this much code the threads' start (each loads the parser, about 0.1-0.2 s of CPU) costs more than they
 * save: one thread checks 1 MB in well under a second.
 */
export const PARALLEL_MIN_BYTES = 1024 * 1024;

export interface RunChoice {
  config: AnalyzerConfig;
  /** `--jobs`; undefined: threadsFor decides. */
  jobs: number | undefined;
  /** `--cache FILE`, opened (RunCache.open). */
  cache: RunCache | undefined;
  /** The dialect check let every file through (`--no-dialect-check` not given). */
  dialectChecked: boolean;
  /** Bytes of code in the run (decides whether threads pay). */
  totalBytes: number;
  warn: (message: string) => void;
}

/**
 * Cores a machine needs before worker threads pay by default. A `--jobs 1` run already keeps two cores busy: about
 * half of its CPU is V8 compiling the parser's code on background threads (corpus-wide x1: main thread 7.1 s,
 * compiler and GC threads 6.9 s), and each worker thread compiles that code again and runs it cold until it is
 * compiled. Measured on 2 cores, two threads took 1.8x the CPU of one and longer, at x1 and at x4.
 */
export const PARALLEL_MIN_CORES = 3;

/** `--jobs N` is taken as given; without it, one thread per core on a machine and a run large enough to gain. */
export function threadsFor(jobs: number | undefined, totalBytes: number, cores: number = availableParallelism()): number {
  if (jobs !== undefined) return jobs > 1 ? jobs : 0;
  return cores >= PARALLEL_MIN_CORES && totalBytes >= PARALLEL_MIN_BYTES ? cores : 0;
}

export async function runChecks(
  files: readonly SourceFile[],
  makeAnalyzer: () => ProjectAnalyzer,
  earlierErrors: readonly FileError[],
  hooks: CheckHooks,
  choice: RunChoice,
): Promise<CheckReport> {
  const threads = threadsFor(choice.jobs, choice.totalBytes);
  if (choice.cache === undefined && threads === 0) return checkFiles(files, makeAnalyzer(), earlierErrors, hooks);

  const report = await checkInParallel(files, { config: choice.config, threads, cache: choice.cache, dialectChecked: choice.dialectChecked }, earlierErrors, hooks);
  try {
    choice.cache?.save();
  } catch (err) {
    choice.warn(`cannot write the cache ${choice.cache?.display}: ${err instanceof Error ? err.message : String(err)}`);
  }
  return report;
}
