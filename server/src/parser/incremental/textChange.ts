/**
 * What an edit changed between two versions of a document, as one span: the text before `start` and the text
 * from `oldEnd` (old version) / `newEnd` (new version) on are the same in both. Found by comparing the two texts
 * from both ends, which is native-speed work (a few hundred microseconds for a megabyte); the scans that follow
 * then re-read only the span and a little around it.
 */
export interface TextChange {
  start: number;
  /** End of the changed span in the old text (exclusive). */
  oldEnd: number;
  /** End of the changed span in the new text (exclusive). */
  newEnd: number;
  /** newEnd - oldEnd: how far the text after the span moved. */
  delta: number;
}

const CHUNK = 512;

/** Length of the common prefix of a and b (limited to `limit`). */
function commonPrefix(a: string, b: string, limit: number): number {
  let i = 0;
  // whole chunks first: comparing two slices runs natively
  while (i + CHUNK <= limit && a.slice(i, i + CHUNK) === b.slice(i, i + CHUNK)) i += CHUNK;
  while (i < limit && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** Length of the common suffix of a and b (limited to `limit`). */
function commonSuffix(a: string, b: string, limit: number): number {
  let k = 0;
  const na = a.length;
  const nb = b.length;
  while (k + CHUNK <= limit && a.slice(na - k - CHUNK, na - k) === b.slice(nb - k - CHUNK, nb - k)) k += CHUNK;
  while (k < limit && a.charCodeAt(na - k - 1) === b.charCodeAt(nb - k - 1)) k++;
  return k;
}

/** The span that differs between `before` and `after`; null when they are the same text. */
export function textChange(before: string, after: string): TextChange | null {
  if (before === after) return null;
  const shorter = Math.min(before.length, after.length);
  const start = commonPrefix(before, after, shorter);
  const suffix = commonSuffix(before, after, shorter - start);
  const oldEnd = before.length - suffix;
  const newEnd = after.length - suffix;
  return { start, oldEnd, newEnd, delta: newEnd - oldEnd };
}

/** The change's reuse of the old text: how much of it is kept (prefix and suffix), for choosing a base. */
export function keptLength(change: TextChange, oldLength: number): number {
  return change.start + (oldLength - change.oldEnd);
}

/**
 * Where an offset of the old text is in the new one. A start (of a token, a segment) before the span stays,
 * one at or after its old end moves by `delta`; an end (exclusive) at or before the span's start stays, one
 * after its old end moves. Anything inside the span has no place in the new text (NaN): what held it changed.
 */
export function movedStart(change: TextChange, offset: number): number {
  return offset < change.start ? offset : offset >= change.oldEnd ? offset + change.delta : Number.NaN;
}

export function movedEnd(change: TextChange, offset: number): number {
  return offset <= change.start ? offset : offset > change.oldEnd ? offset + change.delta : Number.NaN;
}

/**
 * How much text the last incremental layout re-read (tests: an edit in a procedure must not re-scan the body; the
 * results alone cannot show it, a scan of everything gives them too).
 */
export const rescanned = { segmentedChars: 0, lexedChars: 0 };
