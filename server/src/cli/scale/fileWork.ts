/**
 * What a check run does with one file, the same in a worker thread and in the main thread.
 *
 * First pass: decode, parse, take the file's index entries, and analyze it at once against no other file,
 * recording every name the analysis looked up in the workspace. Once the index is complete, that result stands
 * for every file where no other file defines any of those names: the analysis asked the same questions and got
 * the same answers as it would have with the whole index, so its findings are the same. Only the files that
 * call into other files are analyzed again (second pass), against the complete definitions. Which ones is known
 * only when the index is complete, and keeping every parse until then would let memory grow with the code base
 * again; so a file keeps its parse only when a name its analysis looked up may be defined by another file, as a
 * scan of every text made before the first pass tells (`definedNames`, definedNames.ts: on corpus-wide 303 files
 * kept for 234 that needed the second pass, 28 of those parsed again). Each file is parsed once in the common case.
 *
 * A run whose code fits in memory at once (runChecks.ts planFor) keeps each file's parse instead, on the thread
 * that made it (`keepsParses`): the first pass parses and indexes, the second analyzes every file against the
 * whole index, as `--jobs 1` does (check.ts), and no file is parsed or analyzed twice.
 *
 * The same record of lookups makes the check cache safe: a cached result stands while the file's content is
 * unchanged and every name it looked up still means what it meant (see checkCache.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { decodeSource } from '../../parser/decodeSource.ts';
import { parseScript, type ParsedScript } from '../../syntax/parseScript.ts';
import { analyzeText, type AnalysisResult, type AnalyzerConfig, type DefinitionSource } from '../../analysis/analyze.ts';
import { definitionsOfScript, WorkspaceIndex, type IndexEntries, type IndexedDefinition } from '../../analysis/index/workspaceIndex.ts';
import { graphOfScript, type CallGraph, type ChainStep, type Fact } from '../../analysis/index/callGraph.ts';
import { keysOfScript } from '../../analysis/index/schemaKeys.ts';
import { findDirectives } from '../../analysis/suppressions.ts';
import { describeFsError } from '../discover.ts';
import type { FileFinding, UnexplainedSuppression } from '../model.ts';
import { DefinedNames } from './definedNames.ts';

export interface FileJob {
  id: number;
  path: string;
  display: string;
  /** The file's bytes as the main thread read (and hashed) them; read from `path` when absent. */
  bytes?: Uint8Array;
}

/** One file's part of the report, and what its analysis asked of the workspace. */
export interface FileResult {
  /** With their code lines. */
  findings: FileFinding[];
  lines: number;
  unexplained: UnexplainedSuppression[];
  /**
   * Each name looked up in the workspace, with a fingerprint of what the other files define under it
   * (`keys:TABLE` for the keys declared for a table), as meaningOf() gives it.
   */
  lookups: [name: string, fingerprint: string][];
  /** What SQL statements of other files call this file's functions (sqlCallersOf()): it makes their bodies per-row. */
  sqlCallers: string;
}

export interface Timings {
  parseMs: number;
  indexMs: number;
  analysisMs: number;
  /** When the worker started and finished the request (epoch ms), for the trace. */
  span?: [number, number];
  /** The worker thread's CPU time so far (ms), for the trace. */
  cpu?: number;
}

export type FirstPassReply =
  /** `kept`: the worker keeps the parse for a second pass (FileWorkOptions.keepsParses, or `definedNames` says it may need one). */
  | { id: number; kind: 'indexed'; entries: IndexEntries; result: FileResult | undefined; analysisError?: string; kept?: true; timings: Timings }
  | { id: number; kind: 'failed'; message: string; stack?: string; timings: Timings };

export type SecondPassReply =
  | { id: number; kind: 'analyzed'; result: FileResult; timings: Timings }
  | { id: number; kind: 'failed'; message: string; stack?: string; timings: Timings };

const hash = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('base64');

