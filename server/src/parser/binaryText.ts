/**
 * Tells text from binary data before anything tries to parse it. A binary file (an image, an archive, a
 * compiled or wrapped-and-zipped unit) decodes to text like any byte sequence does (decodeSource.ts never
 * fails), and parsing it produced dozens of syntax errors quoting raw control bytes. It gets one clear error.
 *
 * The test: a NUL character anywhere (no editor saves PL/SQL with NULs; UTF-16 without a byte-order mark is
 * NUL-heavy too), or more than 1 in 50 characters of the first 64 KB being control characters that text does
 * not use (C0 controls other than tab, line feed, vertical tab, form feed and carriage return; DEL).
 */
import { rememberLast } from './rememberLast.ts';

const SAMPLE = 65_536;
const MIN_CONTROLS = 8;
const MAX_CONTROL_SHARE = 1 / 50;
// C0 controls other than tab, line feed, vertical tab, form feed and carriage return; DEL.
const NON_TEXT_CONTROL = /[\u0001-\u0008\u000e-\u001f\u007f]/;

export interface NotText {
  /** 1-based line of the first offending character. */
  line: number;
  column: number;
  message: string;
}

function isTextControl(c: number): boolean {
  return c === 9 || c === 10 || c === 11 || c === 12 || c === 13;
}

function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

const binaryContentOfText = rememberLast(binaryContentOf);

/** Null for text; else where it stops being text and the message to report once for the whole file. */
export function binaryContent(text: string): NotText | null {
  const found = binaryContentOfText(text);
  return found && { ...found };
}

function binaryContentOf(text: string): NotText | null {
  const nul = text.indexOf('\u0000');
  let first = nul;
  if (nul < 0) {
    const end = Math.min(text.length, SAMPLE);
    // Text almost never has such a control: find the first with the regex engine (native code, no JIT warm-up at
    // a cold start) and count only from there.
    first = text.slice(0, end).search(NON_TEXT_CONTROL);
    if (first < 0) return null;
    let controls = 0;
    for (let i = first; i < end; i++) {
      const c = text.charCodeAt(i);
      if ((c < 32 && !isTextControl(c)) || c === 127) controls++;
    }
    if (controls < MIN_CONTROLS || controls <= end * MAX_CONTROL_SHARE) return null;
  }
  const at = positionOf(text, first);
  return {
    ...at,
    message: nul >= 0
      ? 'not PL/SQL text: the file contains NUL bytes (binary data, or UTF-16 without a byte-order mark); it is not analysed'
      : 'not PL/SQL text: the file is mostly control characters (binary data); it is not analysed',
  };
}
