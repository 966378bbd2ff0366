/**
 * The structure of a script that every parse of it needs before the ANTLR parser runs: line starts, SQL*Plus
 * segments, and each package body's split into items (over its light tokens). In the editor a document is parsed
 * once per keystroke, and computing these from scratch read the whole text three times a keystroke (segmenting,
 * light tokens twice), which made a keystroke's cost grow with the body's length.
 *
 * So the layouts of the last few texts are kept, and a new text is laid out from the one it shares most with: the
 * line starts before the change are kept and those after it moved; the segmenter resumes near the change and stops
 * where its state meets the old scan's (incrementalSegments.ts); a segment outside the change keeps its body split
 * as it is (offsets in it are relative to the segment), and the segment with the change re-scans its light tokens
 * around the change only (relexLightTokens). The results are the same as from scratch (test/parser/incrementalParse).
 *
 * What stays proportional to the text, cheaply: finding the change (comparing the two texts from both ends,
 * native), moving the line starts and tokens after the change (typed-array and number copies), and the item scan
 * over a body's light tokens (one byte a token).
 */
import { computeLineStarts } from '../script/scanner.ts';
import { segmentScript, type ScriptSegment } from '../script/segmentScript.ts';
import { lightTokens, relexLightTokensSynced, type LightTokens } from '../script/lightTokens.ts';
import { splitAfterChange } from './splitAfterChange.ts';
import { mayBePackageBody, splitPackageBody, type PackageBodyLayout } from '../script/splitPackageBody.ts';
import { segmentAfterChange, segmentFully, type Segmentation } from './incrementalSegments.ts';
import { keptLength, textChange, type TextChange } from './textChange.ts';
import { detached } from '../detachedText.ts';

/** A code segment's package-body split, with what the next version's split starts from. */
interface BodySplit {
  /** The segment's light tokens; undefined when it is not a package body (nothing to split). */
  tokens: LightTokens | undefined;
  layout: PackageBodyLayout | null;
  /**
   * The unit-cache key of each item, made when first asked and passed on to the next version for the items the
   * change did not touch: the same string object, whose hash V8 keeps, so looking an unchanged item up in the
   * cache no longer reads its text (which, over all items, read the whole body twice a keystroke).
   */
  keys: (string | undefined)[];
}

/** A segment's split: known, or to be made from an older version's split and the change (when asked). */
type SplitSource = { split: BodySplit } | { from: BodySplit; change: TextChange } | undefined;

export interface ScriptLayout {
  readonly text: string;
  readonly lineStarts: number[];
  readonly segments: ScriptSegment[];
  /** The package-body split of segment `index` (whose text is `code`); null when it is not a splittable body. */
  bodyLayout(index: number, code: string): PackageBodyLayout | null;
  /** The unit-cache key of item `item` of segment `index`'s split (after bodyLayout), whose text is `text`. */
  itemKey(index: number, item: number, text: string): string;
}

const ITEM_ENTRY = 'packageBodyItem\u0000';

class KeptLayout implements ScriptLayout {
  readonly segments: ScriptSegment[];
  constructor(
    readonly text: string,
    readonly lineStarts: number[],
    readonly segmentation: Segmentation,
    readonly splits: SplitSource[],
  ) {
    this.segments = segmentation.segments;
  }

  bodyLayout(index: number, code: string): PackageBodyLayout | null {
    return this.split(index, code).layout;
  }

  itemKey(index: number, item: number, text: string): string {
    const source = this.splits[index];
    if (!source || !('split' in source)) return ITEM_ENTRY + text;
    // (a copy of the item's text: a key made of a slice would keep this version of the document alive)
    return (source.split.keys[item] ??= ITEM_ENTRY + detached(text));
  }

  /** The split of segment `index`, made now if it is not known yet. */
  split(index: number, code: string): BodySplit {
    const source = this.splits[index];
    if (source && 'split' in source) return source.split;
    let split: BodySplit;
    if (!mayBePackageBody(code)) split = { tokens: undefined, layout: null, keys: [] };
    else if (source?.from.tokens) {
      const { tokens, sync } = relexLightTokensSynced(source.from.tokens, source.change, code);
      const layout = splitAfterChange(code, tokens, sync, { tokens: source.from.tokens, layout: source.from.layout }, source.change.delta);
      split = { tokens, layout, keys: keptKeys(source.from, source.change, layout) };
    } else {
      const tokens = lightTokens(code);
      split = { tokens, layout: splitPackageBody(code, tokens), keys: [] };
    }
    this.splits[index] = { split };
    return split;
  }
}

/** The keys of the old split's items that the change did not touch, for the same items of the new split. */
function keptKeys(old: BodySplit, change: TextChange, layout: PackageBodyLayout | null): (string | undefined)[] {
  const keys: (string | undefined)[] = [];
  if (!old.layout || !layout) return keys;
  const oldByStart = new Map<number, number>();
  old.layout.items.forEach((item, k) => oldByStart.set(item.start, k));
  layout.items.forEach((item, k) => {
    const before = item.end <= change.start;
    if (!before && item.start < change.newEnd) return;
    const shift = before ? 0 : change.delta;
    const oldIndex = oldByStart.get(item.start - shift);
    if (oldIndex === undefined) return;
    const was = old.layout!.items[oldIndex]!;
    if (was.end + shift === item.end && was.kind === item.kind) keys[k] = old.keys[oldIndex];
  });
  return keys;
}

