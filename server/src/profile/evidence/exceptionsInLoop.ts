// exception-handler-in-loop (seed 001): every raised-and-handled exception runs the kge* error path, and on some
// versions reads the message file (slmsrd -> read/pread of oraus.msb) twice. Confirmed when exceptions were
// raised about once per iteration and each read the message file at least once.
//
// One handler in a loop handles at most one exception per iteration (the exception ends its block), so with a
// known iteration count the exceptions handled are at most that count. 12.2 runs kgebse twice per exception
// (seed 001: 20,000 kgebse calls for 10,000 exceptions): then kgebse counts the error path, not exceptions.
import type { FindingCard, StaticFinding } from '../profileDocument.ts';
import { type EvidenceContext, hypothesisCard, n } from './evidenceContext.ts';

const RAISE_FUNCTIONS = ['kgebse', 'kgeselv', 'kgespf'] as const;
const MESSAGE_READ_FUNCTIONS = ['slmsrd', 'lmsagbf'] as const;

const round2 = (x: number): number => Math.round(x * 100) / 100;

export function exceptionsInLoopCard(f: StaticFinding, ctx: EvidenceContext): FindingCard {
  const card = hypothesisCard(f, ctx.input.source.file, 'Handled exception per iteration');
  card.measurements.push(...ctx.hprofLineOf(f));
  if (!ctx.probe) {
    return { ...card, verdict: 'not-measured', reason: `${ctx.probeMissing}; raised exceptions and message-file reads are counted by the probe (kgebse, slmsrd)` };
  }
  const raised = ctx.firstCounted(RAISE_FUNCTIONS);
  if (!raised) {
    const reason = `the ${ctx.imported ? 'trace does not count' : 'probe did not count'} kgebse/kgeselv (errors-and-messages catalog not recorded, or missing from this oracle binary)`;
    return { ...card, verdict: 'not-measured', reason: `${reason}${readsBound(card, ctx, f)}` };
  }
  card.measurements.push(ctx.probeMeasurement(`${raised.name} calls (exceptions raised)`, raised.calls));
  // An imported listing without slmsrd may not have probed it: lmsagbf gets the message, from a cache or the file.
  const reads = ctx.firstCounted(ctx.imported ? ['slmsrd'] : MESSAGE_READ_FUNCTIONS);
  if (reads) card.measurements.push(ctx.probeMeasurement(`${reads.name} calls (message-file reads)`, reads.calls));
  const iterations = ctx.iterationsOf(f);
  if (raised.calls === 0) {
    return { ...card, verdict: 'not-observed', reason: `no exception was raised in the run${iterations ? ` (${iterations.from}: ${n(iterations.value)} iterations)` : ''}` };
  }
  if (iterations !== undefined && raised.calls < iterations.value / 2) {
    return { ...card, verdict: 'not-observed', reason: `${n(raised.calls)} exceptions raised for about ${n(iterations.value)} iterations (${iterations.from}): the handler runs rarely` };
  }
  const exceptions = iterations !== undefined ? Math.min(raised.calls, iterations.value) : raised.calls;
  const errorPath = exceptions < raised.calls ? ` (${n(raised.calls)} ${raised.name} calls: ${n(round2(raised.calls / exceptions))} per exception, the error path runs more than once)` : '';
  const perIteration = iterations ? ` for about ${n(iterations.value)} iterations${iterations.from === 'the loop estimate' ? '' : ` (${iterations.from})`}` : '';
  if (!reads) {
    return { ...card, verdict: 'confirmed', reason: `${n(exceptions)} exceptions raised${perIteration}${errorPath}; message-file reads were not counted (slmsrd not ${ctx.imported ? 'in the trace' : 'probed'})` };
  }
  const perException = reads.calls / exceptions;
  card.measurements.push(ctx.probeMeasurement('message-file reads per exception', round2(perException)));
  if (perException >= 1) {
    return { ...card, verdict: 'confirmed', reason: `${n(exceptions)} exceptions raised${perIteration}${errorPath}, each reading the message file ${n(round2(perException))} times (${n(reads.calls)} ${reads.name} calls): ${n(reads.calls)} / ${n(exceptions)} = ${perException.toFixed(2)} reads per exception` };
  }
  return { ...card, verdict: 'confirmed', reason: `${n(exceptions)} exceptions raised${perIteration}${errorPath}; the message file was read only ${n(reads.calls)} times (this version caches messages): the cost is the kge error path` };
}

const READS = ['read', 'pread', 'pread64'];

/**
 * An imported syscall summary or log without kernel-function counts still bounds the message-file reads: all
 * read() calls together are at least those. Far fewer reads than iterations means the message file was not
 * read per exception (seed 001's 19.14 strace: one read in all); as many or more says nothing about which file.
 */
function readsBound(card: Omit<FindingCard, 'verdict' | 'reason'>, ctx: EvidenceContext, f: StaticFinding): string {
  const sys = ctx.probe?.profile.collectors.syscalls;
  const iterations = ctx.iterationsOf(f);
  if (!ctx.imported || !ctx.input.syscallsComplete || !sys || sys.status !== 'ok' || !iterations) return '';
  const reads = sys.syscalls.filter((x) => READS.includes(x.name)).reduce((sum, x) => sum + x.calls, 0);
  card.measurements.push(ctx.probeMeasurement('read() calls, all files', reads));
  const perIteration = reads / iterations.value;
  if (perIteration < 0.5) {
    return `; the trace has ${n(reads)} read() calls in all for about ${n(iterations.value)} iterations (${iterations.from}): ${n(reads)} / ${n(iterations.value)} = ${perIteration.toFixed(4)} per iteration, so the message file was not read per exception`;
  }
  return `; the trace has ${n(reads)} read() calls for about ${n(iterations.value)} iterations, but does not say which file they read (count slmsrd, or trace the reads with their paths)`;
}
