/**
 * A comment, string or q-quoted string that is never closed swallows everything after it: Oracle (and SQL*Plus)
 * read the rest of the file as part of it, so nothing there runs and nothing there can be checked. Such a
 * construct must never pass silently: one error at its start says what is never closed and how many lines it
 * hides. The lexer reports the ones inside a unit; the pre-pass leaves a comment outside any unit (after the last
 * `/`, or in a file of nothing else) out of every segment, so that one is found here.
 */
import type { Finding } from './finding.ts';
import { positionAt } from '../parser/script/scanner.ts';

const CH_LF = 10;
const CH_CR = 13;
const CH_SLASH = 47;
const CH_STAR = 42;
const CH_MINUS = 45;
const CH_DOT = 46;

/** The number of the last line that holds any character (a final line break opens no line worth counting). */
function lastLineWithText(text: string, lineStarts: readonly number[]): number {
  const last = lineStarts.length;
  return last > 1 && lineStarts[last - 1] === text.length ? last - 1 : last;
}

function swallowedMessage(what: string, line: number, lastLine: number, toEndOfFile: boolean): string {
  const hidden = lastLine - line;
  const where = toEndOfFile ? 'the end of the file' : 'the end of the unit';
  const tail = hidden === 0
    ? `it runs to ${where}`
    : `it swallows the ${hidden === 1 ? 'line' : `${hidden} lines`} after it to ${where}, which ${hidden === 1 ? 'is' : 'are'} never checked`;
  return `syntax error: ${what} that is never closed starts here: ${tail}`;
}

/**
 * What the lexer's unterminated token at `offset` is, by the text that opens it, and where it opens: the lexer
 * reads a q-quote that is never closed as the name `q` and a plain string from its quote, so it starts earlier.
 */
function constructAt(text: string, offset: number): { what: string; start: number; opener: number } {
  if (text.startsWith('/*', offset)) return { what: 'a comment', start: offset, opener: 2 };
  const qAt = /^n?q'/i.exec(text.slice(offset, offset + 3));
  if (qAt) return { what: "a q-quoted string (q'...')", start: offset, opener: qAt[0].length };
  const before = text.slice(Math.max(0, offset - 3), offset + 1);
  const q = /(?:^|[^\w$#])(n?q)'$/i.exec(before);
  if (q) return { what: "a q-quoted string (q'...')", start: offset - q[1]!.length, opener: q[1]!.length + 1 };
  return { what: 'a string', start: offset, opener: 1 };
}

/**
 * Rewrites the lexer's report of an unterminated construct in one unit (`unexpected a string that is never
 * closed`, `... starts here`) into the one message above, and drops the errors at the unit's end that it
 * causes (the unit ends inside it: an `expected 'END'` there is no news).
 */
export function describeUnclosedInUnit(
  errors: Finding[],
  text: string,
  lineStarts: readonly number[],
  unitEnd: number,
): Finding[] {
  const unclosed = errors.find((e) => e.message.includes('that is never closed'));
  if (unclosed === undefined) return errors;
  const offset = (lineStarts[unclosed.line - 1] ?? 0) + unclosed.column - 1;
  const endLine = positionAt(lineStarts, Math.max(unitEnd - 1, offset)).line;
  const toEndOfFile = text.slice(unitEnd).trim() === '' || endLine >= lastLineWithText(text, lineStarts);
  const { what, start, opener } = constructAt(text, offset);
  const message = swallowedMessage(what, unclosed.line, toEndOfFile ? lastLineWithText(text, lineStarts) : endLine, toEndOfFile);
  const column = unclosed.column - (offset - start);
  const out: Finding[] = [];
  for (const e of errors) {
    if (e === unclosed) out.push({ ...e, column, endLine: e.line, endColumn: column + opener, message }); // the opening characters
    else if (!e.message.includes('that is never closed') && !e.message.includes('the end of the unit')) out.push(e);
  }
  return out;
}

/**
 * A block comment opened after the last segment (`from`: where it ends, 0 when there is none) and never closed.
 * Between segments there are only blanks, comments and `/` or `.` lines; anything else means the pre-pass saw
 * something this scan does not, and it stays silent rather than guess.
 */
export function unclosedCommentOutsideUnits(text: string, from: number, lineStarts: readonly number[]): Finding[] {
  let i = from;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c <= 32 || c === CH_SLASH && text.charCodeAt(i + 1) !== CH_STAR || c === CH_DOT || c === 0xfeff || c === 0xa0) {
      i++;
    } else if (c === CH_MINUS && text.charCodeAt(i + 1) === CH_MINUS) {
      while (i < n && text.charCodeAt(i) !== CH_LF && text.charCodeAt(i) !== CH_CR) i++;
    } else if (c === CH_SLASH) {
      const close = text.indexOf('*/', i + 2);
      if (close >= 0) {
        i = close + 2;
        continue;
      }
      const at = positionAt(lineStarts, i);
      return [{
        line: at.line, column: at.column, endLine: at.line, endColumn: at.column + 2,
        rule: 'syntax-error', severity: 'error',
        message: swallowedMessage('a comment', at.line, lastLineWithText(text, lineStarts), true),
      }];
    } else {
      return [];
    }
  }
  return [];
}
