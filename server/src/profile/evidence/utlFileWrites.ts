// utl-file-small-buffer (seed 003): UTL_FILE may write in 4 KB pieces even when the code asks for 32767 bytes,
// depending on the file system path (fwrite vs fflush). The probe's write-size histogram on regular files
// decides it, and says which side chose the size: the code (small max_linesize/buffer) or the file system.
import type { FindingCard, StaticFinding } from '../profileDocument.ts';
import { type EvidenceContext, hypothesisCard, n } from './evidenceContext.ts';

const FULL_BUFFER = 32767;

/**
 * The max_linesize the code asked for: a literal 4th argument of UTL_FILE.FOPEN on the finding's lines, else
 * the size the analyzer's message names.
 */
function requestedSize(lines: string, message: string): number | undefined {
  const m = /fopen\s*\(([^)]*)\)/i.exec(lines);
  const args = m?.[1]?.split(',').map((a) => a.trim());
  const named = args?.find((a) => /^max_linesize\s*=>/i.test(a))?.replace(/^max_linesize\s*=>\s*/i, '');
  const size = Number(named ?? args?.[3] ?? /max_linesize (\d+)/i.exec(message)?.[1] ?? NaN);
  return Number.isInteger(size) && size > 0 ? size : undefined;
}

export function utlFileWritesCard(f: StaticFinding, ctx: EvidenceContext): FindingCard {
  const card = hypothesisCard(f, ctx.input.source.file, 'Small writes to the file');
  if (!ctx.probe) {
    return { ...card, verdict: 'not-measured', reason: `${ctx.probeMissing}; write() sizes are recorded by the probe's syscalls collector` };
  }
  const sys = ctx.probe.profile.collectors.syscalls;
  if (!sys || sys.status !== 'ok') {
    return { ...card, verdict: 'not-measured', reason: 'the probe recorded no syscalls (enable the syscalls collector to see write() sizes)' };
  }
  const hists = sys.writes.filter((w) => w.fd_kind === 'file' && (w.syscall === 'write' || w.syscall === 'pwrite64' || w.syscall === 'pwrite'));
  const calls = hists.reduce((s, h) => s + h.calls, 0);
  card.measurements.push(ctx.probeMeasurement('write() calls to regular files', calls));
  if (calls === 0) return { ...card, verdict: 'not-observed', reason: 'no write() to a regular file was recorded during the run' };
  const bytes = hists.reduce((s, h) => s + h.bytes, 0);
  const sizes = new Map<number, number>();
  for (const h of hists) for (const t of h.top_sizes) sizes.set(t.size, (sizes.get(t.size) ?? 0) + t.calls);
  let smallBytes = 0;
  for (const [size, c] of sizes) if (size < FULL_BUFFER) smallBytes += size * c;
  for (const h of hists) for (const b of h.log2_buckets) if (b.max < FULL_BUFFER) smallBytes += b.calls * ((b.min + b.max) / 2);
  const [dominant, dominantCalls] = [...sizes].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  card.measurements.push(ctx.probeMeasurement('bytes written to regular files', bytes, 'bytes'));
  if (dominant) card.measurements.push(ctx.probeMeasurement(`writes of ${n(dominant)} bytes`, dominantCalls));
  const smallShare = bytes ? smallBytes / bytes : 0;
  card.measurements.push(ctx.probeMeasurement(`share of bytes in writes < ${n(FULL_BUFFER)}`, Math.round(smallShare * 1000) / 10, '%'));
  const slfiwrb = ctx.functionCalls('slfiwrb');
  if (slfiwrb !== undefined) card.measurements.push(ctx.probeMeasurement('slfiwrb calls', slfiwrb));
  const asked = requestedSize(ctx.linesOf(f), f.message);
  const pattern = `${n(dominantCalls)} of ${n(calls)} writes were ${n(dominant)} bytes`;
  if (smallShare <= 0.5) {
    return { ...card, verdict: 'not-observed', reason: `${pattern}; ${Math.round(smallShare * 100)}% of the bytes went in writes under ${n(FULL_BUFFER)} bytes: the buffer is used` };
  }
  const who = asked !== undefined && asked < FULL_BUFFER
    ? `the code chose it: FOPEN asked for max_linesize ${n(asked)}`
    : `the file system path chose it, not the code${asked !== undefined ? ` (FOPEN asked for ${n(asked)})` : ''}`;
  return { ...card, verdict: 'confirmed', reason: `${pattern} (${Math.round(smallShare * 100)}% of the bytes in writes under ${n(FULL_BUFFER)}): ${who}` };
}
