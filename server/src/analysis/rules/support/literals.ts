/**
 * The string literals and the code of a PL/SQL or SQL text, comments left out: enough to look for settings
 * inside dynamic SQL (`'alter session set statistics_level = all'`, q-quotes too) and in script lines.
 */
export interface TextPiece {
  kind: 'code' | 'string';
  /** Offsets into the text; for strings, the content between the quotes. */
  start: number;
  end: number;
}

const CLOSERS: Record<string, string> = { '[': ']', '{': '}', '(': ')', '<': '>' };

export function scanPieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let codeStart = 0;
  let i = 0;
  const flushCode = (end: number) => {
    if (end > codeStart) pieces.push({ kind: 'code', start: codeStart, end });
  };
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '-' && next === '-') {
      flushCode(i);
      const lineEnd = text.indexOf('\n', i);
      i = lineEnd < 0 ? text.length : lineEnd;
      codeStart = i;
    } else if (c === '/' && next === '*') {
      flushCode(i);
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? text.length : close + 2;
      codeStart = i;
    } else if (c === '"') {
      const close = text.indexOf('"', i + 1);
      i = close < 0 ? text.length : close + 1;
    } else if ((c === 'q' || c === 'Q') && next === "'" && !/[\w$#]/.test(text[i - 1] ?? ' ') || ((c === 'n' || c === 'N') && (next === 'q' || next === 'Q') && text[i + 2] === "'" && !/[\w$#]/.test(text[i - 1] ?? ' '))) {
      const quote = text.indexOf("'", i);
      const delimiter = text[quote + 1] ?? '';
      const closer = (CLOSERS[delimiter] ?? delimiter) + "'";
      flushCode(i);
      const close = text.indexOf(closer, quote + 2);
      const end = close < 0 ? text.length : close;
      pieces.push({ kind: 'string', start: quote + 2, end });
      i = close < 0 ? text.length : close + 2;
      codeStart = i;
    } else if (c === "'") {
      flushCode(i);
      let j = i + 1;
      while (j < text.length) {
        if (text[j] === "'") {
          if (text[j + 1] === "'") j += 2;
          else break;
        } else j++;
      }
      pieces.push({ kind: 'string', start: i + 1, end: j });
      i = j + 1;
      codeStart = i;
    } else {
      i++;
    }
  }
  flushCode(text.length);
  return pieces;
}

/** 1-based line and column of an offset, from precomputed line starts. */
export function positionOf(lineStarts: readonly number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (lineStarts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: offset - lineStarts[low]! + 1 };
}

export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}
