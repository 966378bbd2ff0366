/**
 * Where a suppression comment for a finding can go without changing the code.
 *
 * "Disable for this line" inserts `-- plsql-perf-disable-next-line` as a line of its own above the finding's
 * line. That is only right where the finding's line starts outside any string or comment: a finding can start
 * on a line in the middle of a multi-line string (plan-statistics-in-code reports `statistics_level=all` inside
 * a q-quoted PL/SQL block, corpus utPLSQL coverage_helper.pkb:497), and a line inserted there becomes part of
 * the string, which the program then runs or stores, and is no comment, so it suppresses nothing. There the
 * comment pair `plsql-perf-disable` / `plsql-perf-enable` goes around the lines instead: the disable above the
 * first line that starts outside the string, the enable before the first such line after the finding.
 */
import { computeLineStarts } from '../parser/script/scanner.ts';
import { forEachOpaqueSpan } from './suppressions.ts';

export type SuppressionPlacement =
  /** `disable-next-line` inserted at the start of `line` (1-based; the finding's line). */
  | { kind: 'next-line'; line: number }
  /**
   * `disable` inserted at the start of `disableLine`, `enable` at the start of `enableLine` (1-based; the line
   * after the text's last when there is none: the enable then goes at the end).
   */
  | { kind: 'range'; disableLine: number; enableLine: number };

/** The lines of a text that start inside a string, quoted identifier or comment. */
export class LinesInsideTokens {
  private readonly inside = new Set<number>();
  readonly lineCount: number;

  constructor(text: string) {
    const lineStarts = computeLineStarts(text);
    this.lineCount = lineStarts.length;
    let line = 0; // 0-based index into lineStarts, moves forward only
    forEachOpaqueSpan(text, (_kind, start, end) => {
      while (line < lineStarts.length && lineStarts[line]! <= start) line++;
      // every line that starts after the span's first character and before its end starts inside it
      for (let l = line; l < lineStarts.length && lineStarts[l]! < end; l++) this.inside.add(l + 1);
    });
  }

  /** Whether the 1-based line starts inside a string, quoted identifier or comment. */
  startsInside(line: number): boolean {
    return this.inside.has(line);
  }
}

export function suppressionPlacement(lines: LinesInsideTokens, line: number): SuppressionPlacement {
  if (!lines.startsInside(line)) return { kind: 'next-line', line };
  let disableLine = line;
  while (disableLine > 1 && lines.startsInside(disableLine)) disableLine--;
  let enableLine = line + 1;
  while (enableLine <= lines.lineCount && lines.startsInside(enableLine)) enableLine++;
  return { kind: 'range', disableLine, enableLine };
}
