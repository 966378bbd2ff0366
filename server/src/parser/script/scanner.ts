/**
 * Character-level helpers for the SQL*Plus script segmenter: line ends, whitespace, identifier characters, and
 * skipping of comments, string literals (plain, national, q-quoted) and quoted identifiers.
 *
 * Every helper takes a start offset and returns the offset just past the construct; an unterminated construct runs
 * to the end of the text. None of them throws and each one is linear in the characters it skips.
 */
const CH_TAB = 9;
const CH_LF = 10;
const CH_VT = 11;
const CH_FF = 12;
const CH_CR = 13;
const CH_SPACE = 32;
const CH_DQUOTE = 34;
const CH_HASH = 35;
const CH_DOLLAR = 36;
const CH_AMP = 38;
const CH_QUOTE = 39;
const CH_DOT = 46;
const CH_AT = 64;
const CH_UNDERSCORE = 95;
const CH_NBSP = 0xa0;
const CH_BOM = 0xfeff;

// Character classes of ASCII, looked up instead of compared: the scanners test every character of a file.
const BLANK = 1;
const IDENT = 2;
const WORD = 4;
const ASCII_CLASS = (() => {
  const table = new Uint8Array(128);
  for (const c of [CH_SPACE, CH_TAB, CH_FF, CH_VT]) table[c] = BLANK;
  for (let c = 0; c < 128; c++) {
    const letterOrDigit = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
    if (letterOrDigit || c === CH_UNDERSCORE || c === CH_DOLLAR || c === CH_HASH) table[c] = IDENT | WORD;
  }
  for (const c of [CH_DOT, CH_AMP, CH_AT]) table[c] = WORD;
  return table;
})();

/** Whitespace inside a line (no line breaks). The BOM and NBSP count as whitespace. */
export function isBlank(c: number): boolean {
  return c < 0x80 ? (ASCII_CLASS[c]! & BLANK) !== 0 : isUnicodeBlank(c);
}

/** Unicode space separators (NBSP, ideographic space ...) and the BOM. */
function isUnicodeBlank(c: number): boolean {
  return (
    c === CH_NBSP ||
    c === CH_BOM ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

export function isLineBreak(c: number): boolean {
  return c === CH_LF || c === CH_CR;
}

/** Letters, digits, `_`, `$`, `#` and any non-ASCII character (identifier body characters). */
export function isIdentChar(c: number): boolean {
  return c < 0x80 ? (ASCII_CLASS[c]! & IDENT) !== 0 : !isUnicodeBlank(c);
}

/** Characters that continue a "word" as the segmenter sees it: identifier characters plus `.` and `&`
 * (so that `&&schema..pkg`, `schema.name` and `a@b` are one word). */
export function isWordChar(c: number): boolean {
  return c < 0x80 ? (ASCII_CLASS[c]! & WORD) !== 0 : !isUnicodeBlank(c);
}

export function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/** Offset of the line break that ends the line containing `i` (or text.length). */
export function lineEndAt(text: string, i: number): number {
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === CH_LF || c === CH_CR) return i;
    i++;
  }
  return n;
}

/** Offset of the start of the next line, given the offset of a line end (a line break or text.length). */
export function nextLineStart(text: string, eol: number): number {
  if (eol >= text.length) return text.length;
  if (text.charCodeAt(eol) === CH_CR && text.charCodeAt(eol + 1) === CH_LF) return eol + 2;
  return eol + 1;
}

export function skipBlanks(text: string, i: number, limit: number): number {
  while (i < limit && isBlank(text.charCodeAt(i))) i++;
  return i;
}

/** Offset just past the trailing blanks trimmed from [from, to). */
export function trimEnd(text: string, from: number, to: number): number {
  while (to > from && isBlank(text.charCodeAt(to - 1))) to--;
  return to;
}

/** `i` is at `/*`; returns the offset just past the closing `*\/`, or text.length. */
export function skipBlockComment(text: string, i: number): number {
  const close = text.indexOf('*/', i + 2);
  return close < 0 ? text.length : close + 2;
}

/** `i` is at an opening `'`; returns the offset past the closing quote (`''` is an escaped quote). */
export function skipString(text: string, i: number): number {
  let p = i + 1;
  for (;;) {
    const q = text.indexOf("'", p);
    if (q < 0) return text.length;
    if (text.charCodeAt(q + 1) === CH_QUOTE) {
      p = q + 2;
      continue;
    }
    return q + 1;
  }
}

/** `i` is at an opening `"`; returns the offset past the closing `"`. */
export function skipQuotedIdent(text: string, i: number): number {
  const q = text.indexOf('"', i + 1);
  return q < 0 ? text.length : q + 1;
}

