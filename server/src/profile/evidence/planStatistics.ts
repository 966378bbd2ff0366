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
    return { ...card, verdict: 'not-measured', reason: 'the probe did not count qerstUpdateStats (rowsource-statistics catalog not recorded)' };
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
