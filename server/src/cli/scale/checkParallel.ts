/**
 * A check run on worker threads (`--jobs N`) and with the check cache (`--cache FILE`). The main thread reads
 * and hashes each file, keeps the one workspace index and decides which results stand; the workers parse,
 * index and analyze (fileWork.ts says why most files are parsed and analyzed once). The report is the one
 * check.ts builds with `--jobs 1`: the same findings, errors and order.
 */
import { readFileSync } from 'node:fs';
import type { AnalyzerConfig } from '../../analysis/analyze.ts';
import { WorkspaceIndex, type IndexEntries } from '../../analysis/index/workspaceIndex.ts';
import { compareFileFindings, type CheckHooks } from '../check.ts';
import { describeFsError, type SourceFile } from '../discover.ts';
import type { CheckReport, FileError } from '../model.ts';
import { contentHash, type RunCache } from './checkCache.ts';
import { inlineExecutor, lazyExecutor, threadExecutor, type Executor } from './executors.ts';
import { RunTrace } from './runTrace.ts';
import { meaningsOf, sqlCallersOf, type FileResult, type Timings } from './fileWork.ts';
import { DefinedNames } from './definedNames.ts';

export interface ParallelOptions {
  config: AnalyzerConfig;
  /** Worker threads; 0 runs the same work in the main thread. */
  threads: number;
  /** The cached files of the last run (by display name); updated in place with this run's results. */
  cache?: RunCache;
  /** The dialect check let every file of the run through (recorded in the cache with each file's hash). */
  dialectChecked?: boolean;
  /** Each file's parse is kept on the thread that made it until its second pass (FileWorkOptions.keepsParses). */
  keepsParses?: boolean;
}

/** Requests in flight per worker: one being worked on, one waiting, so a worker never idles on a round trip. */
const IN_FLIGHT = 2;

interface FileState {
  file: SourceFile;
  hash?: string;
  entries?: IndexEntries;
  result?: FileResult;
  error?: FileError;
  /** The result is the cached one, unchanged. */
  cached?: boolean;
  /** The executor that parsed the file. */
  parsedBy?: Executor;
  /** That executor keeps the parse for the second pass (the run keeps parses, or the file may depend on others). */
  kept?: boolean;
}

/**
 * Runs `work` for each item on the executors, at most IN_FLIGHT at a time on each: on the executor `placedOn`
 * names for the item, else on whichever is free first. Each executor takes its items in the order given.
 */
async function spread<T>(
  items: readonly T[],
  executors: readonly Executor[],
  placedOn: (item: T) => Executor | undefined,
  work: (item: T, executor: Executor) => Promise<void>,
): Promise<void> {
  const anywhere: T[] = [];
  const placed = new Map<Executor, T[]>();
  for (const item of items) {
    const executor = placedOn(item);
    if (executor === undefined) anywhere.push(item);
    else if (placed.has(executor)) placed.get(executor)!.push(item);
    else placed.set(executor, [item]);
  }
  let nextAnywhere = 0;
  const lane = async (executor: Executor, own: T[], nextOwn: { at: number }): Promise<void> => {
    while (nextOwn.at < own.length) await work(own[nextOwn.at++]!, executor);
    while (nextAnywhere < anywhere.length) await work(anywhere[nextAnywhere++]!, executor);
  };
  await Promise.all(executors.flatMap((executor) => {
    const own = placed.get(executor) ?? [];
    const nextOwn = { at: 0 };
    return Array.from({ length: IN_FLIGHT }, () => lane(executor, own, nextOwn));
  }));
}

/** Which file may define each name, from every readable file's text (an unreadable one fails in the first pass). */
function scanDefinedNames(files: readonly SourceFile[]): [string, number][] {
  const names = new DefinedNames();
  files.forEach((file, id) => {
    let text: string;
    try {
      text = readFileSync(file.path, 'latin1'); // names are ASCII; any encoding's bytes for them will do
    } catch {
      return;
    }
    names.add(id, text);
  });
  return names.toEntries();
}

