/**
 * The script's segments after an edit, from the segments of the text before it: the segmenter resumes at its last
 * checkpoint before the change (a line start where it saved its whole state) and scans on until it stands at a
 * line start after the change in the same state as the earlier scan did at the same place of the old text. From
 * there on the earlier scan's result is the new one, moved by the change's length: typing in a procedure of a
 * 7,000-line body scans a few dozen lines, not the body.
 *
 * "The same state" is exact: every field of the code scan's state (segmentScript.ts, CodeScanState) equal, and
 * every offset it holds outside the changed span and moved as the text moved. The scan depends only on its state
 * and the text after it, so equal states on equal text give equal segments (the differential test checks it
 * against a fresh segmentation after random edits).
 */
import { positionAt } from '../script/scanner.ts';
import {
  segmentScript, segmentWithHooks, type CodeScanState, type ScriptSegment, type SegmenterCheckpoint, type SegmenterHooks,
} from '../script/segmentScript.ts';
import { movedEnd, movedStart, rescanned, type TextChange } from './textChange.ts';

export interface Segmentation {
  segments: ScriptSegment[];
  /** The scan's checkpoints, by offset. */
  checkpoints: SegmenterCheckpoint[];
}

/** Lines between checkpoints: the re-scan after an edit reads at most about this many lines before the change. */
const CHECKPOINT_LINES = 32;

function noResync(): boolean {
  return false;
}

/** The segments of a text scanned from its start, with checkpoints for later edits (`every` lines: tests). */
export function segmentFully(text: string, lineStarts: number[], every = CHECKPOINT_LINES): Segmentation {
  const checkpoints: SegmenterCheckpoint[] = [];
  const hooks: SegmenterHooks = { every, checkpoints, from: Number.POSITIVE_INFINITY, probe: noResync, resync: noResync };
  const result = segmentWithHooks(text, lineStarts, hooks);
  return result ? { segments: result.segments, checkpoints } : { segments: segmentScript(text, lineStarts), checkpoints: [] };
}

/** The segments of `text`, which is `old`'s text with `change` applied. */
export function segmentAfterChange(old: Segmentation, change: TextChange, text: string, lineStarts: number[]): Segmentation {
  const before = old.checkpoints;
  // the last checkpoint at or before the change: the scan's state there depends on the text before it only
  let lo = 0;
  let hi = before.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before[mid]!.pos <= change.start) lo = mid + 1;
    else hi = mid;
  }
  const restartIndex = lo - 1;
  const restart = restartIndex >= 0 ? before[restartIndex] : undefined;
  const checkpoints = before.slice(0, restartIndex + 1);
  let next = restartIndex + 1;
  let matched = -1;
  const hooks: SegmenterHooks = {
    every: CHECKPOINT_LINES,
    checkpoints,
    from: change.newEnd,
    probe(pos: number): boolean {
      const at = pos - change.delta;
      while (next < before.length && before[next]!.pos < at) next++;
      return next < before.length && before[next]!.pos === at;
    },
    resync(_pos: number, code: CodeScanState | undefined): boolean {
      if (!sameScanState(before[next]!.code, code, change)) return false;
      matched = next;
      return true;
    },
  };
  const done = restart ? old.segments.slice(0, restart.segments) : [];
  const result = segmentWithHooks(text, lineStarts, hooks, restart, done);
  if (!result) return segmentFully(text, lineStarts);
  const restartAt = restart?.pos ?? 0;
  if (!result.stopped) {
    rescanned.segmentedChars = text.length - restartAt;
    return { segments: result.segments, checkpoints };
  }
  const base = before[matched]!;
  rescanned.segmentedChars = base.pos + change.delta - restartAt;
  const scanned = result.segments.length;
  const segments = result.segments;
  for (let k = base.segments; k < old.segments.length; k++) segments.push(movedSegment(old.segments[k]!, change, lineStarts));
  for (let k = matched; k < before.length; k++) {
    const checkpoint = before[k]!;
    checkpoints.push({
      pos: checkpoint.pos + change.delta,
      segments: checkpoint.segments - base.segments + scanned,
      code: checkpoint.code && movedState(checkpoint.code, change),
    });
  }
  return { segments, checkpoints };
}

function movedSegment(segment: ScriptSegment, change: TextChange, lineStarts: number[]): ScriptSegment {
  const start = movedStart(change, segment.start);
  const end = movedEnd(change, segment.end);
  const s = positionAt(lineStarts, start);
  const e = positionAt(lineStarts, end);
  const moved = { ...segment, start, end, line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
  if (moved.kind === 'sqlplus') moved.argsStart = movedStart(change, moved.argsStart);
  return moved;
}

/** A token's place in the new text: [start, end] moved, or undefined when the change touched it. */
function movedToken(change: TextChange, start: number, end: number): [number, number] | undefined {
  if (start < 0) return [start, end];
  if (end <= change.start) return [start, end];
  if (start >= change.oldEnd) return [start + change.delta, end + change.delta];
  return undefined;
}

function movedState(state: CodeScanState, change: TextChange): CodeScanState {
  const t1 = movedToken(change, state.t1s, state.t1e)!;
  const t2 = movedToken(change, state.t2s, state.t2e)!;
  return {
    ...state,
    start: movedStart(change, state.start),
    lastSigEnd: movedEnd(change, state.lastSigEnd),
    t1s: t1[0], t1e: t1[1], t2s: t2[0], t2e: t2[1],
  };
}

function sameWords(a: readonly (string | number)[], b: readonly (string | number)[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/** The earlier scan's state at a place of the old text (`old`) is the new scan's (`now`) at the same place, moved. */
export function sameScanState(old: CodeScanState | undefined, now: CodeScanState | undefined, change: TextChange): boolean {
  if (old === undefined || now === undefined) return old === now;
  const t1 = movedToken(change, old.t1s, old.t1e);
  const t2 = movedToken(change, old.t2s, old.t2e);
  return t1 !== undefined && t2 !== undefined
    && now.t1s === t1[0] && now.t1e === t1[1] && now.t1w === old.t1w
    && now.t2s === t2[0] && now.t2e === t2[1] && now.t2w === old.t2w
    && now.start === movedStart(change, old.start)
    && now.lastSigEnd === movedEnd(change, old.lastSigEnd)
    && now.depth === old.depth
    && now.afterSemicolon === old.afterSemicolon
    && now.endsBlock === old.endsBlock
    && now.inSubprogramHeader === old.inSubprogramHeader
    && now.afterEnd === old.afterEnd
    && now.blankBefore === old.blankBefore
    && now.wrapped === old.wrapped
    && now.wrappedKnown === old.wrappedKnown
    && now.raw === old.raw
    && now.cls?.kind === old.cls?.kind
    && now.cls?.unitIndex === old.cls?.unitIndex
    && now.cls?.raw === old.cls?.raw
    && sameWords(now.words, old.words)
    && sameWords(now.openSections, old.openSections);
}
