/**
 * SQL*Plus SQLPREFIX lines inside a statement: while a statement is being entered, a line starting with `#`
 * (the default prefix) runs a SQL*Plus command (`#pause`, `#set echo on`) and is not part of the statement.
 * No PL/SQL or SQL token starts with `#`, so such a line is read as a comment (hidden channel).
 */
import type { CharStream } from 'antlr4ng';

const CH_HASH = 35;

/** The length of a `#...` line at the stream's position when only blanks precede it on its line, else 0. */
export function sqlPrefixLineLength(input: CharStream): number {
  if (input.LA(1) !== CH_HASH) return 0;
  for (let k = -1; ; k--) {
    const c = input.index + k + 1 > 0 ? input.LA(k) : 10;
    if (c === 10 || c === 13) break;
    if (c !== 32 && c !== 9) return 0;
  }
  let n = 1;
  for (let c = input.LA(n + 1); c !== -1 && c !== 10 && c !== 13; c = input.LA(++n + 1));
  return n;
}
