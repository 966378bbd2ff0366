/** Severity that rises with the loop heat: one level down for a small known count, one up for a hot loop. */
import type { Severity } from '../../syntax/finding.ts';
import { heatOf, type IterationEstimate } from '../semantic/estimate.ts';

const order: Severity[] = ['info', 'warning', 'error'];

export function severityForHeat(base: Severity, estimate: IterationEstimate): Severity {
  const heat = heatOf(estimate);
  const index = order.indexOf(base) + (heat === 'hot' ? 1 : heat === 'cold' ? -1 : 0);
  return order[Math.max(0, Math.min(order.length - 1, index))]!;
}
