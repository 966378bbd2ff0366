/**
 * Parses a whole script: the SQL*Plus pre-pass splits it into segments, each code segment is parsed on its
 * own (so an error never crosses a unit boundary) and turned into model units.
 *
 * Unit cache: a segment whose text is unchanged since an earlier parse reuses that parse's model and
 * errors, moved to the segment's new position. In an editor, typing re-parses only the unit being edited.
 */
import type { Finding } from './finding.ts';
import type { UnitNode } from './model/nodes.ts';
import { BuildContext } from './model/build/buildContext.ts';
import { buildExecuteModel, buildSegmentModel } from './model/build/buildUnits.ts';
import { rebaseUnits } from './model/rebase.ts';
import type { PackageBodyItemContext, SegmentContext, SqlplusExecuteContext } from '../parser/generated/PlSqlParser.ts';
import { parseSegmentText, shiftRelative, type EntryRule, type RelativeSyntaxError } from '../parser/parseUnit.ts';
import { buildItem, parsePackageBodyByItems, type KnownSplit } from './parseByItems.ts';
import { parseLongBody } from './parseLongBody.ts';
import type { ScriptSegment } from '../parser/script/segmentScript.ts';
import { computeLineStarts, positionAt } from '../parser/script/scanner.ts';
import { scriptLayout } from '../parser/incremental/scriptLayout.ts';
import { detached } from '../parser/detachedText.ts';
import { withoutSqlContinuations } from '../parser/script/sqlContinuation.ts';
import { binaryContent } from '../parser/binaryText.ts';
import { parserText } from '../parser/testScriptFrame.ts';
import { describeUnclosedInUnit, unclosedCommentOutsideUnits } from './unclosedConstructs.ts';

export interface ParseOptions {
  /** Reuse the parse of unchanged segments (default true). Pass false to force a full re-parse. */
  unitCache?: boolean;
  /**
   * Build the syntax model (default true). False parses to trees only and drops them: the same work as a
   * plain ANTLR parser, for the benchmark's like-for-like comparison. Implies no unit cache.
   */
  model?: boolean;
}

export interface ParsedUnit {
  segment: ScriptSegment;
  /** One model per conditional-compilation view (usually one). */
  views: UnitNode[][];
  syntaxErrors: Finding[];
  /** Wrapped (obfuscated) units are recognised and not parsed. */
  wrapped: boolean;
}

export interface ParsedScript {
  segments: ScriptSegment[];
  units: ParsedUnit[];
  syntaxErrors: Finding[];
  /** Informational findings about the script itself (wrapped units). */
  notes: Finding[];
  lineCount: number;
}

interface CachedParse {
  origin: { line: number; column: number };
  views: UnitNode[][];
  errors: RelativeSyntaxError[];
}

/**
 * The cache is bounded by the text it holds as well as by entries: a package body's items are a few KB each, but
 * a whole 7,000-line body is 0.5 MB, and the cache once held thousands of superseded versions of it (each with a
 * model that kept that version's full text alive), which is how typing grew the server to gigabytes.
 */
const CACHE_LIMIT = 4000;
/** Characters of unit text the cache holds at least; the largest script parsed with the cache raises it to twice its size. */
const CACHE_TEXT_LIMIT = 2 * 1024 * 1024;
let cacheTextLimit = CACHE_TEXT_LIMIT;
const unitCache = new Map<string, CachedParse>();
let cachedTextLength = 0;

function cacheGet(key: string): CachedParse | undefined {
  const hit = unitCache.get(key);
  if (hit) {
    // keep recently used entries at the end (LRU order)
    unitCache.delete(key);
    unitCache.set(key, hit);
  }
  return hit;
}

function cachePut(key: string, value: CachedParse): void {
  const previous = unitCache.get(key);
  if (previous) {
    unitCache.delete(key);
    cachedTextLength -= key.length;
  }
  unitCache.set(key, value);
  cachedTextLength += key.length;
  while (unitCache.size > 1 && (unitCache.size > CACHE_LIMIT || cachedTextLength > cacheTextLimit)) {
    const oldest = unitCache.keys().next().value!;
    unitCache.delete(oldest);
    cachedTextLength -= oldest.length;
  }
}

