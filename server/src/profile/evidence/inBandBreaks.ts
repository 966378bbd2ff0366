// In-band break checks (seed 004), a session-level finding with no code line and no rule: a server process whose
// client has no out-of-band break polls the client socket during long calls (snttmoredata/nsmore2recv -> poll()).
// node-oracledb Thin has no out-of-band breaks, so profiles from the extension show these polls.
import type { FindingCard } from '../profileDocument.ts';
import { type EvidenceContext, n } from './evidenceContext.ts';

const CHECK_FUNCTIONS = ['snttmoredata', 'nsmore2recv'] as const;
const THIN_NOTE = 'node-oracledb Thin mode has no out-of-band breaks, so the server checks the socket in band; SQL*Plus/OCI sessions may not show these polls';
/** An imported trace: the client is not known, only that it had no out-of-band break (seed 004: a Windows sqlplus). */
const CLIENT_NOTE = 'the client had no out-of-band break, so the server checks the socket in band (break_poll_skip, default 3, sets how many checks skip the poll)';

/** Only when a probe recorded the run: without it there is nothing to say about a session-level cost. */
export function inBandBreaksCard(ctx: EvidenceContext): FindingCard | undefined {
  if (!ctx.probe) return undefined;
  const note = ctx.imported ? CLIENT_NOTE : THIN_NOTE;
  const card: Omit<FindingCard, 'verdict' | 'reason'> = {
    id: 'in-band-break-checks',
    title: 'In-band break checks (poll on the client socket)',
    hypothesis: { message: `The server polls the client socket during long calls. ${ctx.imported ? `${note[0]!.toUpperCase()}${note.slice(1)}` : note}.` },
    measurements: [],
  };
  const sys = ctx.probe.profile.collectors.syscalls;
  const checks = ctx.firstCounted(CHECK_FUNCTIONS);
  if (checks) card.measurements.push(ctx.probeMeasurement(`${checks.name} calls`, checks.calls));
  const polls = sys && sys.status === 'ok' ? sys.polls.total : undefined;
  if (polls !== undefined) card.measurements.push(ctx.probeMeasurement('poll() calls', polls));
  if (polls === undefined && !checks) {
    if (ctx.imported) return undefined; // a trace of something else (function counts only): nothing to say about polls
    return { ...card, verdict: 'not-measured', reason: 'the probe recorded neither syscalls nor snttmoredata (in-band-break-checks catalog)' };
  }
  // Imported traces that do not list every syscall (a write-size aggregation, function counts) say nothing about polls.
  if (ctx.imported && !checks && !ctx.input.syscallsComplete && !polls) return undefined;
  const count = checks?.calls ?? polls!;
  const reads = ctx.stat('session logical reads');
  if (reads) card.measurements.push(reads.measurement);
  const perRead = reads && reads.value > 0 ? ` (${n(Math.round((count / reads.value) * 1000) / 1000)} per logical read, ${n(reads.value)} logical reads)` : '';
  if (reads && reads.value > 0) card.measurements.push(ctx.probeMeasurement('polls per logical read', Math.round((count / reads.value) * 1000) / 1000));
  const what = checks ? `${checks.name} calls` : `${Object.keys(sys?.polls.by_syscall ?? {}).filter((k) => (sys!.polls.by_syscall[k] ?? 0) > 0).join('/') || 'poll'}() calls`;
  if (count === 0) return { ...card, verdict: 'not-observed', reason: `no break check polled the socket during the run${reads && reads.value > 0 ? ` (0 polls for ${n(reads.value)} logical reads)` : ''}` };
  if (ctx.imported && reads && reads.value > 0 && count / reads.value < 0.01) {
    return { ...card, verdict: 'not-observed', reason: `${n(count)} ${what}${perRead}: far fewer than one per hundred logical reads, not the in-band break checks of a long call` };
  }
  return { ...card, verdict: 'confirmed', reason: `${n(count)} ${what}${perRead}: ${note}` };
}
