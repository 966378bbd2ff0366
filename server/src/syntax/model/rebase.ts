/**
 * Moves a model built for a segment at one file position to another position: used when a cached unit
 * reappears after lines above it were added or removed. Only line numbers change, and columns on the
 * segment's first line when its start column changed.
 */
import type { Range, UnitNode } from './nodes.ts';

function isRange(value: unknown): value is Range {
  return typeof value === 'object' && value !== null && 'line' in value && 'endColumn' in value;
}

export function rebaseUnits(
  units: UnitNode[],
  from: { line: number; column: number },
  to: { line: number; column: number },
): UnitNode[] {
  const lineDelta = to.line - from.line;
  const columnDelta = to.column - from.column;
  if (lineDelta === 0 && columnDelta === 0) return units;
  const shift = (range: Range): Range => ({
    line: range.line + lineDelta,
    column: range.line === from.line ? range.column + columnDelta : range.column,
    endLine: range.endLine + lineDelta,
    endColumn: range.endLine === from.line ? range.endColumn + columnDelta : range.endColumn,
  });
  const copy = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(copy);
    if (isRange(value)) return shift(value);
    if (typeof value === 'object' && value !== null) {
      const out: Record<string, unknown> = {};
      for (const [key, v] of Object.entries(value)) out[key] = copy(v);
      return out;
    }
    return value;
  };
  return copy(units) as UnitNode[];
}
