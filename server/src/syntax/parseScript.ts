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
import { parsePackageBodyByItems } from './parseByItems.ts';
import { segmentScript, type ScriptSegment } from '../parser/script/segmentScript.ts';
import { computeLineStarts, positionAt } from '../parser/script/scanner.ts';
import { withoutSqlContinuations } from '../parser/script/sqlContinuation.ts';
import { binaryContent } from '../parser/binaryText.ts';

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

const CACHE_LIMIT = 4000;
const unitCache = new Map<string, CachedParse>();

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
  unitCache.set(key, value);
  if (unitCache.size > CACHE_LIMIT) unitCache.delete(unitCache.keys().next().value!);
}

/**
 * How often the unit cache was used, and how often a package body split into items was parsed again whole (the
 * split looked suspect): for tests of incremental re-parsing and of error locality, and for diagnostics.
 */
export const parseCounters = { cacheHits: 0, cacheMisses: 0, wholeBodyReparses: 0 };

/** Drops every cached unit (tests and benchmarks that measure cold parses). */
export function clearUnitCache(): void {
  unitCache.clear();
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
): CachedParse {
  const key = `${entry}\u0000${text}`;
  if (useCache) {
    const hit = cacheGet(key);
    if (hit) {
      parseCounters.cacheHits++;
      return { origin, views: hit.views.map((units) => rebaseUnits(units, hit.origin, origin)), errors: hit.errors };
    }
  }
  if (useCache) parseCounters.cacheMisses++;
  const itemized = entry === 'segment'
    ? parsePackageBodyByItems(text, origin, (t, e, o, b) => parseCode(t, e, o, useCache, b))
    : null;
  let parsed = itemized ?? parseWhole(text, entry, origin, build);
  if (itemized?.splitSuspect) {
    parseCounters.wholeBodyReparses++;
    // Never let the split add errors: if the body parses whole without errors, that parse wins.
    const whole = parseWhole(text, entry, origin, build);
    if (whole.errors.length === 0) parsed = whole;
  }
  if (useCache) cachePut(key, parsed);
  return parsed;
}

function parseWhole(
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

/** The pre-pass leaves an unclosed block comment at the end of the file out of the segment; say so. */
function unclosedCommentAfter(text: string, from: number, lineStarts: number[]): Finding[] {
  const rest = text.slice(from);
  const offset = rest.search(/\/\*/);
  if (offset < 0 || rest.slice(offset).includes('*/') || rest.slice(0, offset).trim() !== '') return [];
  const at = positionAt(lineStarts, from + offset);
  return [{
    line: at.line, column: at.column, endLine: at.line, endColumn: at.column + 2,
    rule: 'syntax-error', severity: 'error', message: 'syntax error: a comment that is never closed starts here',
  }];
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

export function parseScript(text: string, options: ParseOptions = {}): ParsedScript {
  buildModels = options.model ?? true;
  const useCache = buildModels && (options.unitCache ?? true);
  const lineStarts = computeLineStarts(text);
  const binary = binaryContent(text);
  if (binary) {
    const error: Finding = {
      line: binary.line, column: binary.column, endLine: binary.line, endColumn: binary.column + 1,
      rule: 'syntax-error', severity: 'error', message: binary.message,
    };
    return { segments: [], units: [], syntaxErrors: [error], notes: [], lineCount: lineStarts.length };
  }
  const segments = segmentScript(text, lineStarts);
  const units: ParsedUnit[] = [];
  const syntaxErrors: Finding[] = [];
  const notes: Finding[] = [];

  for (const segment of segments) {
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
    const parsed = parseCode(segment.codeKind === 'sql' ? withoutSqlContinuations(source) : source, 'segment', origin, useCache);
    let errors = parsed.errors.map((e) => toFinding(e, origin));
    const unclosed = segment.terminator === 'eof' ? unclosedCommentAfter(text, segment.end, lineStarts) : [];
    // The unit then ends early; the errors at its end are a consequence of the comment, not news.
    if (unclosed.length) errors = [...unclosed, ...errors.filter((e) => !e.message.includes('the end of the unit'))];
    syntaxErrors.push(...errors);
    units.push({ segment, views: parsed.views, syntaxErrors: errors, wrapped: false });
  }
  return { segments, units, syntaxErrors, notes, lineCount: lineStarts.length };
}
