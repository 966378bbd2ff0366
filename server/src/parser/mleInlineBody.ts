/**
 * The body of an inline MLE subprogram (`AS MLE LANGUAGE JAVASCRIPT [PURE] <delimiter> code <delimiter>`). Oracle
 * lets the author choose the delimiter: `{{ ... }}` is the usual one, `<< ... >>`, `(( ... ))` or `$$ ... $$`
 * are as valid; an opening bracket closes with its partner, in reverse order. The code is JavaScript, so its
 * quotes and semicolons mean nothing to SQL: the lexer and the script segmenter both take it as one piece.
 * (A string literal, `'...'` or `q'~...~'`, is the other form; it is an ordinary string token.)
 */

/** Reads the character `offset` places from the body's first character (0-based), -1 past the end. */
export type CharAt = (offset: number) => number;

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12;
}

/** Characters that cannot start or be part of the delimiter: name characters, quotes, the terminator. */
function endsDelimiter(c: number): boolean {
  return c < 0 || isBlank(c) || c === 39 || c === 34 || c === 59
    || (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 122) || c === 95 || c > 127;
}

function partner(c: number): number {
  switch (c) {
    case 0x7b: return 0x7d; // { }
    case 0x28: return 0x29; // ( )
    case 0x5b: return 0x5d; // [ ]
    case 0x3c: return 0x3e; // < >
    default: return c;
  }
}

/**
 * The length of the delimited body that starts at offset 0, closing delimiter included; 0 when no delimiter
 * starts there (a name, a string, a comment) or it is never closed (the parser then reports the code).
 */
export function inlineMleBodyLength(charAt: CharAt): number {
  const first = charAt(0);
  if (first === 45 && charAt(1) === 45) return 0; // -- comment
  if (first === 47 && charAt(1) === 42) return 0; // /* comment
  let open = 0;
  while (!endsDelimiter(charAt(open))) open++;
  if (open === 0) return 0;
  const closing: number[] = [];
  for (let k = open - 1; k >= 0; k--) closing.push(partner(charAt(k)));
  for (let at = open; charAt(at) >= 0; at++) {
    let k = 0;
    while (k < closing.length && charAt(at + k) === closing[k]) k++;
    if (k === closing.length) return at + k;
  }
  return 0;
}

/** True for the words after which an inline body may start: the language name and PURE. */
export function precedesInlineMleBody(upperWord: string): boolean {
  return upperWord === 'JAVASCRIPT' || upperWord === 'PURE';
}
