/**
 * Chooses how a check run does its work: today's single-thread run (check.ts) for `--jobs 1` and for runs too
 * small to pay for starting threads, worker threads for the rest, and the cache whenever `--cache` is given.
 * Every way gives the same report.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { ProjectAnalyzer } from '../../analysis/analyzeProject.ts';
import type { AnalyzerConfig } from '../../analysis/analyze.ts';
import { checkFiles, type CheckHooks } from '../check.ts';
import type { SourceFile } from '../discover.ts';
import type { CheckReport, FileError } from '../model.ts';
import { cacheKey, loadCache, saveCache } from './checkCache.ts';
import { checkInParallel } from './checkParallel.ts';

/**
 * Below this much code the threads' start (each loads the parser, about 0.1-0.2 s of CPU) costs more than they
 * save: one thread checks 1 MB in well under a second.
 */
export const PARALLEL_MIN_BYTES = 1024 * 1024;

export interface RunChoice {
  config: AnalyzerConfig;
  /** `--jobs`; undefined: one thread per core. */
  jobs: number | undefined;
  /** `--cache FILE` as given. */
  cache: string | undefined;
  cwd: string;
  /** Bytes of code in the run (decides whether threads pay). */
  totalBytes: number;
  version: string;
  ruleIds: readonly string[];
  warn: (message: string) => void;
}

/** `--jobs N` is taken as given; without it, one thread per core once the run is large enough to gain. */
export function threadsFor(jobs: number | undefined, totalBytes: number): number {
  if (jobs !== undefined) return jobs > 1 ? jobs : 0;
  const cores = availableParallelism();
  return cores > 1 && totalBytes >= PARALLEL_MIN_BYTES ? cores : 0;
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

  const cachePath = choice.cache === undefined ? undefined : resolve(choice.cwd, choice.cache);
  const key = cacheKey(choice.version, choice.config, choice.ruleIds);
  let cache;
  if (cachePath !== undefined) {
    const loaded = loadCache(cachePath, key);
    if (loaded.warning) choice.warn(loaded.warning);
    cache = loaded.files;
  }
  const report = await checkInParallel(files, { config: choice.config, threads, cache }, earlierErrors, hooks);
  if (cachePath !== undefined && cache !== undefined) {
    try {
      saveCache(cachePath, key, cache);
    } catch (err) {
      choice.warn(`cannot write the cache ${choice.cache}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return report;
}
