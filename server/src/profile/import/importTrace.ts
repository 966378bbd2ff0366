// `plsql-perf profile import`: traces other tools wrote (DTrace, bpftrace, truss, strace, perf, pstack, SQL*Plus
// autotrace) and, optionally, the PL/SQL they measured -> one normal .plsqlprofile.json, whose cards join the
// analyzer's hints on those lines with the imported numbers exactly as for a profile "Profile this block"
// recorded. Pure: the caller reads the files and hands in their text.
import { buildFindingCards } from '../evidence/findingCards.ts';
import type {
  BlockKind, ImportedTrace, ProfileDocument, ProfileRun, Provenance, StaticFinding, StatDelta,
} from '../profileDocument.ts';
import { buildProbeProfile, type ImportedTraceEvidence } from './buildProbeProfile.ts';
import { detectFormat } from './detectFormat.ts';
import { READERS } from './readers/index.ts';
import { type TraceFormat, TraceImportError } from './traceEvidence.ts';

export interface TraceInput {
  /** As the user named it (shown in the provenance and in messages). */
  file: string;
  text: string;
}

export interface SourceInput {
  /** As the profile should name it (workspace-relative in the editor, as given on the command line). */
  file: string;
  text: string;
  /** The measured lines (inclusive, 1-based); the whole file when absent. */
  lines?: { start: number; end: number };
  /** The analyzer's findings of the file (with the workspace index), in file coordinates. */
  findings: StaticFinding[];
}

export interface ImportOptions {
  traces: TraceInput[];
  source?: SourceInput;
  /** The loop's iteration count, when the user knows it (else the analyzer's loop estimate). */
  iterations?: number;
  /** Force a format for every trace instead of detecting it. */
  format?: TraceFormat;
  /** Force what ustack() counts mean. */
  stacks?: 'calls' | 'samples';
  toolVersion: string;
  now?: Date;
}

const UNREAD_KEPT = 50;

/** Reads one trace; a trace that cannot be read throws TraceImportError naming the file. */
export function readTrace(input: TraceInput, format?: TraceFormat, stacks?: 'calls' | 'samples'): ImportedTraceEvidence {
  if (input.text.includes('\u0000')) throw new TraceImportError(`${input.file}: binary data, not a text trace (perf.data? run perf report --stdio or perf script on it first)`);
  if (input.text.trim() === '') throw new TraceImportError(`${input.file}: empty`);
  try {
    const chosen = format ?? detectFormat(input.text);
    const ev = READERS[chosen](input.text);
    if (stacks !== undefined && ev.stacks.length) {
      ev.stackCounts = stacks;
      ev.estimated = ev.estimated.filter((e) => !e.startsWith('the trace does not say how its stacks were counted'));
    }
    return Object.assign(ev, { file: input.file, formatFrom: format ? 'option' : 'detected' });
  } catch (error) {
    if (error instanceof TraceImportError) throw new TraceImportError(`${input.file}: ${error.message}`);
    throw error;
  }
}

function blockKind(text: string): BlockKind {
  const first = text.replace(/^\s*(--[^\n]*\n\s*)*/, '').trimStart().toLowerCase();
  if (/^create\b/.test(first)) return 'subprogram';
  if (/^(declare|begin|<<)/.test(first)) return 'anonymous-block';
  return 'call';
}

function importedTrace(t: ImportedTraceEvidence & { formatFrom?: string }): ImportedTrace {
  const out: ImportedTrace = {
    file: t.file, tool: t.tool, format: t.format, formatFrom: t.formatFrom === 'option' ? 'option' : 'detected', lines: t.lines,
    commands: t.commands, unreadCount: t.unread.length, unread: t.unread.slice(0, UNREAD_KEPT).map((u) => ({ line: u.line, text: u.text })),
  };
  if (t.platform) out.platform = t.platform;
  return out;
}

