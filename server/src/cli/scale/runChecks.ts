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
 * Cores a machine needs before worker threads pay for their speed. A `--jobs 1` run already keeps two cores busy:
 * about half of its CPU is V8 compiling the parser's code on background threads (corpus-wide x1: main thread
 * 5.9 s, compiler and GC threads 6.1 s), and each worker thread compiles that code again and runs it cold until
 * it is compiled. Measured on 2 cores (loaded): two threads took 1.9x (x1) and 2.3x (x4) the CPU of one, and
 * longer.
 */
export const PARALLEL_MIN_CORES = 3;

/**
 * Above this much code, threads even on 2 cores: a `--jobs 1` run keeps every file's parse until its second pass
 * (corpus-wide x1, 22 MB: 407 MB peak; x4, 88 MB: 1,228 MB), the threads keep one parse per thread (x4: 828 MB).
 */
export const SINGLE_THREAD_MAX_BYTES = 32 * 1024 * 1024;

/**
 * `--jobs N` is taken as given. Without it: one thread per core from 3 cores up once the run has 1 MB of code;
 * on 2 cores, threads only for runs too large to keep in memory at once.
 */
export function threadsFor(jobs: number | undefined, totalBytes: number, cores: number = availableParallelism()): number {
  if (jobs !== undefined) return jobs > 1 ? jobs : 0;
  if (cores < 2 || totalBytes < PARALLEL_MIN_BYTES) return 0;
  return cores >= PARALLEL_MIN_CORES || totalBytes > SINGLE_THREAD_MAX_BYTES ? cores : 0;
}

export async function runChecks(
  files: readonly SourceFile[],
  makeAnalyzer: () => ProjectAnalyzer,
  earlierErrors: readonly FileError[],
  hooks: CheckHooks,
  choice: RunChoice,
): Promise<CheckReport> {
  // One file is one thread's work whatever its size: a worker would only add its own heap and a copy of the results.
  const threads = choice.jobs === undefined && files.length < 2 ? 0 : threadsFor(choice.jobs, choice.totalBytes);
  if (choice.cache === undefined && threads === 0) return checkFiles(files, makeAnalyzer(), earlierErrors, hooks);

  const report = await checkInParallel(files, { config: choice.config, threads, cache: choice.cache, dialectChecked: choice.dialectChecked }, earlierErrors, hooks);
  try {
    choice.cache?.save();
  } catch (err) {
    choice.warn(`cannot write the cache ${choice.cache?.display}: ${err instanceof Error ? err.message : String(err)}`);
  }
  return report;
}
