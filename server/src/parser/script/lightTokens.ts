/**
 * A light tokenizer for structure scans: structure keywords and punctuation, with comments, strings,
 * q-quoted strings and quoted identifiers skipped. Much cheaper than the ANTLR lexer; used to find the
 * items of a package body before parsing them (splitPackageBody.ts).
 *
 * Tokens are numeric kinds in typed arrays rather than one object per token: a dense package body has
 * tens of thousands of tokens, and allocating them was most of this scan's cost.
 */
import { isBlank, isIdentChar, isLineBreak, keywordAt, keywordTable, scanWord, skipBlockComment, skipQQuote, skipQuotedIdent, skipString } from './scanner.ts';

/** Token kinds. Every punctuation character is a token (`END , CASE` must not read as END CASE). */
export const Light = {
  OtherWord: 0, OtherPunctuation: 1, Directive: 2, LeftParen: 3, RightParen: 4, Semicolon: 5,
  As: 6, Begin: 7, Body: 8, Case: 9, Create: 10, End: 11, External: 12, Function: 13, If: 14, Is: 15,
  Language: 16, Loop: 17, Package: 18, Procedure: 19,
} as const;
export type LightKind = (typeof Light)[keyof typeof Light];

const KEYWORD_KINDS: Record<string, LightKind> = {
  AS: Light.As, BEGIN: Light.Begin, BODY: Light.Body, CASE: Light.Case, CREATE: Light.Create, END: Light.End,
  EXTERNAL: Light.External, FUNCTION: Light.Function, IF: Light.If, IS: Light.Is, LANGUAGE: Light.Language,
  LOOP: Light.Loop, PACKAGE: Light.Package, PROCEDURE: Light.Procedure,
};
const STRUCTURE_WORDS = keywordTable(Object.keys(KEYWORD_KINDS));

export interface LightTokens {
  count: number;
  kinds: Uint8Array;
  /** Character offsets of each token in the text (end exclusive). */
  starts: Int32Array;
  ends: Int32Array;
}

/** Whether only blanks stand before offset i on its line. */
function startsLine(text: string, i: number): boolean {
  for (let k = i - 1; k >= 0; k--) {
    const c = text.charCodeAt(k);
    if (isLineBreak(c)) return true;
    if (!isBlank(c)) return false;
  }
  return true;
}

export function lightTokens(text: string): LightTokens {
  const n = text.length;
  // A token is at least one character long: n bounds the count.
  const kinds = new Uint8Array(n);
  const starts = new Int32Array(n);
  const ends = new Int32Array(n);
  let count = 0;
  const push = (kind: LightKind, start: number, end: number) => {
    kinds[count] = kind;
    starts[count] = start;
    ends[count] = end;
    count++;
  };
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isBlank(c) || isLineBreak(c)) {
      i++;
    } else if (c === 45 && text.charCodeAt(i + 1) === 45) { // --
      const eol = text.indexOf('\n', i);
      i = eol < 0 ? n : eol + 1;
    } else if (c === 35 && startsLine(text, i)) { // #pause: a SQL*Plus SQLPREFIX line, hidden by the lexer too (sqlPrefixLine.ts)
      const eol = text.indexOf('\n', i);
      i = eol < 0 ? n : eol + 1;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) { // /*
      i = skipBlockComment(text, i);
    } else if (c === 39) { // '
      i = skipString(text, i);
    } else if (c === 34) { // "
      const end = skipQuotedIdent(text, i);
      push(Light.OtherWord, i, end);
      i = end;
    } else if (isIdentChar(c) || c === 38) { // words, &substitution
      const q = skipQQuote(text, i);
      if (q > 0) {
        i = q;
        continue;
      }
      // n'national' strings
      if ((c === 110 || c === 78) && text.charCodeAt(i + 1) === 39) {
        i = skipString(text, i + 1);
        continue;
      }
      const end = Math.max(scanWord(text, i), i + 1);
      const keyword = c === 36 ? undefined : keywordAt(text, i, end, STRUCTURE_WORDS);
      push(c === 36 ? Light.Directive : keyword === undefined ? Light.OtherWord : KEYWORD_KINDS[keyword]!, i, end);
      i = end;
    } else {
      push(c === 40 ? Light.LeftParen : c === 41 ? Light.RightParen : c === 59 ? Light.Semicolon : Light.OtherPunctuation, i, i + 1);
      i++;
    }
  }
  return { count, kinds, starts, ends };
}