/** What the other files define under a name, as a short stable string ('' for nothing). */
export function fingerprintOf(definitions: readonly IndexedDefinition[]): string {
  return definitions.length === 0 ? '' : hash(definitions);
}

const FACTS: readonly Fact[] = ['sql', 'sql-always', 'commit', 'autonomous', 'autonomous-always'];
const KEYS_PREFIX = 'keys:';

/** A chain of calls as the messages print it: each step's subprogram, the call that reached it and what it does. */
function chainShape(chain: readonly ChainStep[] | undefined): unknown {
  return chain?.map(({ facts, via }) => [facts.id, facts.displayName, via, facts.sql, facts.sqlAlways, facts.commit, facts.autonomous]);
}

/**
 * What a looked-up name means to an analysis of `file`, as a short stable string ('' for nothing): the other
 * files' definitions under it and, through the call graph, what calling them leads to (SQL, COMMIT, an autonomous
 * transaction, by which chain), so a change three calls away re-analyzes the caller. `keys:TABLE` stands for the
 * keys the other files declare for a table.
 */
export function meaningOf(index: WorkspaceIndex | undefined, name: string, file: string): string {
  if (!index) return '';
  if (name.startsWith(KEYS_PREFIX)) {
    const keys = index.keysOf(name.slice(KEYS_PREFIX.length)).filter((k) => k.file !== file);
    return keys.length === 0 ? '' : hash(keys);
  }
  const definitions = index.definitions(name).filter((d) => d.file !== file);
  if (definitions.length === 0) return '';
  const graph = index.callGraph;
  const reaches = definitions.map((d) => graph.factsOfDefinition(d).map((facts) => FACTS.map((fact) => chainShape(graph.chainTo(facts, fact)))));
  return hash({ definitions, reaches });
}

/**
 * meaningOf with each name's answer kept: it differs from file to file only for the files that define the name
 * themselves (their own definitions do not count), so for every other file it is computed once.
 */
export function meaningsOf(index: WorkspaceIndex | undefined): (name: string, file: string) => string {
  const kept = new Map<string, string>();
  return (name, file) => {
    if (!index) return '';
    const own = name.startsWith(KEYS_PREFIX)
      ? index.keysOf(name.slice(KEYS_PREFIX.length)).some((k) => k.file === file)
      : index.definitions(name).some((d) => d.file === file);
    if (own) return meaningOf(index, name, file);
    let meaning = kept.get(name);
    if (meaning === undefined) kept.set(name, (meaning = meaningOf(index, name, file)));
    return meaning;
  };
}

/** The SQL statements of other files that call this file's subprograms, as a short stable string ('' for none). */
export function sqlCallersOf(index: WorkspaceIndex | undefined, file: string): string {
  if (!index) return '';
  const graph = index.callGraph;
  const sites = graph.subprogramsOf(file).flatMap((facts) =>
    graph.sqlCallersOf(facts).filter((site) => site.file !== file).map((site) => [facts.id, site.file, site.range, site.sqlLine, site.sqlWhat, site.perRow]));
  return sites.length === 0 ? '' : hash(sites);
}

/** The answers the analysis gets, with each question and its answer written down. */
function recording(
  file: string,
  index: WorkspaceIndex | undefined,
  meaning: (name: string, file: string) => string,
  lookups: [string, string][],
  ownGraph?: CallGraph,
): DefinitionSource {
  const seen = new Set<string>();
  const note = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    lookups.push([name, meaning(name, file)]);
  };
  return {
    definitions(name) {
      note(name);
      return index?.definitions(name) ?? [];
    },
    keysOf(table) {
      note(KEYS_PREFIX + table);
      return index?.keysOf(table) ?? [];
    },
    // the whole workspace's call graph in the second pass, the file's own in the first
    has: index ? (f) => index.has(f) : undefined,
    callGraph: index?.callGraph ?? ownGraph,
  };
}

