/**
 * What the call-graph rules share: the workspace subprograms a resolved call reaches, the shortest chain from
 * there to a subprogram with a fact (runs SQL, is AUTONOMOUS_TRANSACTION), and how that chain reads in a
 * message (`loop at 12 -> PKG.GET_RATE -> SELECT at rates.sql:4`) and as related locations.
 */
import type { SourceRange } from '../../../syntax/finding.ts';
import type { ChainStep, Fact, SubprogramFacts } from '../../index/callGraph.ts';
import type { LoopInfo, ResolvedCall } from '../../semantic/walk.ts';
import type { RelatedLocation, RuleContext } from '../rule.ts';

const CALLABLE = new Set(['local', 'same-package', 'other-package', 'standalone']);

/** The bodies a call may run (several for overloads; none for Oracle-supplied or unresolved names). */
export function calleesOf(context: RuleContext, { resolution }: ResolvedCall): SubprogramFacts[] {
  if (!CALLABLE.has(resolution.kind)) return [];
  const graph = context.callGraph;
  const sub = resolution.symbol?.subprogram;
  if (sub) {
    const own = graph.factsAt(context.file ?? '', sub.nameRange);
    if (own) return [own];
  }
  return resolution.definition ? graph.factsOfDefinition(resolution.definition) : [];
}

/** The shortest chain from any of the callees to the fact. */
export function chainFrom(context: RuleContext, callees: readonly SubprogramFacts[], fact: Fact): ChainStep[] | undefined {
  let best: ChainStep[] | undefined;
  for (const callee of callees) {
    const chain = context.callGraph.chainTo(callee, fact);
    if (chain && (!best || chain.length < best.length)) best = chain;
  }
  return best;
}

/** `line 4` in the same file, `rates.sql:4` in another. */
export function placeOf(context: RuleContext, file: string, range: SourceRange): string {
  return file === (context.file ?? '') ? `line ${range.line}` : `${file}:${range.line}`;
}

/** Where the repetition comes from: `loop at 12`, `row trigger`, `function called per row`. */
export function repeatedBy(loop: LoopInfo): string {
  if (loop.rowContext?.kind === 'trigger') return 'row trigger';
  if (loop.rowContext?.kind === 'sql-function') return `per row of ${loop.rowContext.of}`;
  return `loop at ${loop.statement.range.line}`;
}

/** `loop at 12 -> PKG.GET_RATE -> LOG_UPDATE`, then the caller appends the final site. */
export function chainText(loop: LoopInfo, chain: readonly ChainStep[]): string {
  return [repeatedBy(loop), ...chain.map((s) => s.facts.displayName)].join(' -> ');
}

export function chainRelated(context: RuleContext, chain: readonly ChainStep[]): RelatedLocation[] {
  return chain.map((step) => ({
    file: step.facts.file === (context.file ?? '') ? undefined : step.facts.file,
    range: step.facts.nameRange,
    message: `${step.facts.displayName}${step.via ? ' (called here)' : ''}`,
  }));
}