/** What the unit cache holds (tests of its bound). */
export function unitCacheSize(): { entries: number; textLength: number } {
  return { entries: unitCache.size, textLength: cachedTextLength };
}


/**
 * How often the unit cache was used, and how often a package body split into items was parsed again whole (the
 * split looked suspect), and how many long bodies were parsed a run of statements at a time: for tests of incremental
 * re-parsing, of error locality and of the long-body split, and for diagnostics.
 */
export const parseCounters = { cacheHits: 0, cacheMisses: 0, wholeBodyReparses: 0, longBodiesSplit: 0 };

/** Drops every cached unit (tests and benchmarks that measure cold parses). */
export function clearUnitCache(): void {
  unitCache.clear();
  cachedTextLength = 0;
  cacheTextLimit = CACHE_TEXT_LIMIT;
}

function toFinding(error: RelativeSyntaxError, origin: { line: number; column: number }): Finding {
  return { ...shiftRelative(error, origin), rule: 'syntax-error', severity: 'error' };
}

let buildModels = true;

function parseCode(
  text: string,
  entry: EntryRule,
  origin: { line: number; column: number },
  useCache: boolean,
  build?: (bc: BuildContext, tree: PackageBodyItemContext) => UnitNode[],
  known?: KnownSplit,
  keptKey?: string,
): CachedParse {
  // (a kept key is the same string object from one version to the next: its hash is computed once)
  const key = keptKey ?? `${entry}\u0000${text}`;
  const cached = (): CachedParse | undefined => {
    const hit = cacheGet(key);
    if (!hit) return undefined;
    parseCounters.cacheHits++;
    if (hit.origin.line !== origin.line || hit.origin.column !== origin.column) {
      // Moved: the entry keeps the moved copy, so the next parse with the item at this place gives back the
      // same objects (the editor's per-item reuse of rule results and call-graph facts is keyed by them).
      hit.views = hit.views.map((units) => rebaseUnits(units, hit.origin, origin));
      hit.origin = origin;
    }
    return { origin, views: hit.views, errors: hit.errors };
  };
  // A body the caller knows splits into items is cached item by item, and whole only when its split was suspect
  // (below), which the same text always is: its whole entry is looked up after the split, not first, since
  // finding a body-sized key in the cache reads the whole body on every keystroke.
  const splits = entry === 'segment' && known?.layout !== undefined && known.layout !== null && known.layout.items.length > 0;
  if (useCache && !splits) {
    const hit = cached();
    if (hit) return hit;
    parseCounters.cacheMisses++;
  }
  const itemized = entry === 'segment'
    ? parsePackageBodyByItems(text, origin, (t, e, o, b, k) => parseCode(t, e, o, useCache, b, undefined, k), known)
    : null;
  if (itemized && !itemized.splitSuspect) {
    // Assembled from its items, which are cached one by one: an entry for the whole body would hold one more
    // body-sized key and model per edit, for a text that (once edited) never comes back.
    return itemized;
  }
  if (useCache && splits) {
    const hit = cached();
    if (hit) return hit;
    parseCounters.cacheMisses++;
  }
  const own = useCache ? detached(text) : text;
  const long = itemized || entry !== 'segment' || !buildModels ? null : parseLongBody(own, origin, parseWhole);
  if (long) parseCounters.longBodiesSplit++;
  let parsed = itemized ?? long ?? parseWhole(own, entry, origin, build);
  if (itemized?.splitSuspect) {
    parseCounters.wholeBodyReparses++;
    // Never let the split add errors: if the body parses whole without errors, that parse wins.
    const whole = parseWhole(own, entry, origin, build);
    if (whole.errors.length === 0) parsed = whole;
  }
  if (useCache) cachePut(keptKey ?? `${entry}\u0000${own}`, parsed);
  return parsed;
}

