/** Ranges rules report on: a statement's first line reads better in an editor than its whole extent. */
import type { SourceRange } from '../../syntax/finding.ts';

export function firstLine(range: SourceRange, lineLength: (line: number) => number): SourceRange {
  if (range.endLine === range.line) return range;
  return { line: range.line, column: range.column, endLine: range.line, endColumn: Math.max(range.column + 1, lineLength(range.line) + 1) };
}