function closingDelimiter(c: number): number {
  switch (c) {
    case 0x5b: return 0x5d; // [ ]
    case 0x7b: return 0x7d; // { }
    case 0x28: return 0x29; // ( )
    case 0x3c: return 0x3e; // < >
    default: return c;
  }
}

/**
 * If a q-quoted literal starts at `i` (`q'X`, `Q'X`, `nq'X`, `NQ'X` with a delimiter X that is not whitespace),
 * returns the offset just past it (`X'` closes, bracket delimiters close with their partner); otherwise -1.
 * The caller must make sure that `i` is at the start of a word.
 */
export function skipQQuote(text: string, i: number): number {
  let p = i;
  let c = text.charCodeAt(p);
  if (c === 110 || c === 78) { // n N
    p++;
    c = text.charCodeAt(p);
  }
  if (c !== 113 && c !== 81) return -1; // q Q
  if (text.charCodeAt(p + 1) !== CH_QUOTE) return -1;
  const open = text.charCodeAt(p + 2);
  if (Number.isNaN(open) || open === CH_SPACE || open === CH_TAB || isLineBreak(open) || open === CH_QUOTE) return -1;
  // A delimiter outside the BMP (`q'😀...😀'`) is two UTF-16 units.
  const wide = open >= 0xd800 && open <= 0xdbff;
  const closer = (wide ? text.slice(p + 2, p + 4) : String.fromCharCode(closingDelimiter(open))) + "'";
  const end = text.indexOf(closer, p + (wide ? 4 : 3));
  return end < 0 ? text.length : end + closer.length;
}

/**
 * Scans a "word" starting at `i` (an identifier character, `&`, or `"`): identifier characters, `.`, `&`, `@` and
 * embedded quoted identifiers, so `"S"."P"`, `&&schema..pkg` and `ut3.ut_runner` are single words.
 */
export function scanWord(text: string, i: number): number {
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === CH_DQUOTE) i = skipQuotedIdent(text, i);
    else if (isWordChar(c)) i++;
    else break;
  }
  return i;
}

/** Upper-cases a word except for its quoted-identifier parts. */
export function normalizeWord(word: string): string {
  if (word.indexOf('"') < 0) return word.toUpperCase();
  let out = '';
  let inQuote = false;
  for (const part of word.split('"')) {
    out += inQuote ? `"${part}"` : part.toUpperCase();
    inQuote = !inQuote;
  }
  // Balanced quotes leave `inQuote` true after the last part; with an unbalanced quote keep the text as written.
  return inQuote ? out : word;
}

/** Line-start offsets of `text` (handles `\n`, `\r\n` and `\r`). */
/**
 * A lookup of upper-case keywords (letters only) by length, for `keywordAt`: the structure scans compare
 * every word with a few keywords, and upper-casing a copy of each word was most of their cost.
 */
export type KeywordTable = ReadonlyArray<readonly string[] | undefined>;

export function keywordTable(keywords: readonly string[]): KeywordTable {
  const table: string[][] = [];
  for (const keyword of keywords) (table[keyword.length] ??= []).push(keyword);
  return table;
}

/** The keyword of `table` that the word text[start, end) spells in any case, or undefined. No allocation. */
export function keywordAt(text: string, start: number, end: number, table: KeywordTable): string | undefined {
  const candidates = table[end - start];
  if (candidates === undefined) return undefined;
  for (const keyword of candidates) {
    let k = 0;
    // Clearing bit 5 upper-cases an ASCII letter; no other character becomes a letter by it.
    while (k < keyword.length && (text.charCodeAt(start + k) & ~0x20) === keyword.charCodeAt(k)) k++;
    if (k === keyword.length) return keyword;
  }
  return undefined;
}

export function computeLineStarts(text: string): number[] {
  // indexOf runs natively, several times faster than a loop over the characters.
  const starts = [0];
  let lf = text.indexOf('\n');
  let cr = text.indexOf('\r');
  while (lf >= 0 || cr >= 0) {
    if (cr >= 0 && (lf < 0 || cr < lf)) {
      const next = text.charCodeAt(cr + 1) === CH_LF ? cr + 2 : cr + 1;
      starts.push(next);
      if (next === cr + 2) lf = text.indexOf('\n', next);
      cr = text.indexOf('\r', next);
    } else {
      starts.push(lf + 1);
      lf = text.indexOf('\n', lf + 1);
    }
  }
  return starts;
}

/** 1-based line and column (UTF-16 code units) of `offset`, by binary search in `lineStarts`. */
export function positionAt(lineStarts: readonly number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((lineStarts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - (lineStarts[lo] as number) + 1 };
}
