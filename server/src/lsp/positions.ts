/**
 * The one place where the analyzer's coordinates meet the editor's (STYLE.md §1): findings and the syntax
 * model are 1-based with an exclusive end column; LSP positions are 0-based with an exclusive end character.
 * Both count UTF-16 code units, because both index JavaScript strings.
 */
import type { Position, Range } from 'vscode-languageserver';
import type { SourceRange } from '../syntax/finding.ts';

export function toLspRange(range: SourceRange): Range {
  return {
    start: { line: range.line - 1, character: range.column - 1 },
    end: { line: range.endLine - 1, character: range.endColumn - 1 },
  };
}

export function toSourceRange(range: Range): SourceRange {
  return {
    line: range.start.line + 1,
    column: range.start.character + 1,
    endLine: range.end.line + 1,
    endColumn: range.end.character + 1,
  };
}

/** Whether a 0-based editor position lies inside a 1-based source range (end inclusive, so a cursor just after a name counts). */
export function rangeContains(range: SourceRange, position: Position): boolean {
  const line = position.line + 1;
  const column = position.character + 1;
  if (line < range.line || line > range.endLine) return false;
  if (line === range.line && column < range.column) return false;
  if (line === range.endLine && column > range.endColumn) return false;
  return true;
}

export function rangesOverlap(a: SourceRange, b: SourceRange): boolean {
  const before = (l1: number, c1: number, l2: number, c2: number) => l1 < l2 || (l1 === l2 && c1 <= c2);
  return !before(a.endLine, a.endColumn, b.line, b.column) && !before(b.endLine, b.endColumn, a.line, a.column)
    || (a.line === b.line && a.column === b.column);
}
