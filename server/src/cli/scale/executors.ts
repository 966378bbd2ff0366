/**
 * Where FileWorker runs: in a worker thread (`threadExecutor`) or in the main thread (`inlineExecutor`, for
 * `--jobs 1` with a cache and for runs too small to pay for starting threads). Both answer the same requests.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AnalyzerConfig } from '../../analysis/analyze.ts';
import type { IndexEntries } from '../../analysis/index/workspaceIndex.ts';
import { FileWorker, type FileJob, type FileWorkOptions, type FirstPassReply, type SecondPassReply } from './fileWork.ts';
import { delayOptimization } from '../optimizationBudget.ts';
import { packedIndex } from './packedIndex.ts';

export type WorkerRequest =
  | { kind: 'first'; job: FileJob }
  | { kind: 'index'; packed: Uint8Array }
  | { kind: 'second'; job: FileJob }
  | { kind: 'forget'; ids: number[] };

export interface Executor {
  first(job: FileJob): Promise<FirstPassReply>;
  setIndex(entries: [string, IndexEntries][]): Promise<void>;
  second(job: FileJob): Promise<SecondPassReply>;
  /** Drops kept parses of these files (FileWorker.forget). */
  forget(ids: number[]): Promise<void>;
  /** Requests sent and not yet answered. */
  readonly pending: number;
  close(): Promise<void>;
}

export function inlineExecutor(config: AnalyzerConfig, options: FileWorkOptions): Executor {
  const worker = new FileWorker(config, options);
  return {
    first: async (job) => worker.first(job),
    setIndex: async (entries) => worker.setIndex(entries),
    second: async (job) => worker.second(job),
    forget: async (ids) => worker.forget(ids),
    pending: 0,
    close: async () => {},
  };
}

/** The worker script next to this module: the bundle's `check-worker.mjs`, or the source under tsx. */
function workerScript(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('./checkWorker.ts', here) : new URL('./check-worker.mjs', here);
}

/** Under tsx (the tests run the sources) the worker registers the TypeScript loader first; the bundle needs nothing. */
function startWorker(script: URL, workerData: unknown): Worker {
  // No flags of the main process: `node --input-type=module -e ...` (or an -e script embedding the CLI) would
  // make every worker fail to start.
  if (!script.pathname.endsWith('.ts')) return new Worker(script, { workerData, execArgv: [] });
  const tsxRoot = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(script.href)}); });`;
  return new Worker(boot, { eval: true, workerData, execArgv: [] });
}

export function threadExecutor(config: AnalyzerConfig, options: FileWorkOptions): Executor {
  delayOptimization(); // set by a check run already; again for a caller that starts workers itself
  const thread = startWorker(workerScript(), { config, options });
  const waiting: { resolve: (value: unknown) => void; reject: (error: Error) => void }[] = [];
  let failure: Error | undefined;
  const failAll = (error: Error) => {
    failure ??= error;
    for (const w of waiting.splice(0)) w.reject(failure);
  };
  thread.on('message', (reply) => waiting.shift()?.resolve(reply));
  thread.on('error', (error) => failAll(error));
  thread.on('exit', (code) => failAll(new Error(`the worker thread stopped (exit code ${code})`)));
  const ask = <T>(request: WorkerRequest): Promise<T> => {
    if (failure) return Promise.reject(failure);
    return new Promise<T>((resolve, reject) => {
      waiting.push({ resolve: resolve as (value: unknown) => void, reject });
      thread.postMessage(request);
    });
  };
  return {
    first: (job) => ask<FirstPassReply>({ kind: 'first', job }),
    setIndex: async (entries) => {
      await ask({ kind: 'index', packed: packedIndex(entries) });
    },
    second: (job) => ask<SecondPassReply>({ kind: 'second', job }),
    forget: async (ids) => {
      await ask({ kind: 'forget', ids });
    },
    get pending() {
      return waiting.length;
    },
    close: async () => {
      failure ??= new Error('closed');
      await thread.terminate();
    },
  };
}

/**
 * A thread started on its first file: a run that finds every file in the cache starts none (each start loads
 * the parser, a few hundred ms of CPU), and a small run starts only the threads it keeps busy.
 */
export function lazyExecutor(start: () => Executor): Executor {
  let real: Executor | undefined;
  let definitions: [string, IndexEntries][] | undefined;
  const started = (): Executor => {
    if (real === undefined) {
      real = start();
      // Posted before any request of the caller: the thread answers in order.
      if (definitions !== undefined) void real.setIndex(definitions);
    }
    return real;
  };
  return {
    first: (job) => started().first(job),
    setIndex: async (list) => {
      definitions = list;
      if (real !== undefined) await real.setIndex(list);
    },
    second: (job) => started().second(job),
    // a thread not started keeps nothing
    forget: async (ids) => {
      await real?.forget(ids);
    },
    get pending() {
      return real?.pending ?? 0;
    },
    close: async () => {
      await real?.close();
    },
  };
}