export function describeError(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

const noTime = (): Timings => ({ parseMs: 0, indexMs: 0, analysisMs: 0 });

/** A file's findings with their code lines and its suppressions without a reason, as check.ts reports them. */
function resultOf(display: string, text: string, analysis: Pick<AnalysisResult, 'findings' | 'lines'>, lookups: [string, string][], sqlCallers: string): FileResult {
  const lines = analysis.findings.length > 0 ? text.split(/\r\n?|\n/) : [];
  const findings = analysis.findings.map((f) => ({ ...f, file: display, code: lines[f.line - 1] }));
  const unexplained: UnexplainedSuppression[] = [];
  if (text.includes('plsql-perf-')) {
    for (const d of findDirectives(text)) {
      if (d.kind !== 'enable' && d.reason === undefined) unexplained.push({ file: display, line: d.line, endLine: d.endLine, kind: d.kind, rules: d.rules });
    }
  }
  return { findings, lines: analysis.lines, unexplained, lookups, sqlCallers };
}

/** How a FileWorker works, the same for every file of a run. */
export interface FileWorkOptions {
  /**
   * The run keeps a cache (`--cache`): second-pass results carry what each looked-up name means and who calls the
   * file from SQL, as the cache records them. Without a cache nothing reads them (only first-pass results are
   * checked against the whole index), and working them out was about a fifth of the second pass (x4 of
   * corpus-wide on one thread: 2.5 s, the call chains of every name a file looks up, hashed).
   */
  fingerprints: boolean;
  /**
   * Keep each file's text and parse from its first pass to its second and analyze it only then, against the whole
   * index: every file goes to the second pass, sent back to the FileWorker that parsed it. Corpus-wide (22 MB) on
   * two threads, alternating runs (user + system CPU): 16.3-16.5 s of CPU and 8.9-9.0 s wall against 19.8-20.2 s
   * and 10.6-10.8 s analyzing in the first pass and parsing the 234 files that call into others again; peak RSS
   * 490-525 MB against 350 MB.
   */
  keepsParses?: boolean;
  /**
   * Without keepsParses: which file of the run may define each name (DefinedNames.toEntries, read from every text
   * before the first pass). A file whose first-pass analysis looked up a name another file may define keeps its
   * parse for the second pass, which it is then likely to need, instead of being parsed again there.
   */
  definedNames?: readonly [string, number][];
}

export class FileWorker {
  private index: WorkspaceIndex | undefined;
  private meaning: (name: string, file: string) => string = () => '';
  /** keepsParses, or a file that may depend on others (`definedNames`): its text and parse from its first pass, until its second. */
  private readonly kept = new Map<number, { text: string; script: ParsedScript }>();
  private readonly definedNames: DefinedNames | undefined;

  constructor(
    private readonly config: AnalyzerConfig,
    private readonly options: FileWorkOptions = { fingerprints: true },
  ) {
    this.definedNames = options.definedNames && options.keepsParses !== true ? DefinedNames.fromEntries(options.definedNames) : undefined;
  }

  first(job: FileJob): FirstPassReply {
    const timings = noTime();
    let text: string;
    try {
      text = decodeSource(job.bytes ?? readFileSync(job.path)).text;
    } catch (err) {
      return { id: job.id, kind: 'failed', message: describeFsError(err), timings };
    }
    let script: ParsedScript;
    let entries: IndexEntries;
    try {
      const started = performance.now();
      script = parseScript(text, { unitCache: false });
      const parsed = performance.now();
      // No call sites: the check resolves calls, it never lists who calls whom (the editor's references do).
      entries = { definitions: definitionsOfScript(job.display, script), keys: keysOfScript(text, script), graph: graphOfScript(job.display, script) };
      timings.parseMs = parsed - started;
      timings.indexMs = performance.now() - parsed;
    } catch (err) {
      return { id: job.id, kind: 'failed', message: `internal error while indexing: ${describeError(err)}`, stack: err instanceof Error ? err.stack : undefined, timings };
    }
    if (this.options.keepsParses === true) {
      this.kept.set(job.id, { text, script }); // analyzed in the second pass, against the whole index
      return { id: job.id, kind: 'indexed', entries, result: undefined, timings };
    }
    const lookups: [string, string][] = [];
    let result: FileResult | undefined;
    let analysisError: string | undefined;
    // The file's own call graph, as analyzeText would build it without an index, from the entries just taken.
    const own = new WorkspaceIndex();
    own.updateFromEntries(job.display, entries);
    own.callGraph.adoptSource(job.display, script);
    // A check's analysis lets each unit's models go once its rules walked them (findingsOnly): held here, they are
    // kept for the second pass if the lookups say the file may need one.
    const views = this.definedNames ? script.units.map((unit) => unit.views) : undefined;
    try {
      const analysis = analyzeText(text, { file: job.display, index: recording(job.display, undefined, () => '', lookups, own.callGraph), config: this.config, script, unitCache: false, findingsOnly: true });
      timings.analysisMs = analysis.analysisMs;
      result = resultOf(job.display, text, analysis, lookups, '');
    } catch (err) {
      analysisError = describeError(err); // analyzed again in the second pass, where the error is reported
    }
    if (views && (result === undefined || lookups.some(([name]) => this.definedNames!.elsewhere(name, job.id)))) {
      script.units.forEach((unit, i) => {
        unit.views = views[i]!;
      });
      this.kept.set(job.id, { text, script });
      return { id: job.id, kind: 'indexed', entries, result, analysisError, kept: true, timings };
    }
    return { id: job.id, kind: 'indexed', entries, result, analysisError, timings };
  }

  /** Kept parses the second pass will not ask for (their first-pass results stand). */
  forget(ids: readonly number[]): void {
    for (const id of ids) this.kept.delete(id);
  }

  /** The complete index (definitions, keys, call graph), for the second pass. */
  setIndex(entries: readonly [file: string, entries: IndexEntries][]): void {
    const index = new WorkspaceIndex();
    for (const [file, fileEntries] of entries) index.updateFromEntries(file, fileEntries);
    this.index = index;
    this.meaning = this.options.fingerprints ? meaningsOf(index) : () => '';
  }

  second(job: FileJob): SecondPassReply {
    const timings = noTime();
    let text: string;
    let script: ParsedScript;
    const kept = this.kept.get(job.id);
    if (kept !== undefined) {
      this.kept.delete(job.id);
      ({ text, script } = kept);
    } else {
      try {
        text = decodeSource(job.bytes ?? readFileSync(job.path)).text;
        const started = performance.now();
        script = parseScript(text, { unitCache: false });
        timings.parseMs = performance.now() - started;
      } catch (err) {
        return { id: job.id, kind: 'failed', message: describeFsError(err), timings };
      }
    }
    const lookups: [string, string][] = [];
    // the index holds this file's call graph built from the same bytes in the first pass: no overlay to build
    this.index?.callGraph.adoptSource(job.display, script);
    try {
      const analysis = analyzeText(text, { file: job.display, index: recording(job.display, this.index, this.meaning, lookups), config: this.config, script, unitCache: false, findingsOnly: true });
      timings.analysisMs = analysis.analysisMs;
      const sqlCallers = this.options.fingerprints ? sqlCallersOf(this.index, job.display) : '';
      return { id: job.id, kind: 'analyzed', result: resultOf(job.display, text, analysis, lookups, sqlCallers), timings };
    } catch (err) {
      return { id: job.id, kind: 'failed', message: `internal error: ${describeError(err)}`, stack: err instanceof Error ? err.stack : undefined, timings };
    } finally {
      this.index?.callGraph.releaseSource(job.display); // no parse outlives its file
    }
  }
}
