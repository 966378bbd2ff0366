// standalone-call-in-loop (seed 000): each call of a schema-level subprogram pins it in the library cache
// (kgiPinObject -> kglpnp -> kglPinSetContext once per call). Confirmed when the pins come close to the number of
// calls (HPROF's count of the callee, else the loop's estimated iterations) and are far above 1.
import type { FindingCard, StaticFinding } from '../profileDocument.ts';
import { type EvidenceContext, hypothesisCard, n } from './evidenceContext.ts';

const PIN_FUNCTIONS = ['kgiPinObject', 'kglpnp', 'kglPinSetContext'] as const;
/** Pins are confirmed when at least this share of the expected calls pinned. */
const MIN_SHARE = 0.9;

export function libraryCachePinsCard(f: StaticFinding, ctx: EvidenceContext): FindingCard {
  const callee = /^[A-Za-z_][\w$#]*(?:\.[A-Za-z_][\w$#]*)*/.exec(ctx.textOf(f).trim())?.[0];
  const card = hypothesisCard(f, ctx.input.source.file, `Library-cache pin per call${callee ? ` of ${callee.toUpperCase()}` : ''}`);
  const hprof = callee ? ctx.hprofCallsOf(callee) : undefined;
  if (hprof) card.measurements.push(hprof.measurement);
  card.measurements.push(...ctx.hprofLineOf(f));
  // The calls to compare with: the user's count, else HPROF's count of the callee, else the loop estimate.
  const iterations = ctx.iterationsOf(f);
  const given = ctx.input.iterations ? iterations : undefined;
  const expected = given?.value ?? hprof?.calls ?? iterations?.value;
  const expectedFrom = given
    ? given.from
    : hprof ? `HPROF counted ${n(hprof.calls)} calls of ${callee!.toUpperCase()}` : iterations ? `the loop runs about ${n(iterations.value)} times` : undefined;
  if (given) card.measurements.push({ label: 'iterations (--iterations)', value: given.value, source: 'static', run: ctx.probe?.run ?? 'single' });

  if (!ctx.probe) {
    return { ...card, verdict: 'not-measured', reason: `${ctx.probeMissing}; library-cache pins are counted by the probe (kgiPinObject)${expectedFrom ? `. ${expectedFrom}` : ''}` };
  }
  const pins = ctx.firstCounted(PIN_FUNCTIONS);
  if (!pins) {
    return { ...card, verdict: 'not-measured', reason: 'the probe did not count kgiPinObject/kglpnp (library-cache-pins catalog not recorded, or the functions are missing from this oracle binary)' };
  }
  card.measurements.push(ctx.probeMeasurement(`${pins.name} calls`, pins.calls));
  const share = ctx.sampleShare((fr) => fr.startsWith('kgi') || fr.startsWith('kgl'));
  if (share !== undefined) card.measurements.push(ctx.probeMeasurement('stack samples under kgi*/kgl*', Math.round(share * 1000) / 10, '%'));
  const time = share !== undefined ? ` ${Math.round(share * 100)}% of the sampled on-CPU time was under kgi*/kgl*.` : '';

  if (expected === undefined || expected < 2) {
    return pins.calls >= 1000
      ? { ...card, verdict: 'confirmed', reason: `${n(pins.calls)} ${pins.name} calls in the run; no call count to compare with (no HPROF, no loop estimate).${time}` }
      : { ...card, verdict: 'not-observed', reason: `only ${n(pins.calls)} ${pins.name} calls, and no call count to compare with (no HPROF, no loop estimate)` };
  }
  const ratio = pins.calls / expected;
  card.measurements.push(ctx.probeMeasurement(`${pins.name} calls per expected call`, Math.round(ratio * 100) / 100));
  const arithmetic = `${n(pins.calls)} / ${n(expected)} = ${ratio.toFixed(2)} pins per ${hprof && !given ? 'call' : 'iteration'}`;
  if (ratio >= MIN_SHARE) {
    return { ...card, verdict: 'confirmed', reason: `${n(pins.calls)} ${pins.name} calls for ${n(expected)} expected calls (${expectedFrom}): ${arithmetic}, one library-cache pin per call.${time}` };
  }
  return { ...card, verdict: 'not-observed', reason: `${n(pins.calls)} ${pins.name} calls for ${n(expected)} expected calls (${expectedFrom}): ${arithmetic}; the calls did not pin once each` };
}