/** One text parsed whole with one entry rule, its views built into models (no cache, no split). */
export function parseWhole(
  text: string,
  entry: EntryRule,
  origin: { line: number; column: number },
  build?: (bc: BuildContext, tree: PackageBodyItemContext) => UnitNode[],
): CachedParse {
  const result = parseSegmentText(text, entry, (view) => {
    if (!buildModels) return [];
    const bc = new BuildContext(text, view.tokens, origin, view.variant, view.nameChains);
    if (entry === 'packageBodyItem') return build!(bc, view.tree as PackageBodyItemContext);
    return entry === 'segment'
      ? buildSegmentModel(bc, view.tree as SegmentContext)
      : buildExecuteModel(bc, view.tree as SqlplusExecuteContext);
  });
  return { origin, views: result.views, errors: result.errors };
}

/** An EXECUTE command continued over several lines (`exec pkg.p(a => 1, -` then `b => 2)`): SQL*Plus joins the
 * lines and drops each `-` at a line's end, so it is blanked here (same length: positions stay right). */
function withoutContinuationMarks(code: string): string {
  return code.includes('\n') ? code.replace(/-([ \t]*\r?\n)/g, ' $1') : code;
}

/** SQL*Plus runs `exec X` as `BEGIN X; END;`, so the last statement needs no `;` (`exec null`, `exec begin ...
 * end`, `exec commit`): it is added at the end, where it moves no position. */
function withFinalSemicolon(code: string): string {
  let end = code.length;
  while (end > 0 && code.charCodeAt(end - 1) <= 32) end--;
  return end > 0 && code.charCodeAt(end - 1) !== 59 ? code + ';' : code;
}

/** Positions in a segment relative to its start (line 1, column 1), from the script's line starts. */
function segmentPosition(lineStarts: readonly number[], segment: ScriptSegment): (offset: number) => { line: number; column: number } {
  return (offset) => {
    const at = positionAt(lineStarts, segment.start + offset);
    const line = at.line - segment.line + 1;
    return { line, column: line === 1 ? at.column - segment.column + 1 : at.column };
  };
}

