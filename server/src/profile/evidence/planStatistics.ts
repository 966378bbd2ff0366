// plan-statistics-in-code (seed 002): rowsource statistics (statistics_level=ALL, gather_plan_statistics)
// call qerst* and the timer for rows. On Linux the clock reads go through the vDSO, so count the timer
// functions, not clock_gettime syscalls. Confirmed when timer calls per row are far above the sampled 1/128.
import type { FindingCard, StaticFinding } from '../profileDocument.ts';
import { type EvidenceContext, hypothesisCard, n } from './evidenceContext.ts';

const ROWSOURCE_FUNCTIONS = ['qerstUpdateStats', 'qerstSnapStats'] as const;
/** Oracle's timer functions; clock_gettime is counted when probed as a libc function (not as a syscall). */
const TIMER_FUNCTIONS = ['sltrgftime64', 'sltrgatime64', 'sltrgatime', 'clock_gettime', 'gethrtime'] as const;
const ROW_STATS = ['table scan rows gotten', 'rows fetched via callback', 'sorts (rows)'] as const;
/** Sampled statistics time one row in 128 (_rowsource_statistics_sampfreq default). */
const SAMPLED_RATE = 1 / 128;

export function planStatisticsCard(f: StaticFinding, ctx: EvidenceContext): FindingCard {
  const card = hypothesisCard(f, ctx.input.source.file, 'Rowsource statistics timing');
  card.measurements.push(...ctx.hprofLineOf(f));
  if (!ctx.probe) {
    return { ...card, verdict: 'not-measured', reason: `${ctx.probeMissing}; rowsource statistics calls are counted by the probe (qerstUpdateStats)` };
  }
  const qerst = ctx.firstCounted(ROWSOURCE_FUNCTIONS);
  if (!qerst) {
    const underQerst = ctx.leafCallsUnder(TIMER_FUNCTIONS, (frame) => frame.startsWith('qerst'));
    if (underQerst) return timerStacksCard(card, ctx, underQerst);
    return { ...card, verdict: 'not-measured', reason: `the ${ctx.imported ? 'trace does not count' : 'probe did not count'} qerstUpdateStats (rowsource-statistics catalog not recorded)${ctx.imported ? ', and has no timer-call stacks' : ''}` };
  }
  card.measurements.push(ctx.probeMeasurement(`${qerst.name} calls`, qerst.calls));
  // DBMS_HPROF in the same run reads the clock for every PL/SQL call: then the rowsource calls stand in for timer calls.
  const timer = ctx.probe.withHprof ? undefined : ctx.firstCounted(TIMER_FUNCTIONS);
  if (timer) card.measurements.push(ctx.probeMeasurement(`${timer.name} calls (timer)`, timer.calls));
  if (qerst.calls === 0) return { ...card, verdict: 'not-observed', reason: 'no rowsource statistics were gathered in the run (qerstUpdateStats never ran)' };
  const rows = ROW_STATS.map((s) => ({ s, v: ctx.stat(s) })).find((x) => x.v && x.v.value > 0);
  const timerCalls = timer?.calls ?? qerst.calls;
  const counted = timer ? 'timer calls' : `${qerst.name} calls`;
  if (!rows?.v) {
    return { ...card, verdict: 'confirmed', reason: `${n(qerst.calls)} ${qerst.name} calls${timer ? ` and ${n(timer.calls)} timer calls` : ''}: rowsource statistics are on (no row count to compare with)` };
  }
  card.measurements.push(rows.v.measurement);
  const perRow = timerCalls / rows.v.value;
  card.measurements.push(ctx.probeMeasurement(`${timer ? 'timer' : qerst.name} calls per row`, Math.round(perRow * 1000) / 1000));
  if (perRow >= 2 * SAMPLED_RATE) {
    return { ...card, verdict: 'confirmed', reason: `${n(timerCalls)} ${counted} for ${n(rows.v.value)} rows (${rows.s}): ${n(Math.round(perRow * 1000) / 1000)} per row, far above the sampled 1/128` };
  }
  return { ...card, verdict: 'not-observed', reason: `${n(timerCalls)} ${counted} for ${n(rows.v.value)} rows: about the sampled rate of 1/128` };
}

/**
 * Imported ustack() aggregations of a timer function (seed 002: `@[ustack()] = count()` on gethrtime): the timer
 * calls whose stack passes through qerst* frames are the rowsource statistics' own clock reads.
 */
function timerStacksCard(
  card: Omit<FindingCard, 'verdict' | 'reason'>,
  ctx: EvidenceContext,
  timer: { leaf: string; calls: number; under: number },
): FindingCard {
  card.measurements.push(ctx.probeMeasurement(`${timer.leaf} calls (timer)`, timer.calls));
  card.measurements.push(ctx.probeMeasurement(`${timer.leaf} calls under qerst* frames`, timer.under));
  const share = timer.under / timer.calls;
  card.measurements.push(ctx.probeMeasurement('share of timer calls under rowsource statistics', Math.round(share * 1000) / 10, '%'));
  const rows = ROW_STATS.map((s) => ({ s, v: ctx.stat(s) })).find((x) => x.v && x.v.value > 0);
  const arithmetic = `${n(timer.under)} of ${n(timer.calls)} ${timer.leaf} calls (${Math.round(share * 1000) / 10}%) were made under qerst* frames (rowsource statistics)`;
  if (timer.under === 0) return { ...card, verdict: 'not-observed', reason: `none of the ${n(timer.calls)} ${timer.leaf} calls was made under a qerst* frame: the timer reads are not the rowsource statistics'` };
  if (rows?.v) {
    card.measurements.push(rows.v.measurement);
    const perRow = timer.under / rows.v.value;
    if (perRow < 2 * SAMPLED_RATE) return { ...card, verdict: 'not-observed', reason: `${arithmetic}; ${n(Math.round(perRow * 1000) / 1000)} per row (${rows.s}): about the sampled rate of 1/128` };
    return { ...card, verdict: 'confirmed', reason: `${arithmetic}: ${n(Math.round(perRow * 1000) / 1000)} per row (${rows.s}), far above the sampled 1/128` };
  }
  return { ...card, verdict: 'confirmed', reason: `${arithmetic}: rowsource statistics are on and reading the clock (no row count to compare with the sampled 1/128)` };
}
