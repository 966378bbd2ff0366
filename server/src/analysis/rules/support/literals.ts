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
  // jump from one place that can start a comment, a quoted name or a string to the next
  const candidates = /--|\/\*|"|'/g;
  const flushCode = (end: number) => {
    if (end > codeStart) pieces.push({ kind: 'code', start: codeStart, end });
  };
  for (let match = candidates.exec(text); match; match = candidates.exec(text)) {
    const i = match.index;
    const token = match[0];
    let next = i + token.length;
    if (token === '--') {
      flushCode(i);
      const lineEnd = text.indexOf('\n', i);
      next = lineEnd < 0 ? text.length : lineEnd;
      codeStart = next;
    } else if (token === '/*') {
      flushCode(i);
      const close = text.indexOf('*/', i + 2);
      next = close < 0 ? text.length : close + 2;
      codeStart = next;
    } else if (token === '"') {
      const close = text.indexOf('"', i + 1);
      next = close < 0 ? text.length : close + 1;
    } else {
      // q'X...X' and nq'X...X': the prefix letters stand just before the quote
      const q = text[i - 1];
      const isQ = (q === 'q' || q === 'Q') && !/[\w$#]/.test((text[i - 2] === 'n' || text[i - 2] === 'N') ? (text[i - 3] ?? ' ') : (text[i - 2] ?? ' '));
      if (isQ) {
        const delimiter = text[i + 1] ?? '';
        const closer = (CLOSERS[delimiter] ?? delimiter) + "'";
        flushCode(i);
        const close = text.indexOf(closer, i + 2);
        pieces.push({ kind: 'string', start: i + 2, end: close < 0 ? text.length : close });
        next = close < 0 ? text.length : close + 2;
      } else {
        flushCode(i);
        let j = i + 1;
        for (;;) {
          const quote = text.indexOf("'", j);
          if (quote < 0) {
            j = text.length;
            break;
          }
          if (text[quote + 1] === "'") j = quote + 2;
          else {
            j = quote;
            break;
          }
        }
        pieces.push({ kind: 'string', start: i + 1, end: j });
        next = j + 1;
      }
      codeStart = next;
    }
    candidates.lastIndex = next;
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
