/**
 * Package bodies are parsed item by item (see script/splitPackageBody.ts): the header once, then every
 * declaration, subprogram and the initialisation part on its own, each through the unit cache. Typing
 * inside one procedure of a 3,000-line body re-parses that procedure only, and a syntax error stays in
 * the item it is in.
 */
import type { UnitNode } from './model/nodes.ts';
import { BuildContext, type SegmentOrigin } from './model/build/buildContext.ts';
import { buildDeclarations } from './model/build/buildUnits.ts';
import { buildBody } from './model/build/buildStatements.ts';
import type { PackageBodyItemContext } from '../parser/generated/PlSqlParser.ts';
import { parsesCleanly, shiftRelative, type RelativeSyntaxError } from '../parser/parseUnit.ts';
import { splitPackageBody, type BodyItem, type PackageBodyLayout } from '../parser/script/splitPackageBody.ts';
import { computeLineStarts, positionAt } from '../parser/script/scanner.ts';

/** A parse of some text: its model views and errors relative to the text (the unit cache stores these). */
export interface TextParse {
  origin: SegmentOrigin;
  views: UnitNode[][];
  errors: RelativeSyntaxError[];
  /**
   * The errors may come from the split itself: an item that failed parses cleanly together with its
   * neighbours. The caller then parses the body whole.
   */
  splitSuspect?: boolean;
}

/** Parses (or takes from the cache) one text with one entry rule. */
export type CachedTextParser = (
  text: string,
  entry: 'segment' | 'packageBodyItem',
  origin: SegmentOrigin,
  build?: (bc: BuildContext, tree: PackageBodyItemContext) => UnitNode[],
  /** The text's unit-cache key, kept from the last version (the same string object: hashed once). */
  key?: string,
) => TextParse;


/** The model of one item, wrapped in a unit so that the cache can store and move it like any other. */
export function buildItem(bc: BuildContext, tree: PackageBodyItemContext): UnitNode[] {
  const holder: UnitNode = {
    kind: 'unit', unitKind: 'package-body', name: '', range: bc.range(tree), properties: [],
    declarations: [], subprograms: [], statements: [], conditionalView: bc.conditionalView,
  };
  const declare = tree.declareItem();
  if (declare) Object.assign(holder, buildDeclarations(bc, [declare]));
  const init = tree.initializationPart();
  if (init) holder.body = buildBody(bc, init, [], [], buildDeclarations);
  return [holder];
}

/**
 * What the caller knows of a body already (the editor's kept layout, parser/incremental/scriptLayout.ts): its split,
 * and the position of an offset in it relative to its start (from the script's line starts: the body's own would
 * read the whole body again).
 */
export interface KnownSplit {
  layout: PackageBodyLayout | null;
  positionOf(offset: number): { line: number; column: number };
  /** The unit-cache key of item `index` of the layout (whose text is `text`), kept from version to version. */
  itemKey(index: number, text: string): string;
}

