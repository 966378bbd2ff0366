// utl-file-small-buffer (seed 003): UTL_FILE may write in 4 KB pieces even when the code asks for 32767 bytes,
// depending on the file system path (fwrite vs fflush). The probe's write-size histogram on regular files
// decides it, and says which side chose the size: the code (small max_linesize/buffer) or the file system.
//
// Code that asks for 32767 has no static hint, yet seed 003 measured exactly that code writing 4 KB pieces on
// /tmp: when the profiled lines open a file with UTL_FILE and the writes came out small, a card says so
// (measuredOnlyUtlFileCard), because only the measurement can find it.
import type { WriteHist } from '../contract/probeProfile.ts';
import type { FindingCard, StaticFinding } from '../profileDocument.ts';
import { type EvidenceContext, hypothesisCard, n } from './evidenceContext.ts';

const FULL_BUFFER = 32767;
const FOPEN = /utl_file\s*\.\s*fopen\s*\(([^)]*)\)/i;

/** A literal, or a name declared in the text as `name [constant] type := literal`. */
function valueOf(arg: string | undefined, text: string): number | undefined {
  if (arg === undefined) return undefined;
  const literal = Number(arg);
  if (Number.isInteger(literal) && literal > 0) return literal;
  if (!/^[A-Za-z_][\w$#]*$/.test(arg)) return undefined;
  const decl = new RegExp(`\\b${arg}\\s+(?:constant\\s+)?[\\w.]+(?:\\s*\\([^)]*\\))?\\s*(?::=|default)\\s*(\\d+)\\s*;`, 'i').exec(text);
  return decl ? Number(decl[1]) : undefined;
}

/**
 * The max_linesize the code asked for: a literal (or a constant's value) as the 4th argument of UTL_FILE.FOPEN
 * on the finding's lines, else the size the analyzer's message names.
 */
function requestedSize(lines: string, message: string, wholeText: string): number | undefined {
  const m = FOPEN.exec(lines);
  const args = m?.[1]?.split(',').map((a) => a.trim());
  const named = args?.find((a) => /^max_linesize\s*=>/i.test(a))?.replace(/^max_linesize\s*=>\s*/i, '');
  const size = valueOf(named ?? args?.[3], wholeText) ?? Number(/max_linesize (\d+)/i.exec(message)?.[1] ?? NaN);
  return Number.isInteger(size) && size > 0 ? size : undefined;
}

/** The write() histograms of regular files; an imported trace does not know the fd kind, so all its writes. */
function fileWrites(ctx: EvidenceContext, writes: WriteHist[]): { hists: WriteHist[]; anyFile: boolean } {
  const isWrite = (w: WriteHist): boolean => w.syscall === 'write' || w.syscall === 'pwrite64' || w.syscall === 'pwrite';
  const files = writes.filter((w) => isWrite(w) && w.fd_kind === 'file');
  if (files.length || !ctx.imported) return { hists: files, anyFile: true };
  return { hists: writes.filter((w) => isWrite(w) && w.fd_kind === 'unknown'), anyFile: false };
}

interface WriteFacts {
  calls: number;
  bytes: number;
  dominant: number;
  dominantCalls: number;
  smallShare: number;
}

function writeFacts(hists: WriteHist[]): WriteFacts {
  const calls = hists.reduce((s, h) => s + h.calls, 0);
  const bytes = hists.reduce((s, h) => s + h.bytes, 0);
  const sizes = new Map<number, number>();
  for (const h of hists) for (const t of h.top_sizes) sizes.set(t.size, (sizes.get(t.size) ?? 0) + t.calls);
  let smallBytes = 0;
  for (const [size, c] of sizes) if (size < FULL_BUFFER) smallBytes += size * c;
  for (const h of hists) for (const b of h.log2_buckets) if (b.max < FULL_BUFFER) smallBytes += b.calls * ((b.min + b.max) / 2);
  const [dominant, dominantCalls] = [...sizes].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  return { calls, bytes, dominant, dominantCalls, smallShare: bytes ? smallBytes / bytes : 0 };
}

/** "150,960 writes for 618,313,290 bytes; in 32,767-byte requests that is 18,870 writes: 8 writes per request". */
function requestArithmetic(w: WriteFacts, asked: number): string {
  const requests = Math.ceil(w.bytes / asked);
  return `${n(w.bytes)} bytes in ${n(w.calls)} writes; at ${n(asked)} bytes a write that is ${n(requests)} writes: ${n(Math.round((w.calls / requests) * 100) / 100)} writes per ${n(asked)}-byte request`;
}

export function utlFileWritesCard(f: StaticFinding, ctx: EvidenceContext): FindingCard {
  const card = hypothesisCard(f, ctx.input.source.file, 'Small writes to the file');
  if (!ctx.probe) {
    return { ...card, verdict: 'not-measured', reason: `${ctx.probeMissing}; write() sizes are recorded by the probe's syscalls collector` };
  }
  const sys = ctx.probe.profile.collectors.syscalls;
  if (!sys || sys.status !== 'ok') {
    return { ...card, verdict: 'not-measured', reason: ctx.imported ? 'the trace has no write() sizes (a size aggregation such as @[arg2] = count() on write)' : 'the probe recorded no syscalls (enable the syscalls collector to see write() sizes)' };
  }
  const { hists, anyFile } = fileWrites(ctx, sys.writes);
  const w = writeFacts(hists);
  const where = anyFile ? 'to regular files' : '(the trace does not say which file)';
  card.measurements.push(ctx.probeMeasurement(`write() calls ${where}`, w.calls));
  if (w.calls === 0) return { ...card, verdict: 'not-observed', reason: `no write() ${anyFile ? 'to a regular file ' : ''}was recorded during the run` };
  card.measurements.push(ctx.probeMeasurement(`bytes written ${where}`, w.bytes, 'bytes'));
  if (w.dominant) card.measurements.push(ctx.probeMeasurement(`writes of ${n(w.dominant)} bytes`, w.dominantCalls));
  card.measurements.push(ctx.probeMeasurement(`share of bytes in writes < ${n(FULL_BUFFER)}`, Math.round(w.smallShare * 1000) / 10, '%'));
  const slfiwrb = ctx.functionCalls('slfiwrb');
  if (slfiwrb !== undefined) card.measurements.push(ctx.probeMeasurement('slfiwrb calls', slfiwrb));
  const asked = requestedSize(ctx.linesOf(f), f.message, ctx.input.source.text);
  const pattern = `${n(w.dominantCalls)} of ${n(w.calls)} writes were ${n(w.dominant)} bytes`;
  if (w.smallShare <= 0.5) {
    return { ...card, verdict: 'not-observed', reason: `${pattern}; ${Math.round(w.smallShare * 100)}% of the bytes went in writes under ${n(FULL_BUFFER)} bytes: the buffer is used` };
  }
  const who = asked !== undefined && asked < FULL_BUFFER && (w.dominant <= asked || !ctx.imported)
    ? `the code chose it: FOPEN asked for max_linesize ${n(asked)}`
    : `the file system path chose it, not the code${asked !== undefined ? ` (FOPEN asked for ${n(asked)})` : ''}`;
  return { ...card, verdict: 'confirmed', reason: `${pattern} (${Math.round(w.smallShare * 100)}% of the bytes in writes under ${n(FULL_BUFFER)}): ${who}` };
}

/**
 * No static hint, but the profiled lines open a file with UTL_FILE asking for full-size writes, and the
 * measured writes came out small: the file system path split them (seed 003, /tmp). Only when confirmed: a
 * full-size write is what the code asked for and needs no card.
 */
export function measuredOnlyUtlFileCard(ctx: EvidenceContext): FindingCard | undefined {
  const sys = ctx.probe?.profile.collectors.syscalls;
  if (!ctx.probe || !sys || sys.status !== 'ok') return undefined;
  if (ctx.input.staticFindings.some((f) => f.rule === 'utl-file-small-buffer')) return undefined;
  const lines = ctx.input.source.text.split(/\r?\n/);
  const index = lines.findIndex((l) => FOPEN.test(l));
  if (index < 0) return undefined;
  const text = ctx.input.source.text;
  const asked = requestedSize(lines[index]!, '', text);
  if (asked === undefined || asked < FULL_BUFFER) return undefined;
  const { hists, anyFile } = fileWrites(ctx, sys.writes);
  const w = writeFacts(hists);
  if (w.calls === 0 || w.smallShare <= 0.5) return undefined;
  const line = ctx.input.source.startLine + index;
  const finding: StaticFinding = {
    rule: 'utl-file-small-buffer', severity: 'info', line, column: 1, endLine: line, endColumn: lines[index]!.length + 1,
    message: `UTL_FILE.FOPEN asks for ${n(asked)}-byte lines, so the static check has no hint here; the measured write() sizes show what reached the file.`,
  };
  const card = hypothesisCard(finding, ctx.input.source.file, 'Small writes to the file (found by the measurement)');
  const where = anyFile ? 'to regular files' : '(the trace does not say which file)';
  card.measurements.push(ctx.probeMeasurement(`write() calls ${where}`, w.calls));
  card.measurements.push(ctx.probeMeasurement(`bytes written ${where}`, w.bytes, 'bytes'));
  card.measurements.push(ctx.probeMeasurement(`writes of ${n(w.dominant)} bytes`, w.dominantCalls));
  card.measurements.push(ctx.probeMeasurement(`share of bytes in writes < ${n(FULL_BUFFER)}`, Math.round(w.smallShare * 1000) / 10, '%'));
  return {
    ...card,
    verdict: 'confirmed',
    reason: `${n(w.dominantCalls)} of ${n(w.calls)} writes were ${n(w.dominant)} bytes against the ${n(asked)} bytes the code asked for (${requestArithmetic(w, asked)}): the file system path chose the size, not the code`,
  };
}
