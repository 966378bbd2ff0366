/**
 * A package body's split into items after an edit, from the split of the text before it: the items the edit cannot
 * have changed are kept, and the scan runs only from the last item before the change to the first item after it
 * that starts where an old item started, on tokens that are the old ones moved. Before, every keystroke scanned the
 * whole body's tokens again (`splitPackageBody`: a third of the parse's per-keystroke work on pdfgen_pkg.pkb).
 *
 * The item scan reads forward only, and an item's scan reads its own tokens and at most the next item's first one.
 * So an old item is the same when the token after it is still one of the kept tokens before the change, and from a
 * new item start at a moved token on, the old scan from the same old token gave the rest (moved). The result equals
 * `splitPackageBody` of the new text (test/parser/incrementalParse.test.ts compares them after every edit).
 */
import { Light, type LightTokens, type RelexSync } from '../script/lightTokens.ts';
import { checked, mayBePackageBody, scanItems, splitPackageBody, type BodyItem, type PackageBodyLayout } from '../script/splitPackageBody.ts';

/** The token whose start is `offset` (one is: item starts are token starts). */
function tokenAt(tokens: LightTokens, offset: number): number {
  let low = 0;
  let high = tokens.count - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (tokens.starts[middle]! < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function splitAfterChange(
  code: string,
  tokens: LightTokens,
  sync: RelexSync,
  old: { tokens: LightTokens; layout: PackageBodyLayout | null },
  delta: number,
): PackageBodyLayout | null {
  const was = old.layout;
  // (a body with directives, or none split before: from scratch, as rare as it is cheap to get right)
  if (!was || was.conditional || was.items.length === 0 || !mayBePackageBody(code)) return splitPackageBody(code, tokens);
  // the last old item whose start is a kept token: the ones before it read only kept tokens
  const firstChanged = sync.kept < old.tokens.count ? old.tokens.starts[sync.kept]! : Number.POSITIVE_INFINITY;
  let resume = -1;
  while (resume + 1 < was.items.length && was.items[resume + 1]!.start < firstChanged) resume++;
  if (resume < 0) return splitPackageBody(code, tokens);
  const items: BodyItem[] = was.items.slice(0, resume);
  const oldStarts = new Map<number, number>();
  for (let k = resume + 1; k < was.items.length; k++) oldStarts.set(was.items[k]!.start, k);
  const join = (i: number): BodyItem[] | undefined => {
    if (i < sync.newFrom) return undefined;
    const k = oldStarts.get(old.tokens.starts[i - sync.newFrom + sync.oldFrom]!);
    if (k === undefined) return undefined;
    return was.items.slice(k).map((item) => ({ kind: item.kind, start: item.start + delta, end: item.end + delta }));
  };
  const scanned = scanItems(tokens, tokenAt(tokens, was.items[resume]!.start), items, join);
  if (!scanned) return null;
  // no directive before (`conditional` unset), and none among the re-scanned tokens: still none
  const rescannedEnd = Math.min(sync.newFrom, tokens.count);
  for (let i = sync.kept; i < rescannedEnd; i++) {
    if (tokens.kinds[i] === Light.Directive) return checked(code, tokens, { headerEnd: was.headerEnd, items: scanned });
  }
  return { headerEnd: was.headerEnd, items: scanned };
}