export function parseScript(source: string, options: ParseOptions = {}): ParsedScript {
  const text = parserText(source); // a lone CR (old Mac files) is a line break to the lexer too; a test script's frame is blanked
  buildModels = options.model ?? true;
  const useCache = buildModels && (options.unitCache ?? true);
  // (every unit of the script must fit, or its own units would push each other out on every keystroke)
  if (useCache) cacheTextLimit = Math.max(cacheTextLimit, 2 * text.length);
  const binary = binaryContent(text);
  if (binary) {
    const error: Finding = {
      line: binary.line, column: binary.column, endLine: binary.line, endColumn: binary.column + 1,
      rule: 'syntax-error', severity: 'error', message: binary.message,
    };
    return { segments: [], units: [], syntaxErrors: [error], notes: [], lineCount: computeLineStarts(text).length };
  }
  // (kept for the next version in the editor: a keystroke lays out the text around the change only)
  const layout = scriptLayout(text, useCache);
  const { lineStarts, segments } = layout;
  const units: ParsedUnit[] = [];
  const syntaxErrors: Finding[] = [];
  const notes: Finding[] = [];

  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    if (segment.kind === 'sqlplus') {
      if (segment.command !== 'execute' || segment.argsStart >= segment.end) continue;
      const origin = positionAt(lineStarts, segment.argsStart);
      const code = withFinalSemicolon(withoutContinuationMarks(text.slice(segment.argsStart, segment.end)));
      const parsed = parseCode(code, 'sqlplusExecute', origin, useCache);
      const errors = parsed.errors.map((e) => toFinding(e, origin));
      syntaxErrors.push(...errors);
      units.push({ segment, views: parsed.views, syntaxErrors: errors, wrapped: false });
      continue;
    }
    if (segment.wrapped) {
      const note: Finding = {
        line: segment.line, column: segment.column, endLine: segment.line, endColumn: segment.column + 6,
        rule: 'wrapped-unit', severity: 'info',
        message: `wrapped (obfuscated) unit ${segment.firstWords.slice(0, 6).join(' ')} is not analysed`,
      };
      notes.push(note);
      units.push({ segment, views: [], syntaxErrors: [], wrapped: true });
      continue;
    }
    const origin = { line: segment.line, column: segment.column };
    const source = text.slice(segment.start, segment.end);
    const code = segment.codeKind === 'sql' ? withoutSqlContinuations(source) : source;
    const known: KnownSplit | undefined = code === source ? {
      layout: layout.bodyLayout(index, code), positionOf: segmentPosition(lineStarts, segment), itemKey: (k, t) => layout.itemKey(index, k, t),
    } : undefined;
    const parsed = parseCode(code, 'segment', origin, useCache, undefined, known);
    let errors = describeUnclosedInUnit(parsed.errors.map((e) => toFinding(e, origin)), text, lineStarts, segment.end);
    const unclosed = segment === segments[segments.length - 1] ? unclosedCommentOutsideUnits(text, segment.end, lineStarts) : [];
    // The unit then ends early; the errors at its end are a consequence of the comment, not news.
    if (unclosed.length) errors = [...unclosed, ...errors.filter((e) => !e.message.includes('the end of the unit'))];
    syntaxErrors.push(...errors);
    units.push({ segment, views: parsed.views, syntaxErrors: errors, wrapped: false });
  }
  // A comment opened after the last unit (or in a file of nothing else) is in no segment: say so all the same.
  const last = segments[segments.length - 1];
  if (last === undefined || last.kind === 'sqlplus' || last.wrapped) syntaxErrors.push(...unclosedCommentOutsideUnits(text, last?.end ?? 0, lineStarts));
  return { segments, units, syntaxErrors, notes, lineCount: lineStarts.length };
}

/**
 * The parses that `parseScript(text)` would make and the unit cache does not have yet, one step each: a
 * package body's header and items one by one, any other unit whole. The editor runs the steps with a turn of
 * the event loop between them (requests are answered, a newer edit stops the run) and then calls parseScript,
 * which finds every unit in the cache. A step that is already cached costs a lookup.
 */
export function* uncachedParses(source: string): Generator<void, void, undefined> {
  const text = parserText(source); // as parseScript reads it
  if (binaryContent(text)) return;
  const script = scriptLayout(text, true);
  for (let index = 0; index < script.segments.length; index++) {
    const segment = script.segments[index]!;
    if (segment.kind === 'sqlplus' || segment.wrapped) continue;
    const code = text.slice(segment.start, segment.end);
    const origin = { line: segment.line, column: segment.column };
    const layout = segment.codeKind === 'plsql' ? script.bodyLayout(index, code) : null;
    if (!layout || layout.items.length === 0) {
      if (!unitCache.has(`segment\u0000${code}`)) {
        cacheParse(code, 'segment', origin);
        yield;
      }
      continue;
    }
    const header = `${code.slice(0, layout.headerEnd)}\nend;`;
    if (!unitCache.has(`segment\u0000${header}`)) {
      cacheParse(header, 'segment', origin);
      yield;
    }
    for (const [k, item] of layout.items.entries()) {
      const itemText = code.slice(item.start, item.end);
      const key = script.itemKey(index, k, itemText);
      if (unitCache.has(key)) continue;
      const itemOrigin = positionAt(script.lineStarts, segment.start + item.start);
      cacheParse(itemText, 'packageBodyItem', itemOrigin, buildItem, key);
      yield;
    }
  }
}

function cacheParse(text: string, entry: EntryRule, origin: { line: number; column: number }, build?: typeof buildItem, key?: string): void {
  // (parseScript sets the flag per call; a model-less parse in between must not leave it off for the cache)
  buildModels = true;
  parseCode(text, entry, origin, true, build, undefined, key);
}