/** Returns null when the segment is not a package body that can be split. */
export function parsePackageBodyByItems(text: string, origin: SegmentOrigin, parse: CachedTextParser, known?: KnownSplit): TextParse | null {
  const layout = known ? known.layout : splitPackageBody(text);
  // A body without items (also the header parse below, which is `header END;`) is parsed whole.
  if (!layout || layout.items.length === 0) return null;
  // The header parses as an empty package body: name, properties, and the unit's place in the script.
  const header = parse(`${text.slice(0, layout.headerEnd)}\nend;`, 'segment', origin);
  if (header.errors.length > 0) return null;
  // Parsing to trees only (no model): nothing to assemble, only errors to collect.
  const unit: UnitNode = header.views[0]?.[0] ?? {
    kind: 'unit', unitKind: 'package-body', name: '', range: { line: origin.line, column: origin.column, endLine: origin.line, endColumn: origin.column },
    properties: [], declarations: [], subprograms: [], statements: [], conditionalView: 'all',
  };
  if (unit.unitKind !== 'package-body') return null;
  const assembled: UnitNode = { ...unit, declarations: [], subprograms: [], body: undefined };
  const relativePosition = known ? known.positionOf : ((lineStarts) => (offset: number) => positionAt(lineStarts, offset))(computeLineStarts(text));
  const errors: RelativeSyntaxError[] = [];
  const failed: number[] = [];
  const items = [...layout.items];
  for (let index = 0; index < items.length; index++) {
    const item = items[index]!;
    const at = relativePosition(item.start);
    const itemOrigin = { line: origin.line + at.line - 1, column: at.line === 1 ? origin.column + at.column - 1 : at.column };
    const itemText = text.slice(item.start, item.end);
    // (an item of the known split, not one cut from a failed item below)
    const key = known?.layout && known.layout.items[index] === item ? known.itemKey(index, itemText) : undefined;
    const parsed = parse(itemText, 'packageBodyItem', itemOrigin, buildItem, key);
    if (parsed.errors.length > 0 && !layout.conditional) {
      const pieces = splitAtNextSubprogram(text, layout.headerEnd, item);
      if (pieces) {
        // parse the shortened item again, then the subprograms after it
        items.splice(index, items.length - index, ...pieces);
        index--;
        continue;
      }
    }
    const holder = parsed.views[0]?.[0];
    if (holder) {
      assembled.declarations.push(...holder.declarations);
      assembled.subprograms.push(...holder.subprograms);
      if (holder.body) assembled.body = holder.body;
    }
    errors.push(...parsed.errors.map((e) => shiftRelative(e, at)));
    if (parsed.errors.length > 0) failed.push(index);
  }
  const current: PackageBodyLayout = { ...layout, items };
  const end = relativePosition(text.length);
  assembled.range = { line: origin.line, column: origin.column, endLine: origin.line + end.line - 1, endColumn: end.line === 1 ? origin.column + end.column - 1 : end.column };
  // With conditional compilation the split followed every branch at once: an error in or next to an item with
  // directives may be the split's (rare; such a body with errors is parsed whole, as every body with directives
  // was before). An error away from them is checked like any other: a 6 MB body with directives somewhere and one
  // error in its last procedure was parsed whole, three times (every branch, then each variant).
  const splitSuspect = failed.some((i) => (current.conditional === true && nearDirectives(text, current, i)) || splitMayBeWrong(text, current, i));
  return { origin, views: [[assembled]], errors, splitSuspect };
}

/** `$IF`, `$ELSE`, `$END`, ... (not `$$inquiry`) in the item or its neighbours; a directive word in a string counts too. */
const DIRECTIVE = /(?<!\$)\$(if|then|elsif|else|end|error)\b/i;

function nearDirectives(text: string, layout: PackageBodyLayout, index: number): boolean {
  const from = layout.items[Math.max(0, index - 1)]!.start;
  const to = layout.items[Math.min(layout.items.length - 1, index + 1)]!.end;
  return DIRECTIVE.test(text.slice(from, to));
}

/**
 * An error inside one item is the code's own when the item still fails with its neighbours around it, in a body
 * of its own; if that parses, the split cut the code in the wrong place. The check costs one fast parse of three
 * items, where parsing the whole body again (what a failed item cost before) made one error in the last
 * procedure of a 5 MB body cost three times the clean parse and four times its memory.
 */
function splitMayBeWrong(text: string, layout: PackageBodyLayout, index: number): boolean {
  const from = layout.items[Math.max(0, index - 1)]!.start;
  const to = layout.items[Math.min(layout.items.length - 1, index + 1)]!.end;
  return parsesCleanly(`${text.slice(0, layout.headerEnd)}\n${text.slice(from, to)}\nend;`, 'segment');
}

/**
 * A subprogram being typed (`IF x THEN` without its END IF yet) unbalances the block scan: its item runs on over
 * the subprograms after it to the body's END, and one syntax error would hide every finding in them. A failed
 * item that has a later line starting with PROCEDURE or FUNCTION at the item's own indentation is cut there: the
 * first piece keeps the error, the rest is split again like a body of its own. Only for items that fail anyway:
 * code that parses is never split differently.
 */
function splitAtNextSubprogram(text: string, headerEnd: number, item: BodyItem): BodyItem[] | null {
  const lineStart = text.lastIndexOf('\n', item.start - 1) + 1;
  const indent = text.slice(lineStart, item.start);
  if (!/^[ \t]*$/.test(indent)) return null;
  const next = new RegExp(`\\n${indent}(procedure|function)\\b`, 'gi');
  next.lastIndex = item.start;
  const found = next.exec(text.slice(0, item.end));
  if (!found) return null;
  const cut = found.index + 1 + indent.length;
  // (a line break after the header's IS/AS: the two words must not run together)
  const rest = splitPackageBody(`${text.slice(0, headerEnd)}\n${text.slice(cut)}`);
  if (!rest || rest.items.length === 0) return null;
  const shift = cut - headerEnd - 1;
  return [{ ...item, end: found.index }, ...rest.items.map((i) => ({ ...i, start: i.start + shift, end: i.end + shift }))];
}
