/**
 * Chooses how a check run does its work: today's single-thread run (check.ts) for `--jobs 1` and for runs too
 * small to pay for starting threads, worker threads for the rest (or the same per-file work in the main thread,
 * where threads do not pay and the code is too large to keep parsed), and the cache whenever `--cache` is given.
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
  /** `--jobs`; undefined: planFor decides. */
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
 * it is compiled (about 4 s of CPU per thread on corpus-wide: one thread took 10.8 s for all of it, two threads
 * 7.6 s each for a half). Measured on 2 cores (loaded): two threads took 1.9x (x1) and 2.3x (x4) the CPU of one,
 * and longer. On 2 cores the wall time of a run is at least half its CPU, and a `--jobs 1` run is already close to
 * that bound (x1: 13.0 s of CPU, 5.2-5.9 s of it on the main thread), so two threads cannot finish sooner until
 * they take less CPU than one thread does.
 *
 * Again after the check's later optimization (optimizationBudget.ts) and without the call sites no check uses,
 * corpus-wide x1 alternating runs, loaded machine: one thread 12.5 s of CPU (main thread 8.8 s, compiler and GC
 * threads 3.7 s); two threads 19.5 s (6.5 s and 6.7 s on the worker threads for half of the code each, 1.3 s on the
 * main thread, 5.0 s compiling and collecting). Each worker warms the parser up once more and parses and analyzes
 * again the files that call into others, so two threads still take more CPU than the one run's wall on 2 cores.
 */
export const PARALLEL_MIN_CORES = 3;

/**
 * Above this much code a run (other than `--jobs 1`) does not keep every file's parse until its second pass, as
 * `--jobs 1` does (corpus-wide x1, 22 MB: 407 MB peak; x4, 88 MB: 1,071-1,228 MB), but analyzes each file as it parses it and
 * keeps the parses of the files that may depend on others for the second pass (fileWork.ts, definedNames.ts): on 2 cores in the main thread alone, since
 * threads cost more CPU there than they save. x4, one after the other on a loaded machine: one thread 39.7 s of
 * CPU, 23.8 s of it on the main thread, 369 MB peak; two threads 59.9 s of CPU, 548 MB. Each thread warms up
 * the parser (first pass: 44.7 s against 31.3 s) and, in the second pass, builds the whole index and works out
 * the same call chains again (1,092 files, 27% of the code: 13.9 s against 7.8 s).
 */
export const SINGLE_THREAD_MAX_BYTES = 32 * 1024 * 1024;

/** How a run does its work: the threads it starts and whether it keeps every parse until the second pass. */
export interface RunPlan {
  /** Worker threads; 0: the main thread does the work. */
  threads: number;
  /**
   * Parse and index everything, then analyze everything against the whole index, each parse kept until then
   * (check.ts for `--jobs 1`, FileWorkOptions.keepsParses on threads and with `--cache`): fastest for what fits in
   * memory. Without it each file is analyzed as it is parsed, and only the parses of files that may depend on others
   * are kept for the second pass (definedNames.ts; a file that does depend on others and was not kept is parsed again).
   */
  keepsParses: boolean;
}

/**
 * `--jobs N` is taken as given (`--jobs 1`: the main thread, keeping the parses; more: threads, keeping the parses
 * of runs small enough to keep in memory at once). Without it: one thread per core from 3 cores up once the run
 * has 1 MB of code; below, the main thread. Either keeps the parses only for runs small enough to keep in memory.
 */
export function planFor(jobs: number | undefined, totalBytes: number, cores: number = availableParallelism()): RunPlan {
  const fits = totalBytes <= SINGLE_THREAD_MAX_BYTES;
  if (jobs !== undefined) return jobs > 1 ? { threads: jobs, keepsParses: fits } : { threads: 0, keepsParses: true };
  if (cores >= PARALLEL_MIN_CORES && totalBytes >= PARALLEL_MIN_BYTES) return { threads: cores, keepsParses: fits };
  return { threads: 0, keepsParses: fits };
}

export async function runChecks(
  files: readonly SourceFile[],
  makeAnalyzer: () => ProjectAnalyzer,
  earlierErrors: readonly FileError[],
  hooks: CheckHooks,
  choice: RunChoice,
): Promise<CheckReport> {
  // One file is one thread's work whatever its size: a worker would only add its own heap and a copy of the results.
  const plan = choice.jobs === undefined && files.length < 2 ? { threads: 0, keepsParses: true } : planFor(choice.jobs, choice.totalBytes);
  if (choice.cache === undefined && plan.threads === 0 && plan.keepsParses) return checkFiles(files, makeAnalyzer(), earlierErrors, hooks);
  const threads = plan.threads;

  const report = await checkInParallel(
    files,
    { config: choice.config, threads, cache: choice.cache, dialectChecked: choice.dialectChecked, keepsParses: plan.keepsParses },
    earlierErrors,
    hooks,
  );
  try {
    choice.cache?.save();
  } catch (err) {
    choice.warn(`cannot write the cache ${choice.cache?.display}: ${err instanceof Error ? err.message : String(err)}`);
  }
  return report;
}
