// Joins the static findings of the profiled lines with the runs' measurements: one card per performance
// finding (hypothesis -> measurement -> verdict), plus the session-level in-band break card.
// The per-rule evidence lives in one file per pattern; see ../../../../../shared/docs/evidence-loop.md.
import type { FindingCard, StaticFinding } from '../profileDocument.ts';
import { EvidenceContext, type EvidenceInput, hypothesisCard } from './evidenceContext.ts';
import { exceptionsInLoopCard } from './exceptionsInLoop.ts';
import { inBandBreaksCard } from './inBandBreaks.ts';
import { libraryCachePinsCard } from './libraryCachePins.ts';
import { planStatisticsCard } from './planStatistics.ts';
import { measuredOnlyUtlFileCard, utlFileWritesCard } from './utlFileWrites.ts';

type CardBuilder = (f: StaticFinding, ctx: EvidenceContext) => FindingCard;

const MEASURED_RULES: Record<string, CardBuilder> = {
  'standalone-call-in-loop': libraryCachePinsCard,
  'exception-handler-in-loop': exceptionsInLoopCard,
  'utl-file-small-buffer': utlFileWritesCard,
  'plan-statistics-in-code': planStatisticsCard,
};

/** Findings that are about the analysis itself, not about performance: no card. */
const NOT_PERFORMANCE = new Set(['syntax-error', 'wrapped-unit', 'internal-error']);

export function buildFindingCards(input: EvidenceInput): FindingCard[] {
  const ctx = new EvidenceContext(input);
  const cards: FindingCard[] = [];
  for (const f of input.staticFindings) {
    if (NOT_PERFORMANCE.has(f.rule)) continue;
    const build = MEASURED_RULES[f.rule];
    cards.push(build ? build(f, ctx) : unmappedCard(f, ctx));
  }
  const measuredOnly = measuredOnlyUtlFileCard(ctx);
  if (measuredOnly) cards.push(measuredOnly);
  const breaks = inBandBreaksCard(ctx);
  if (breaks) cards.push(breaks);
  return cards;
}

/** A rule without a kernel-level signature: HPROF's time on the line is the evidence we can show. */
function unmappedCard(f: StaticFinding, ctx: EvidenceContext): FindingCard {
  const card = hypothesisCard(f, ctx.input.source.file, f.rule);
  card.measurements.push(...ctx.hprofLineOf(f));
  const reason = card.measurements.length
    ? 'no kernel-level measurement decides this rule; the HPROF numbers show what the line cost'
    : 'no kernel-level measurement decides this rule, and HPROF recorded nothing for this line';
  return { ...card, verdict: 'not-measured', reason };
}