/** Layouts of the latest texts (an editor has a few documents open; each keystroke replaces its document's). */
const KEPT = 4;
/** Below this share of the old text kept, an edit is a new text: laid out from scratch. */
const MIN_KEPT_SHARE = 0.5;
const kept: KeptLayout[] = [];

/** Drops the kept layouts (tests). */
export function clearKeptLayouts(): void {
  kept.length = 0;
}

/**
 * The layout of `text`. `keep`: lay it out from the most similar of the latest layouts and keep it for the next
 * version (the editor); otherwise from scratch, keeping nothing (a check run reads each file once).
 */
export function scriptLayout(text: string, keep: boolean): ScriptLayout {
  if (!keep) return freshLayout(text);
  for (let k = 0; k < kept.length; k++) {
    if (kept[k]!.text === text) {
      const same = kept[k]!;
      kept.splice(k, 1);
      kept.push(same);
      return same;
    }
  }
  let base: KeptLayout | undefined;
  let change: TextChange | null = null;
  let best = MIN_KEPT_SHARE * text.length;
  for (const candidate of kept) {
    const found = textChange(candidate.text, text)!;
    const share = keptLength(found, candidate.text.length);
    if (share > best) {
      best = share;
      base = candidate;
      change = found;
    }
  }
  const layout = base && change ? layoutAfterChange(base, change, text) : keptFreshLayout(text);
  // the base is superseded by its new version (typing replaces a document's text)
  if (base) kept.splice(kept.indexOf(base), 1);
  kept.push(layout);
  if (kept.length > KEPT) kept.shift();
  return layout;
}

function freshLayout(text: string): ScriptLayout {
  const lineStarts = computeLineStarts(text);
  const segments = segmentScript(text, lineStarts);
  return { text, lineStarts, segments, bodyLayout: (_index, code) => splitPackageBody(code), itemKey: (_index, _item, code) => ITEM_ENTRY + code };
}

function keptFreshLayout(text: string): KeptLayout {
  const lineStarts = computeLineStarts(text);
  const segmentation = segmentFully(text, lineStarts);
  return new KeptLayout(text, lineStarts, segmentation, []);
}

function layoutAfterChange(base: KeptLayout, change: TextChange, text: string): KeptLayout {
  const lineStarts = lineStartsAfterChange(base.lineStarts, change, text);
  const segmentation = segmentAfterChange(base.segmentation, change, text, lineStarts);
  return new KeptLayout(text, lineStarts, segmentation, splitSources(base, change, segmentation.segments));
}

/** Line starts: those up to the change kept, those in it found again, those after it moved. */
function lineStartsAfterChange(before: readonly number[], change: TextChange, text: string): number[] {
  const starts: number[] = [];
  let k = 0;
  while (k < before.length && before[k]! <= change.start) starts.push(before[k++]!);
  // (the texts have LF line breaks: a CR is always followed by its LF)
  for (let at = text.indexOf('\n', change.start); at >= 0 && at < change.newEnd; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  while (k < before.length && before[k]! <= change.oldEnd) k++;
  for (; k < before.length; k++) starts.push(before[k]! + change.delta);
  return starts;
}

/** Each new segment's split source: an old segment's split when its text is unchanged or holds the whole change. */
function splitSources(base: KeptLayout, change: TextChange, segments: readonly ScriptSegment[]): SplitSource[] {
  const oldByStart = new Map<number, number>();
  base.segments.forEach((segment, index) => oldByStart.set(segment.start, index));
  const sources: SplitSource[] = [];
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    if (segment.kind !== 'code' || segment.codeKind !== 'plsql' || segment.wrapped) continue;
    const candidates = [];
    if (segment.start <= change.start) candidates.push(segment.start);
    if (segment.start >= change.newEnd) candidates.push(segment.start - change.delta);
    for (const oldStart of candidates) {
      const oldIndex = oldByStart.get(oldStart);
      const source = oldIndex === undefined ? undefined : base.splits[oldIndex];
      if (!source || !('split' in source)) continue;
      const old = base.segments[oldIndex!]!;
      if (old.kind !== 'code' || old.codeKind !== 'plsql' || old.wrapped) continue;
      const outside = (segment.end <= change.start && old.end === segment.end) || (segment.start >= change.newEnd && old.end + change.delta === segment.end);
      if (outside) {
        sources[index] = source;
        break;
      }
      if (old.start === segment.start && old.start <= change.start && old.end >= change.oldEnd && old.end + change.delta === segment.end) {
        const relative = { start: change.start - old.start, oldEnd: change.oldEnd - old.start, newEnd: change.newEnd - old.start, delta: change.delta };
        sources[index] = { from: source.split, change: relative };
        break;
      }
    }
  }
  return sources;
}
