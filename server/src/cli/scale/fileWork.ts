/**
 * What a check run does with one file, the same in a worker thread and in the main thread.
 *
 * First pass: decode, parse, take the file's index entries, and analyze it at once against no other file,
 * recording every name the analysis looked up in the workspace. Once the index is complete, that result stands
 * for every file where no other file defines any of those names: the analysis asked the same questions and got
 * the same answers as it would have with the whole index, so its findings are the same. Only the files that
 * call into other files are analyzed again (second pass), against the complete definitions, and parsed again
 * for it: keeping their parses would hold models of most files (which files need the second pass is known only
 * when the index is complete), and memory would grow with the code base again. So each file is parsed once in
 * the common case and no parse outlives its file.
 *
 * The same record of lookups makes the check cache safe: a cached result stands while the file's content is
 * unchanged and every name it looked up still means what it meant (see checkCache.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { decodeSource } from '../../parser/decodeSource.ts';
import { parseScript, type ParsedScript } from '../../syntax/parseScript.ts';
import { analyzeText, type AnalysisResult, type AnalyzerConfig, type DefinitionSource } from '../../analysis/analyze.ts';
import { indexScript, WorkspaceIndex, type IndexEntries, type IndexedDefinition } from '../../analysis/index/workspaceIndex.ts';
import { findDirectives } from '../../analysis/suppressions.ts';
import { describeFsError } from '../discover.ts';
import type { FileFinding, UnexplainedSuppression } from '../model.ts';

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
  /** Each name looked up in the workspace, with a fingerprint of what the other files define under it. */
  lookups: [name: string, fingerprint: string][];
}

export interface Timings {
  parseMs: number;
  indexMs: number;
  analysisMs: number;
}

export type FirstPassReply =
  | { id: number; kind: 'indexed'; entries: IndexEntries; result: FileResult | undefined; analysisError?: string; timings: Timings }
  | { id: number; kind: 'failed'; message: string; stack?: string; timings: Timings };

export type SecondPassReply =
  | { id: number; kind: 'analyzed'; result: FileResult; timings: Timings }
  | { id: number; kind: 'failed'; message: string; stack?: string; timings: Timings };

/** What the other files define under a name, as a short stable string ('' for nothing). */
export function fingerprintOf(definitions: readonly IndexedDefinition[]): string {
  return definitions.length === 0 ? '' : createHash('sha1').update(JSON.stringify(definitions)).digest('base64');
}

/** The answers the analysis gets, with each question and its answer written down. */
function recording(file: string, index: DefinitionSource | undefined, lookups: [string, string][]): DefinitionSource {
  const seen = new Set<string>();
  return {
    definitions(name) {
      const all = index?.definitions(name) ?? [];
      if (!seen.has(name)) {
        seen.add(name);
        lookups.push([name, fingerprintOf(all.filter((d) => d.file !== file))]);
      }
      return all;
    },
  };
}

export function describeError(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

const noTime = (): Timings => ({ parseMs: 0, indexMs: 0, analysisMs: 0 });

/** A file's findings with their code lines and its suppressions without a reason, as check.ts reports them. */
function resultOf(display: string, text: string, analysis: Pick<AnalysisResult, 'findings' | 'lines'>, lookups: [string, string][]): FileResult {
  const lines = analysis.findings.length > 0 ? text.split(/\r\n?|\n/) : [];
  const findings = analysis.findings.map((f) => ({ ...f, file: display, code: lines[f.line - 1] }));
  const unexplained: UnexplainedSuppression[] = [];
  if (text.includes('plsql-perf-')) {
    for (const d of findDirectives(text)) {
      if (d.kind !== 'enable' && d.reason === undefined) unexplained.push({ file: display, line: d.line, endLine: d.endLine, kind: d.kind, rules: d.rules });
    }
  }
  return { findings, lines: analysis.lines, unexplained, lookups };
}

export class FileWorker {
  private index: WorkspaceIndex | undefined;

  constructor(private readonly config: AnalyzerConfig) {}

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
      entries = indexScript(job.display, script);
      timings.parseMs = parsed - started;
      timings.indexMs = performance.now() - parsed;
    } catch (err) {
      return { id: job.id, kind: 'failed', message: `internal error while indexing: ${describeError(err)}`, stack: err instanceof Error ? err.stack : undefined, timings };
    }
    const lookups: [string, string][] = [];
    let result: FileResult | undefined;
    let analysisError: string | undefined;
    try {
      const analysis = analyzeText(text, { file: job.display, index: recording(job.display, undefined, lookups), config: this.config, script, unitCache: false });
      timings.analysisMs = analysis.analysisMs;
      result = resultOf(job.display, text, analysis, lookups);
    } catch (err) {
      analysisError = describeError(err); // analyzed again in the second pass, where the error is reported
    }
    return { id: job.id, kind: 'indexed', entries, result, analysisError, timings };
  }

  /** The complete definitions, for the second pass. */
  setIndex(definitions: readonly [file: string, definitions: IndexedDefinition[]][]): void {
    const index = new WorkspaceIndex();
    for (const [file, list] of definitions) index.updateFromEntries(file, { definitions: list });
    this.index = index;
  }

  second(job: FileJob): SecondPassReply {
    const timings = noTime();
    let text: string;
    let script: ParsedScript;
    try {
      text = decodeSource(job.bytes ?? readFileSync(job.path)).text;
      const started = performance.now();
      script = parseScript(text, { unitCache: false });
      timings.parseMs = performance.now() - started;
    } catch (err) {
      return { id: job.id, kind: 'failed', message: describeFsError(err), timings };
    }
    const lookups: [string, string][] = [];
    try {
      const analysis = analyzeText(text, { file: job.display, index: recording(job.display, this.index, lookups), config: this.config, script, unitCache: false });
      timings.analysisMs = analysis.analysisMs;
      return { id: job.id, kind: 'analyzed', result: resultOf(job.display, text, analysis, lookups), timings };
    } catch (err) {
      return { id: job.id, kind: 'failed', message: `internal error: ${describeError(err)}`, stack: err instanceof Error ? err.stack : undefined, timings };
    }
  }
}
