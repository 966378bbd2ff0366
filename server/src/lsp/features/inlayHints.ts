/**
 * Loop-heat inlay hints: how often code runs, where the line does not already say it. The loop header
 * (`FOR i IN 1 .. 1000000 LOOP`, `FOR r IN (SELECT ...) LOOP`) shows its own bound, so the estimate goes
 * either after the loop's END LOOP (`placement: "loop-end"`, the default: where the reader no longer sees the
 * header, and where nested loops multiply) or after each call inside a hot loop (`placement: "calls"`: the
 * number of times that call runs). Neither goes on the line of a one-line loop's header, which says it already.
 * Switched by inlayHints.loopHeat; hot from inlayHints.minIterations on.
 */
import { InlayHintKind, type InlayHint, type Range } from 'vscode-languageserver';
import type { IterationEstimate } from '../../analysis/semantic/estimate.ts';
import type { SourceRange } from '../../syntax/finding.ts';
import type { EditorAnalysis } from '../analyzeDocument.ts';
import type { CallResolutionKind } from '../analyzerApi.ts';
import { toLspRange } from '../positions.ts';

export type InlayHintPlacement = 'loop-end' | 'calls';

/** Calls that run code: not an element of a collection, a field, a cursor or a type name. */
const RUNS_CODE: ReadonlySet<CallResolutionKind> = new Set(['local', 'same-package', 'other-package', 'standalone', 'oracle-supplied', 'unresolved']);

/** How often, in a few words; undefined when the loop is not hot or nothing is known. */
function howOften(estimate: IterationEstimate, minIterations: number): string | undefined {
  const { count, perRowOf, perBatchOf, perElementOf } = estimate;
  if (count !== undefined) return count < minIterations ? undefined : `≈${count.toLocaleString('en-US')} iterations`;
  if (perRowOf.length) return `per row of ${perRowOf.join(' × ')}`;
  if (perBatchOf.length) return `per batch of ${perBatchOf.join(' × ')}`;
  if (perElementOf.length) return `per element of ${perElementOf.join(' × ')}`;
  return undefined;
}

function inRange(range: Range, line: number): boolean {
  return line >= range.start.line && line <= range.end.line;
}

/**
 * Whether a hint on this line (1-based) would only repeat the loop's header written on the same line: a loop
 * on one line (`FOR r IN (SELECT ...) LOOP ... END LOOP;`) shows its bound or query itself; inside another loop
 * or a per-row context the estimate multiplies what the line does not show, so it stays.
 */
function headerSays(header: SourceRange | undefined, line: number, estimate: IterationEstimate): boolean {
  return header !== undefined && estimate.depth <= 1 && header.line <= line && line <= header.endLine;
}

export function loopHeatHints(analysis: EditorAnalysis, range: Range, minIterations: number, placement: InlayHintPlacement = 'loop-end'): InlayHint[] {
  const hints: InlayHint[] = [];
  if (placement === 'calls') {
    for (const call of analysis.calls) {
      if (!call.loop || !RUNS_CODE.has(call.resolution.kind)) continue;
      const label = howOften(call.loop, minIterations);
      const end = toLspRange(call.range).end;
      if (!label || !inRange(range, end.line) || headerSays(call.loopHeader, call.range.endLine, call.loop)) continue;
      hints.push({ position: end, label: label.startsWith('≈') ? `${label.replace(' iterations', '')}×` : label, kind: InlayHintKind.Parameter, paddingLeft: true, tooltip: `${call.name} runs ${call.loop.text}` });
    }
    return hints;
  }
  for (const loop of analysis.loops) {
    const label = howOften(loop.estimate, minIterations);
    const end = toLspRange(loop.range).end;
    if (!label || !inRange(range, end.line) || headerSays(loop.headerRange, loop.range.endLine, loop.estimate)) continue;
    hints.push({ position: end, label, kind: InlayHintKind.Parameter, paddingLeft: true, tooltip: `the code in the loop of line ${loop.headerRange.line} runs ${loop.estimate.text}` });
  }
  return hints;
}
