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
  // The model shares nodes (a standalone unit's body is its subprogram's body; a body holds the declarations
  // of its unit): the walk relies on that identity to visit each node once, so a shared node is copied once.
  const copies = new Map<object, unknown>();
  const copy = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const known = copies.get(value);
    if (known !== undefined) return known;
    if (isRange(value)) {
      const shifted = shift(value);
      copies.set(value, shifted);
      return shifted;
    }
    if (Array.isArray(value)) {
      const out: unknown[] = [];
      copies.set(value, out);
      for (const item of value) out.push(copy(item));
      return out;
    }
    const out: Record<string, unknown> = {};
    copies.set(value, out);
    for (const [key, v] of Object.entries(value)) out[key] = copy(v);
    return out;
  };
  return copy(units) as UnitNode[];
}
