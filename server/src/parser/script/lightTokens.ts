/**
 * A light tokenizer for structure scans: structure keywords and punctuation, with comments, strings,
 * q-quoted strings and quoted identifiers skipped. Much cheaper than the ANTLR lexer; used to find the
 * items of a package body before parsing them (splitPackageBody.ts).
 *
 * Tokens are numeric kinds in typed arrays rather than one object per token: a dense package body has
 * tens of thousands of tokens, and allocating them was most of this scan's cost.
 */
import { rescanned, type TextChange } from '../incremental/textChange.ts';
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
  const tokens: LightTokens = { count: 0, kinds: new Uint8Array(n), starts: new Int32Array(n), ends: new Int32Array(n) };
  scanLight(text, 0, tokens, Number.POSITIVE_INFINITY, undefined, n);
  // (trimmed: the tokens of a body are kept for the next edit's re-scan, and n-sized arrays are 9 bytes a character)
  return trimmed(tokens);
}

function grown(tokens: LightTokens, capacity: number): LightTokens {
  const kinds = new Uint8Array(capacity);
  const starts = new Int32Array(capacity);
  const ends = new Int32Array(capacity);
  kinds.set(tokens.kinds.subarray(0, tokens.count));
  starts.set(tokens.starts.subarray(0, tokens.count));
  ends.set(tokens.ends.subarray(0, tokens.count));
  return { count: tokens.count, kinds, starts, ends };
}

function trimmed(tokens: LightTokens): LightTokens {
  const { count } = tokens;
  return { count, kinds: tokens.kinds.slice(0, count), starts: tokens.starts.slice(0, count), ends: tokens.ends.slice(0, count) };
}

/**
 * Scans from offset `from` (where a scan of the text stood between tokens) and appends to `tokens`. Before
 * appending a token that starts at or after `resyncFrom`, asks `resync(start)`: true stops the scan there (the
 * token is not appended) and returns its start. A token starting at or after `until` pauses the scan (returns its
 * start too; `tokens.count` tells the two apart only to the caller, who knows `until`): the arrays have room for
 * the tokens before `until`, one a character at most. Returns -1 at the text's end.
 */
function scanLight(
  text: string, from: number, tokens: LightTokens, resyncFrom: number, resync: ((start: number) => boolean) | undefined, until: number,
): number {
  const n = text.length;
  const { kinds, starts, ends } = tokens;
  let count = tokens.count;
  let stoppedAt = -1;
  const push = (kind: LightKind, start: number, end: number) => {
    if (start >= until || (start >= resyncFrom && resync!(start))) {
      stoppedAt = start;
      return;
    }
    kinds[count] = kind;
    starts[count] = start;
    ends[count] = end;
    count++;
  };
  let i = from;
  while (i < n && stoppedAt < 0) {
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
  tokens.count = count;
  return stoppedAt;
}

/**
 * The tokens of `text`, which is the text `old` was scanned from with `change` applied: the tokens before the
 * change are kept, the scan restarts at the end of the last token that ends before it, and stops at the first
 * token, on a line after the change, that starts where an old token started (moved): the scan was between tokens
 * at the same place of the same remaining text, so the old tokens from there on are the new ones, moved. (The one
 * look back of the scan, whether a `#` starts its line, never reaches from a later line into the change.)
 */
export function relexLightTokens(old: LightTokens, change: TextChange, text: string): LightTokens {
  return relexLightTokensSynced(old, change, text).tokens;
}

/**
 * How the tokens of a re-scan relate to the old ones: the first `kept` are the old ones; from new token `newFrom`
 * on they are the old tokens from `oldFrom` on, moved (`newFrom` is infinite when the scan ran to the text's end).
 */
export interface RelexSync {
  kept: number;
  newFrom: number;
  oldFrom: number;
}

/** `relexLightTokens`, with where the new tokens meet the old ones (a body's split is resumed from it). */
export function relexLightTokensSynced(old: LightTokens, change: TextChange, text: string): { tokens: LightTokens; sync: RelexSync } {
  const { start, newEnd, delta } = change;
  // tokens that end before the change are kept (one that ends at its start may grow: `ab` + `c`)
  let lo = 0;
  let hi = old.count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (old.ends[mid]! < start) lo = mid + 1;
    else hi = mid;
  }
  const kept = lo;
  const restart = kept > 0 ? old.ends[kept - 1]! : 0;
  const lineAfter = text.indexOf('\n', newEnd);
  const resyncFrom = lineAfter < 0 ? Number.POSITIVE_INFINITY : lineAfter + 1;
  // the re-scanned tokens go to a buffer of their own (one a character at most, grown while the scan goes on); the
  // result is then made once at its size from the kept tokens, those and the moved ones (before, the whole list
  // was copied two or three times per keystroke: into a buffer with room, grown for the moved tokens, trimmed)
  let capacity = newEnd - restart + 4096;
  let scanned: LightTokens = { count: 0, kinds: new Uint8Array(capacity), starts: new Int32Array(capacity), ends: new Int32Array(capacity) };
  let next = kept;
  const resync = (at: number): boolean => {
    const was = at - delta;
    while (next < old.count && old.starts[next]! < was) next++;
    return next < old.count && old.starts[next] === was;
  };
  let from = restart;
  let stoppedAt: number;
  for (;;) {
    const until = from + (capacity - scanned.count);
    stoppedAt = scanLight(text, from, scanned, resyncFrom, resync, until);
    if (stoppedAt < 0 || stoppedAt < until) break;
    // paused for room: the scan stood between tokens at stoppedAt
    capacity = Math.max(2 * capacity, scanned.count + 4096);
    scanned = grown(scanned, capacity);
    from = stoppedAt;
  }
  rescanned.lexedChars = (stoppedAt < 0 ? text.length : stoppedAt) - restart;
  const moved = stoppedAt >= 0 ? old.count - next : 0;
  const middle = kept + scanned.count;
  const count = middle + moved;
  const tokens: LightTokens = { count, kinds: new Uint8Array(count), starts: new Int32Array(count), ends: new Int32Array(count) };
  tokens.kinds.set(old.kinds.subarray(0, kept));
  tokens.starts.set(old.starts.subarray(0, kept));
  tokens.ends.set(old.ends.subarray(0, kept));
  tokens.kinds.set(scanned.kinds.subarray(0, scanned.count), kept);
  tokens.starts.set(scanned.starts.subarray(0, scanned.count), kept);
  tokens.ends.set(scanned.ends.subarray(0, scanned.count), kept);
  const sync: RelexSync = { kept, newFrom: Number.POSITIVE_INFINITY, oldFrom: next };
  if (stoppedAt >= 0) {
    tokens.kinds.set(old.kinds.subarray(next), middle);
    const { starts, ends } = tokens;
    for (let k = 0; k < moved; k++) {
      starts[middle + k] = old.starts[next + k]! + delta;
      ends[middle + k] = old.ends[next + k]! + delta;
    }
    sync.newFrom = middle;
  }
  return { tokens, sync };
}
