/**
 * q-quoted literals with any delimiter (`q'£...£'`, `q'xabcx'`, `nq'ä...ä'`). The lexer grammar reads the
 * ASCII punctuation delimiters itself, but a lexer rule cannot refer back to the character that opened the
 * literal, so every other delimiter is read here, from the character stream, before the lexer's DFA runs.
 * Oracle allows any character except space, tab and line breaks; brackets close with their partner.
 */
import type { CharStream } from 'antlr4ng';

const CH_QUOTE = 39;

/** Delimiters the lexer grammar's STRING rule already reads (Q_BRACKETED and Q_SAME). */
const GRAMMAR_DELIMITERS = new Set([...'[{(<!#|"~^/+@%`*:=?\\$&;,.-_\''].map((c) => c.charCodeAt(0)));

function closingOf(open: number): number {
  switch (open) {
    case 0x5b: return 0x5d;
    case 0x7b: return 0x7d;
    case 0x28: return 0x29;
    case 0x3c: return 0x3e;
    default: return open;
  }
}

/**
 * The length of a q-quoted literal at the stream's position whose delimiter the grammar does not know, or 0
 * (not such a literal, or never closed: the grammar then reports it as usual).
 */
export function otherDelimiterQQuoteLength(input: CharStream): number {
  let k = 1;
  let c = input.LA(k);
  if (c === 110 || c === 78) c = input.LA(++k); // n N
  if (c !== 113 && c !== 81) return 0; // q Q
  if (input.LA(k + 1) !== CH_QUOTE) return 0;
  const open = input.LA(k + 2);
  if (open <= 32 || open === 0x85 || open === 0x2028 || open === 0x2029 || GRAMMAR_DELIMITERS.has(open)) return 0;
  const close = closingOf(open);
  for (let j = k + 3; ; j++) {
    const ch = input.LA(j);
    if (ch === -1) return 0;
    if (ch === close && input.LA(j + 1) === CH_QUOTE) return j + 1;
  }
}
