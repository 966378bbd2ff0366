// exception-handler-in-loop (seed 001): every raised-and-handled exception runs the kge* error path, and on some
// versions reads the message file (slmsrd -> read/pread of oraus.msb) twice. Confirmed when exceptions were
// raised about once per iteration and each read the message file at least once.
import type { FindingCard, StaticFinding } from '../profileDocument.ts';
import { type EvidenceContext, hypothesisCard, n } from './evidenceContext.ts';

const RAISE_FUNCTIONS = ['kgebse', 'kgeselv', 'kgespf'] as const;
const MESSAGE_READ_FUNCTIONS = ['slmsrd', 'lmsagbf'] as const;

export function exceptionsInLoopCard(f: StaticFinding, ctx: EvidenceContext): FindingCard {
  const card = hypothesisCard(f, ctx.input.source.file, 'Handled exception per iteration');
  card.measurements.push(...ctx.hprofLineOf(f));
  if (!ctx.probe) {
    return { ...card, verdict: 'not-measured', reason: `${ctx.probeMissing}; raised exceptions and message-file reads are counted by the probe (kgebse, slmsrd)` };
  }
  const raised = ctx.firstCounted(RAISE_FUNCTIONS);
  if (!raised) {
    return { ...card, verdict: 'not-measured', reason: 'the probe did not count kgebse/kgeselv (errors-and-messages catalog not recorded, or missing from this oracle binary)' };
  }
  card.measurements.push(ctx.probeMeasurement(`${raised.name} calls (exceptions raised)`, raised.calls));
  const reads = ctx.firstCounted(MESSAGE_READ_FUNCTIONS);
  if (reads) card.measurements.push(ctx.probeMeasurement(`${reads.name} calls (message-file reads)`, reads.calls));
  const iterations = f.loop?.iterations;
  if (raised.calls === 0) {
    return { ...card, verdict: 'not-observed', reason: `no exception was raised in the run${iterations ? ` (the loop was estimated at ${n(iterations)} iterations)` : ''}` };
  }
  if (iterations !== undefined && raised.calls < iterations / 2) {
    return { ...card, verdict: 'not-observed', reason: `${n(raised.calls)} exceptions raised for about ${n(iterations)} iterations: the handler runs rarely` };
  }
  const perIteration = iterations ? ` for about ${n(iterations)} iterations` : '';
  if (!reads) {
    return { ...card, verdict: 'confirmed', reason: `${n(raised.calls)} exceptions raised${perIteration}; message-file reads were not counted (slmsrd not probed)` };
  }
  const perException = reads.calls / raised.calls;
  card.measurements.push(ctx.probeMeasurement('message-file reads per exception', Math.round(perException * 100) / 100));
  if (perException >= 1) {
    return { ...card, verdict: 'confirmed', reason: `${n(raised.calls)} exceptions raised${perIteration}, each reading the message file ${n(Math.round(perException * 100) / 100)} times (${n(reads.calls)} ${reads.name} calls)` };
  }
  return { ...card, verdict: 'confirmed', reason: `${n(raised.calls)} exceptions raised${perIteration}; the message file was read only ${n(reads.calls)} times (this version caches messages): the cost is the kge error path` };
}
