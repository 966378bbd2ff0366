/**
 * Which characters end a line. Editors and the Language Server Protocol count CR LF, LF and a lone CR (old Mac
 * exports) as one line break each; VS Code counts nothing else (U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR
 * and U+0085 NEXT LINE are "unusual line terminators" it offers to remove, microsoft/vscode#98989), and Oracle
 * takes none of those three as a line break or a blank either: in code they are an error, in a comment or a
 * string they are text. So they end no line here.
 *
 * The ANTLR lexer counts lines by LF only, so a lone CR becomes an LF before the parse: one character for one,
 * so every offset and column stays the same, and only a CR-only file's lines change (to what the editor shows).
 */
import { rememberLast } from './rememberLast.ts';

const LONE_CR = /\r(?!\n)/g;

// CR LF files (most Windows exports) have no lone CR: look before copying the text.
const lfLineBreaksOfCrText = rememberLast((text: string) => {
  LONE_CR.lastIndex = text.indexOf('\r');
  return LONE_CR.test(text) ? text.replace(LONE_CR, '\n') : text;
});

export function withLfLineBreaks(text: string): string {
  return text.indexOf('\r') < 0 ? text : lfLineBreaksOfCrText(text);
}

/** The line separators a lexer of another language would count; named in the error a stray one causes. */
export function unusualLineSeparatorName(c: string): string | undefined {
  switch (c) {
    case '\u2028': return 'Unicode LINE SEPARATOR (U+2028)';
    case '\u2029': return 'Unicode PARAGRAPH SEPARATOR (U+2029)';
    case '\u0085': return 'NEXT LINE (U+0085)';
    default: return undefined;
  }
}
