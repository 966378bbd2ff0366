/**
 * SQL*Plus line continuation inside a SQL statement: a `-` that ends a line joins it to the next one, and SQL*Plus
 * drops the `-` before it sends the statement. Oracle's own sample-schema loaders depend on it:
 *
 *   INSERT INTO countries VALUES ('AR'-
 *   ,'Argentina'-
 *   );
 *
 * The SQL*Plus User's Guide documents the hyphen as the way to continue a long *command* line. SQL*Plus reads the
 * first line of every input that way, before it knows whether the input is a SQL*Plus command or SQL: while that
 * first line (and each line it continues onto) ends in `-`, the lines are joined and the hyphens dropped. From the
 * first line that does not end in `-`, the rest of a SQL statement goes to the buffer as written, and a trailing
 * minus there is arithmetic (`ceil(blocks * 8192 / 1024) -` then `ceil(hwm * 8192 / 1024) savings`, a classic
 * DBA script). So `select 5 -` then `3 from dual` reaches the database as `select 5  3 from dual` (ORA-00923),
 * while `select 5,` then `10 -` then `3 from dual` subtracts. PL/SQL units go to the buffer as they are: this is
 * applied to SQL statement segments only.
 *
 * The `-` is blanked in place (same length), so every position after it stays right. A `-` inside a string
 * literal, a quoted name or a comment (`--` at a line's end, `/* ... - *\/`) is text, not a continuation.
 */
import { skipBlockComment, skipQQuote, skipQuotedIdent, skipString } from './scanner.ts';

const CONTINUATION = /-[ \t]*\r?\n/;

export function withoutSqlContinuations(code: string): string {
  if (!CONTINUATION.test(code)) return code;
  let out: string[] | undefined;
  let copied = 0;
  const n = code.length;
  let i = 0;
  while (i < n) {
    const c = code.charCodeAt(i);
    if (c === 39 || c === 34 || (c === 47 && code.charCodeAt(i + 1) === 42)) { // ' " /*
      const end = c === 39 ? skipString(code, i) : c === 34 ? skipQuotedIdent(code, i) : skipBlockComment(code, i);
      if (code.lastIndexOf('\n', end - 1) >= i) break; // the first line ends inside a literal or a comment
      i = end;
    } else if (c === 45 && code.charCodeAt(i + 1) === 45) { // --
      const end = code.indexOf('\n', i);
      i = end < 0 ? n : end;
    } else if ((c === 113 || c === 81 || c === 110 || c === 78) && !isWordChar(code.charCodeAt(i - 1))) { // q' nq'
      const end = skipQQuote(code, i);
      if (end >= 0 && code.lastIndexOf('\n', end - 1) >= i) break;
      i = end >= 0 ? end : i + 1;
    } else if (c === 45) { // -
      let j = i + 1;
      while (code.charCodeAt(j) === 32 || code.charCodeAt(j) === 9) j++;
      if (code.charCodeAt(j) === 10 || (code.charCodeAt(j) === 13 && code.charCodeAt(j + 1) === 10)) {
        (out ??= []).push(code.slice(copied, i), ' ');
        copied = i + 1;
        i = j + 1;
        continue;
      }
      i++;
    } else if (c === 10) {
      break; // a line that does not end in `-`: the command line is complete, the rest is buffer text
    } else {
      i++;
    }
  }
  if (!out) return code;
  out.push(code.slice(copied));
  return out.join('');
}

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c === 35;
}
