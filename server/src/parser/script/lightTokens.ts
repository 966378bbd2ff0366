/**
 * A light tokenizer for structure scans: keyword-length words upper-cased, single punctuation characters, with comments,
 * strings, q-quoted strings and quoted identifiers skipped. Much cheaper than the ANTLR lexer; used to find
 * the items of a package body before parsing them (splitPackageBody.ts).
 */
import { isBlank, isIdentChar, isLineBreak, keywordAt, keywordTable, scanWord, skipBlockComment, skipQQuote, skipQuotedIdent, skipString } from './scanner.ts';

/** The only words the structure scans compare with; `$`-directives are kept recognisable as '$'. */
const STRUCTURE_WORDS = keywordTable([
  'AS', 'BEGIN', 'BODY', 'CASE', 'CREATE', 'END', 'EXTERNAL', 'FUNCTION', 'IF', 'IS', 'LANGUAGE', 'LOOP',
  'PACKAGE', 'PROCEDURE',
]);
const OTHER_WORD = '\u0000word';

export interface LightToken {
  /** A structure keyword (upper case), '$' for a directive, a placeholder for any other word, or the punctuation character. */
  text: string;
  isWord: boolean;
  start: number;
  end: number;
}

export function lightTokens(text: string): LightToken[] {
  const tokens: LightToken[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isBlank(c) || isLineBreak(c)) {
      i++;
    } else if (c === 45 && text.charCodeAt(i + 1) === 45) { // --
      const eol = text.indexOf('\n', i);
      i = eol < 0 ? n : eol + 1;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) { // /*
      i = skipBlockComment(text, i);
    } else if (c === 39) { // '
      i = skipString(text, i);
    } else if (c === 34) { // "
      const end = skipQuotedIdent(text, i);
      tokens.push({ text: text.slice(i, end), isWord: true, start: i, end });
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
      // Other words (most identifiers) share one placeholder instead of an upper-cased copy each.
      const word = c === 36 ? '$' : keywordAt(text, i, end, STRUCTURE_WORDS) ?? OTHER_WORD;
      tokens.push({ text: word, isWord: true, start: i, end });
      i = end;
    } else {
      // Every punctuation character is a token: `END , CASE` must not read as END CASE.
      tokens.push({ text: text[i]!, isWord: false, start: i, end: i + 1 });
      i++;
    }
  }
  return tokens;
}