export async function checkInParallel(
  files: readonly SourceFile[],
  options: ParallelOptions,
  earlierErrors: readonly FileError[] = [],
  hooks: CheckHooks = {},
): Promise<CheckReport> {
  const keepsParses = options.keepsParses === true;
  // Analyzing each file as it parses it: a file that may depend on others keeps its parse (definedNames.ts). Not with
  // a cache, whose runs are mostly over unchanged code that nothing parses: the scan would read every file for nothing.
  const definedNames = keepsParses || options.cache !== undefined || files.length < 2 ? undefined : scanDefinedNames(files);
  const work = { fingerprints: options.cache !== undefined, keepsParses, definedNames };
  const executors: Executor[] = options.threads > 0
    ? Array.from({ length: Math.min(options.threads, Math.max(1, files.length)) }, () => lazyExecutor(() => threadExecutor(options.config, work)))
    : [inlineExecutor(options.config, work)];
  const timings: Timings = { parseMs: 0, indexMs: 0, analysisMs: 0 };
  const add = (t: Timings) => {
    timings.parseMs += t.parseMs;
    timings.indexMs += t.indexMs;
    timings.analysisMs += t.analysisMs;
  };
  const states: FileState[] = files.map((file) => ({ file }));
  // The largest files first: the last ones to finish are then small, and no thread waits long for another.
  const largestFirst = (ids: number[]) => ids.sort((a, b) => (files[b]!.size ?? 0) - (files[a]!.size ?? 0) || a - b);
  const trace = RunTrace.fromEnvironment();
  // Files finish in no fixed order: their errors are told at the end of each pass, in file order, as --jobs 1 tells them.
  const untold: { id: number; error: FileError; cause: Error | undefined }[] = [];
  const failed = (state: FileState, message: string, stack?: string) => {
    state.error = { file: state.file.display, message };
    state.result = undefined;
    untold.push({ id: states.indexOf(state), error: state.error, cause: stack === undefined ? undefined : Object.assign(new Error(message), { stack }) });
  };
  const tell = () => {
    for (const { error, cause } of untold.sort((a, b) => a.id - b.id)) hooks.onError?.(error, cause);
    untold.length = 0;
  };

  try {
    // First pass: read and hash every file; a cached one is done, the others are parsed, indexed and analyzed.
    let done = 0;
    await spread(largestFirst(states.map((_, i) => i)), executors, () => undefined, async (id, executor) => {
      const state = states[id]!;
      hooks.onProgress?.('parsing', done++, states.length, state.file);
      const known = options.cache?.seenUnchangedInThisRun(state.file.display) ? options.cache.files.get(state.file.display) : undefined;
      if (known !== undefined) {
        state.hash = known.hash;
        state.entries = known.entries;
        state.result = known.result;
        state.cached = true;
        return;
      }
      let bytes: Uint8Array;
      try {
        bytes = readFileSync(state.file.path);
      } catch (err) {
        failed(state, describeFsError(err), undefined);
        return;
      }
      if (options.cache) state.hash = contentHash(bytes);
      const cached = options.cache?.files.get(state.file.display);
      if (cached !== undefined && cached.hash === state.hash) {
        state.entries = cached.entries;
        state.result = cached.result;
        state.cached = true;
        return;
      }
      const sent = trace.mark();
      const reply = await ask(() => executor.first({ id, path: state.file.path, display: state.file.display, bytes }));
      trace.request(1, executors.indexOf(executor), id, sent, reply.timings, bytes.length);
      add(reply.timings);
      if (reply.kind === 'failed') {
        failed(state, reply.message, reply.stack);
        return;
      }
      state.entries = reply.entries;
      state.result = reply.result;
      state.parsedBy = executor;
      state.kept = keepsParses || reply.kept === true;
    });

    tell();
    trace.phase('first pass');
    // The one index, in file order (the order its name table lists definitions in, as with --jobs 1).
    const indexStarted = performance.now();
    const standsAt = trace.mark();
    const workspace = new WorkspaceIndex();
    for (const state of states) if (state.entries) workspace.updateFromEntries(state.file.display, state.entries);
    // A result stands where every question its analysis asked of the workspace has the same answer now, and no
    // other file's SQL calls the file's functions differently (that makes their bodies per-row contexts).
    const meaning = meaningsOf(workspace);
    const stands = (state: FileState): boolean =>
      state.result !== undefined &&
      state.result.lookups.every(([name, fingerprint]) => meaning(name, state.file.display) === fingerprint) &&
      state.result.sqlCallers === sqlCallersOf(workspace, state.file.display);
    // Every file came from the cache, the cache holds no other, and the last run's workspace held no other: the
    // workspace is the one the cached results were checked against (their lookups' answers came from it), so all stand.
    const unchanged = options.cache?.complete === true && options.cache.files.size === states.length && states.every((s) => s.cached);
    const again = unchanged ? [] : states.map((_, i) => i).filter((i) => states[i]!.entries !== undefined && !stands(states[i]!));
    timings.indexMs += performance.now() - indexStarted;
    trace.phase('index and what stands', standsAt);
    // Parses kept for a second pass that their files do not need: let them go before it starts.
    if (!keepsParses) {
      const needed = new Set(again);
      const unneeded = new Map<Executor, number[]>();
      states.forEach((state, id) => {
        if (state.kept && state.parsedBy && !needed.has(id)) unneeded.set(state.parsedBy, [...(unneeded.get(state.parsedBy) ?? []), id]);
      });
      await Promise.all([...unneeded].map(([executor, ids]) => executor.forget(ids)));
    }

    // Second pass: the files whose analysis depends on other files, against the complete definitions.
    if (again.length > 0) {
      const entries: [string, IndexEntries][] = states.filter((s) => s.entries).map((s) => [s.file.display, s.entries!]);
      const setAt = trace.mark();
      await Promise.all(executors.map((e) => e.setIndex(entries)));
      trace.phase('index to workers', setAt);
      const secondAt = trace.mark();
      let analyzed = 0;
      // A kept parse is analyzed where it was made; any thread will do for a file parsed again.
      const placedOn = (id: number) => (states[id]!.kept ? states[id]!.parsedBy : undefined);
      await spread(largestFirst(again), executors, placedOn, async (id, executor) => {
        const state = states[id]!;
        hooks.onProgress?.('analyzing', analyzed++, again.length, state.file);
        const sent = trace.mark();
        const reply = await ask(() => executor.second({ id, path: state.file.path, display: state.file.display }));
        trace.request(2, executors.indexOf(executor), id, sent, reply.timings);
        add(reply.timings);
        state.cached = false;
        if (reply.kind === 'failed') failed(state, reply.message, reply.stack);
        else state.result = reply.result;
      });
      tell();
      trace.phase('second pass', secondAt);
    }
  } finally {
    await Promise.all(executors.map((e) => e.close()));
  }

  const report: CheckReport = {
    files: 0, lines: 0, parseMs: 0, analysisMs: 0, indexMs: 0, findings: [], errors: [...earlierErrors], unexplainedSuppressions: [],
  };
  for (const state of states) {
    if (state.error) {
      report.errors.push(state.error);
      continue;
    }
    if (!state.result) continue;
    report.files++;
    report.lines += state.result.lines;
    for (const f of state.result.findings) report.findings.push(f);
    report.unexplainedSuppressions!.push(...state.result.unexplained);
    if (options.cache && state.hash !== undefined && state.entries) {
      const previous = options.cache.files.get(state.file.display);
      const oracle = options.dialectChecked === true || (previous?.oracle === true && previous.hash === state.hash);
      if (!(state.cached && previous?.oracle === (oracle || undefined))) {
        options.cache.set(state.file.display, { hash: state.hash, entries: state.entries, result: state.result, ...(oracle ? { oracle: true as const } : {}) });
      }
    }
  }
  if (options.cache) {
    // Files no longer in the run leave the cache; an unreadable or failing file has no entry to trust.
    const present = new Set(states.filter((s) => s.result && !s.error).map((s) => s.file.display));
    for (const display of [...options.cache.files.keys()]) if (!present.has(display)) options.cache.delete(display);
    // a file indexed in this run and then failed was part of the workspace the cached results were checked against
    options.cache.setComplete(!states.some((s) => s.entries !== undefined && s.error !== undefined));
  }
  report.findings.sort(compareFileFindings);
  report.errors.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  trace.write();
  const round = (ms: number) => Math.round(ms * 10) / 10;
  report.parseMs = round(timings.parseMs);
  report.analysisMs = round(timings.analysisMs);
  report.indexMs = round(timings.indexMs);
  return report;
}

/** A worker that stopped (out of memory, killed) fails the files it was given, not the run. */
async function ask<T extends { timings: Timings }>(request: () => Promise<T>): Promise<T | { kind: 'failed'; message: string; stack?: string; timings: Timings }> {
  try {
    return await request();
  } catch (err) {
    return { kind: 'failed', message: `internal error: ${err instanceof Error ? err.message : String(err)}`, timings: { parseMs: 0, indexMs: 0, analysisMs: 0 } };
  }
}
