/**
 * Moves a model built for a segment at one file position to another position: used when a cached unit
 * reappears after lines above it were added or removed. Only line numbers change, and columns on the
 * segment's first line when its start column changed.
 */
import type { Range, UnitNode } from './nodes.ts';

function isRange(value: object): value is Range {
  return 'endColumn' in value && 'line' in value;
}

/**
 * Each subprogram node a move copied, with the node it was copied from and by how many lines it moved (only for
 * moves by whole lines: the start column unchanged). The editor's kept items (analysis/itemMove.ts) find an item's
 * last results through it: a moved item is replayed shifted instead of being walked again.
 */
export const movedFrom = new WeakMap<object, { from: object; lineDelta: number }>();

export function rebaseUnits(
  units: UnitNode[],
  from: { line: number; column: number },
  to: { line: number; column: number },
): UnitNode[] {
  const lineDelta = to.line - from.line;
  const columnDelta = to.column - from.column;
  if (lineDelta === 0 && columnDelta === 0) return units;
  const byLines = columnDelta === 0;
  const shift = (range: Range): Range => ({
    line: range.line + lineDelta,
    column: range.line === from.line ? range.column + columnDelta : range.column,
    endLine: range.endLine + lineDelta,
    endColumn: range.endLine === from.line ? range.endColumn + columnDelta : range.endColumn,
  });
  // The model shares nodes (a standalone unit's body is its subprogram's body; a body holds the declarations
  // of its unit): the walk relies on that identity to visit each node once, so a shared node is copied once.
  // Ranges are not remembered: a range is a leaf read by value (nothing keys a map by one), and a third of the
  // model's objects are ranges, whose look-up and entry in this map cost more than the copy itself.
  const copies = new Map<object, unknown>();
  // (plain loops: Object.entries allocated a pair array per node, most of the copy's cost on a large body)
  const copy = (value: object): unknown => {
    if (isRange(value)) return shift(value);
    if (Array.isArray(value)) {
      // a list without objects (names, tables, labels; a third of a package body's lists are empty) holds no place:
      // the copy shares it (nodes are never changed), which saves most of the lists' copying
      let leaf = true;
      for (let k = 0; k < value.length && leaf; k++) leaf = typeof value[k] !== 'object' || value[k] === null;
      if (leaf) return value;
    }
    // Statements, branches and calls are never shared (each is listed once, where it is written): not looked up.
    // They are most of a body's nodes.
    const kind = (value as { kind?: unknown }).kind;
    const unshared = kind === 'statement' || kind === 'call' || kind === 'branch';
    if (!unshared) {
      const known = copies.get(value);
      if (known !== undefined) return known;
    }
    if (Array.isArray(value)) {
      const out: unknown[] = new Array(value.length);
      copies.set(value, out);
      for (let k = 0; k < value.length; k++) {
        const item: unknown = value[k];
        out[k] = typeof item === 'object' && item !== null ? copy(item) : item;
      }
      return out;
    }
    // a spread keeps the node's shape (one hidden class per node kind, as a fresh parse has), then its objects are replaced
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    if (!unshared) copies.set(value, out);
    for (const key in out) {
      const item = out[key];
      if (typeof item === 'object' && item !== null) out[key] = copy(item);
    }
    if (byLines && out.kind === 'subprogram') movedFrom.set(out, { from: value, lineDelta });
    return out;
  };
  return copy(units) as UnitNode[];
}