export function importTraces(options: ImportOptions): ProfileDocument {
  if (options.traces.length === 0) throw new TraceImportError('no trace given');
  const now = options.now ?? new Date();
  const traces = options.traces.map((t) => readTrace(t, options.format, options.stacks));
  const estimated: string[] = [];
  for (const t of traces) estimated.push(...t.estimated.map((e) => `${t.file}: ${e}`));
  const probe = buildProbeProfile(traces, now, options.toolVersion, estimated);

  const src = options.source;
  const allLines = src ? src.text.split(/\r\n|\r|\n/) : [];
  const startLine = src?.lines?.start ?? 1;
  const endLine = src ? (src.lines?.end ?? Math.max(1, allLines.length - (allLines[allLines.length - 1] === '' ? 1 : 0))) : 1;
  if (src && (startLine < 1 || endLine < startLine || endLine > allLines.length)) {
    throw new TraceImportError(`--lines ${startLine}-${endLine} is outside ${src.file} (${allLines.length} lines)`);
  }
  const text = src ? allLines.slice(startLine - 1, endLine).join('\n') : '';
  const staticFindings = src ? src.findings.filter((f) => f.file !== undefined || (f.line >= startLine && f.line <= endLine)) : [];

  const stats: StatDelta[] = [];
  for (const t of traces) for (const [name, value] of t.stats) if (!stats.some((s) => s.name === name)) stats.push({ name, delta: value, raw: value, selfCost: 0 });
  const elapsedMs = traces.map((t) => t.elapsedMs).find((e) => e !== undefined);
  const tools = [...new Set(traces.map((t) => t.tool))];
  const run: ProfileRun = {
    role: 'single',
    startedAt: now.toISOString(),
    elapsedMs: elapsedMs ?? 0,
    status: 'ok',
    transaction: 'none',
    probeAttached: false,
    hprofEnabled: false,
    dbmsOutput: [],
    probe,
    probeNote: `imported from ${tools.join(', ')} output`,
  };
  if (stats.length) run.db = { stats, events: [], timeModel: [], selfCostNote: `SQL*Plus autotrace statistics as pasted (${traces.filter((t) => t.stats.size).map((t) => t.file).join(', ')}); no snapshot cost to subtract` };

  const platforms = [...new Set(traces.map((t) => t.platform).filter((p): p is string => p !== undefined))];
  const provenance: Provenance = { kind: 'import', traces: traces.map(importedTrace), estimated };
  if (platforms.length === 1) provenance.platform = platforms[0]!;
  if (elapsedMs !== undefined) provenance.elapsedMs = elapsedMs;
  const loopEstimate = staticFindings.map((f) => f.loop?.iterations).find((n) => n !== undefined);
  if (options.iterations !== undefined) provenance.iterations = { value: options.iterations, from: 'option' };
  else if (loopEstimate !== undefined) provenance.iterations = { value: loopEstimate, from: 'loop-estimate' };
  if (elapsedMs === undefined) estimated.push('no trace gives the wall time: the run shows no elapsed time');
  if (probe.target.pid === 0) estimated.push('no trace names the traced process: its pid is 0 (unknown)');

  const notes = [
    `Imported by plsql-perf profile import from ${traces.map((t) => `${t.file} (${t.tool}, ${t.format})`).join(', ')}: nothing was run on a database, and the numbers are the traces' own.`,
  ];
  if (platforms.length > 1) notes.push(`The traces show different platforms (${platforms.join(', ')}): were they taken of the same process?`);
  const unread = traces.reduce((s, t) => s + t.unread.length, 0);
  if (unread) notes.push(`${unread} line${unread === 1 ? '' : 's'} of the traces could not be read; the provenance lists them.`);
  if (!src) notes.push('No source was given (--source): the cards can only be session-level.');

  const doc: ProfileDocument = {
    schemaVersion: 1,
    createdAt: now.toISOString(),
    tool: { name: 'plsql-perf', version: options.toolVersion },
    source: { ...(src ? { file: src.file } : {}), startLine, endLine, text, kind: blockKind(text), executedText: text },
    options: { twoRuns: false, hprof: false, probe: false, transaction: 'rollback', callTimeoutMs: 0 },
    runs: [run],
    measuredBy: { elapsed: 'single', dbStats: 'single', probe: 'single' },
    staticFindings,
    cards: [],
    notes,
    provenance,
  };
  const iterations = provenance.iterations?.from === 'option' ? { value: provenance.iterations.value, from: 'option' as const } : undefined;
  const syscallsComplete = traces.some((t) => t.format === 'truss-summary' || t.format === 'strace-summary' || t.format === 'syscall-log');
  doc.cards = buildFindingCards({ source: doc.source, runs: doc.runs, measuredBy: doc.measuredBy, staticFindings, syscallsComplete, ...(iterations ? { iterations } : {}) });
  return doc;
}
