/**
 * Replaying a kept item that only moved (the editor typed or deleted a line break above it): its text is the same,
 * its place is not. What its last walk produced and read is carried over to the new place by the edit's line map:
 * every place in this document after the change moves by the same number of lines, every place before it stays.
 * So a result of the walk is shifted when each of its line numbers can be placed; one that cannot (a place inside
 * the changed lines, a number inside a quoted piece of code in a message) makes the item walked again. Equality with a from-scratch analysis is the contract, as for the unmoved items (itemCache.ts).
 */
import type { Finding, SourceRange } from '../syntax/finding.ts';
import type { SubprogramNode, UnitNode } from '../syntax/model/nodes.ts';
import type { CallSummary, LoopSummary } from './semantic/documentSemantics.ts';
import type { IterationEstimate } from './semantic/estimate.ts';
import type { IndexedDefinition } from './index/workspaceIndex.ts';
import { factsMovedFrom, type SubprogramFacts } from './index/callGraph.ts';
import { definitionText, graphArgumentKey, placeKey, serialise, serialiseDefinitions, siblingAlwaysRaises, type AnswersNow, type KeptFinding, type KeptItem, type OutsideRead } from './itemCache.ts';

/**
 * How the lines of the last analysed text map to this one's: lines before `firstChanged` are the same lines; old
 * lines from `oldFrom` on are the new lines from `newFrom` on, in order; the lines between hold the change.
 */
export class LineMap {
  constructor(readonly firstChanged: number, readonly oldFrom: number, readonly newFrom: number) {}

  /** An old line's number now, or undefined when the line was changed. */
  forward(line: number): number | undefined {
    if (line < this.firstChanged) return line;
    return line >= this.oldFrom ? line + this.newFrom - this.oldFrom : undefined;
  }

  /** A line's number in the last analysed text, or undefined when it is new or changed. */
  back(line: number): number | undefined {
    if (line < this.firstChanged) return line;
    return line >= this.newFrom ? line - this.newFrom + this.oldFrom : undefined;
  }

  // (the ranges are mapped without a closure per call: a line break moves thousands of them)
  forwardRange(range: SourceRange): SourceRange | undefined {
    return mapped(range, this.forward(range.line), this.forward(range.endLine));
  }

  backRange(range: SourceRange): SourceRange | undefined {
    return mapped(range, this.back(range.line), this.back(range.endLine));
  }
}

/** A range with its lines mapped to `line` and `endLine`, or undefined when one end cannot be mapped. */
function mapped(range: SourceRange, line: number | undefined, endLine: number | undefined): SourceRange | undefined {
  if (line === undefined || endLine === undefined) return undefined;
  // (a range over the changed lines maps both ends but not what lies between)
  if (endLine - line !== range.endLine - range.line) return undefined;
  return { line, column: range.column, endLine, endColumn: range.endColumn };
}

/** The 1-based line of an offset, by its line starts. */
function lineAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

/**
 * The line map of an edit, from the lengths of the common prefix and suffix of the two texts (`changedSpan`, each
 * found on its own: they may overlap) and both texts' line starts.
 */
export function lineMapOf(
  old: { length: number; lineStarts: readonly number[] },
  now: { length: number; lineStarts: readonly number[] },
  span: { prefix: number; suffix: number },
): LineMap {
  const start = Math.min(span.prefix, old.length, now.length);
  const suffix = Math.min(span.suffix, old.length - start, now.length - start);
  const oldEnd = old.length - suffix;
  const newEnd = now.length - suffix;
  const firstChanged = lineAt(old.lineStarts, start);
  const oldLine = lineAt(old.lineStarts, oldEnd);
  const newLine = lineAt(now.lineStarts, newEnd);
  // the line where the unchanged end begins is the same line in both only when it starts there in both
  const whole = old.lineStarts[oldLine - 1] === oldEnd && now.lineStarts[newLine - 1] === newEnd;
  return whole ? new LineMap(firstChanged, oldLine, newLine) : new LineMap(firstChanged, oldLine + 1, newLine + 1);
}

/**
 * The line starts of `text` (LF line breaks) from those of the last analysed text (`oldLength` long) and the common
 * prefix and suffix of the two (`changedSpan`): those before the change kept, those in it found again, those after it
 * moved. The same as scanning the text, in a copy of numbers instead of a read of every character.
 */
export function lineStartsAfterEdit(before: readonly number[], oldLength: number, text: string, span: { prefix: number; suffix: number }): number[] {
  const start = Math.min(span.prefix, oldLength, text.length);
  const suffix = Math.min(span.suffix, oldLength - start, text.length - start);
  const oldEnd = oldLength - suffix;
  const newEnd = text.length - suffix;
  const delta = newEnd - oldEnd;
  const starts: number[] = [];
  let k = 0;
  while (k < before.length && before[k]! <= start) starts.push(before[k++]!);
  for (let at = text.indexOf('\n', start); at >= 0 && at < newEnd; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  while (k < before.length && before[k]! <= oldEnd) k++;
  for (; k < before.length; k++) starts.push(before[k]! + delta);
  return starts;
}

/** A character that may be part of a file's name or path (a same-file place is written `line 12`, another file's `rates.sql line 4` or `rates.sql:4`). */
const PATH_LIKE = /[./\\:]/;

/**
 * Whether the number at `at` in a message is a line of this document (`same`), a line of another file (`other`),
 * or no line at all (`none`). The analysis writes a place only as `line N` (after `at`, `(`, a word, or a file's
 * name), `loop at N` or `<file>:N` (callChains.ts, rowContexts.ts, singleRow.ts, loops.ts, walk.ts, resolveCall.ts
 * and the rules that name a line; test/analysis/itemMove.test.ts checks every template in the analysis that prints
 * a line), so any other number (`100 rows`, `LIMIT 1000`, `10x`) is not a line and stays as it is.
 */
function lineReference(text: string, at: number, length: number, file: string): 'same' | 'other' | 'none' {
  if (/\w/.test(text.charAt(at + length)) || /\w/.test(text.charAt(at - 1))) return 'none';
  const before = text.slice(Math.max(0, at - 300), at);
  if (/(?:^|[\s(])loop at $/.test(before)) return 'same';
  const line = /(?:^|([\s(]))line $/.exec(before);
  if (line) {
    if (line[1] !== ' ' && line[1] !== '\t' && line[1] !== '\n') return 'same';
    const token = /(\S+)$/.exec(before.slice(0, line.index))?.[1];
    if (token === undefined || token === file) return 'same';
    return PATH_LIKE.test(token) ? 'other' : 'same';
  }
  const colon = /(?:^|\s)(\S+):$/.exec(before);
  if (colon && PATH_LIKE.test(colon[1]!)) return colon[1] === file ? 'same' : 'other';
  return 'none';
}

function quotesBefore(text: string, at: number): number {
  let count = 0;
  for (let i = text.indexOf("'"); i >= 0 && i < at; i = text.indexOf("'", i + 1)) count++;
  return count;
}

/** A message (hint, title, estimate) with every line of this document it names moved, or undefined when one lies in the change. */
export function shiftLineReferences(text: string, map: LineMap, file: string): string | undefined {
  if (!/\d/.test(text)) return text;
  let out = '';
  let last = 0;
  for (const found of text.matchAll(/\d+/g)) {
    const value = Number(found[0]);
    // a number before the change reads the same whether it is a line or not
    if (value < map.firstChanged) continue;
    if (lineReference(text, found.index, found[0].length, file) !== 'same') continue;
    // inside a quoted piece of code (an odd number of quotes before it: `IF l_kind = 'line 30' ...`) it may be anything
    if (quotesBefore(text, found.index) % 2 === 1) return undefined;
    const moved = map.forward(value);
    if (moved === undefined) return undefined;
    if (moved === value) continue;
    out += text.slice(last, found.index) + String(moved);
    last = found.index + found[0].length;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** Thrown inside a serialisation when a place cannot be mapped (the answer then differs). */
const UNMAPPED = Symbol('unmapped');

function isRange(value: object): value is SourceRange {
  return 'line' in value && 'endColumn' in value;
}

/**
 * What the current analysis answers, with this document's places written as they were in the last text: the same
 * string as a kept answer when the answer only moved with the edit. Places are known by the shape of what carries
 * them: a definition's or a subprogram's facts (their `file`) and every range and `sqlLine` inside them, and a
 * subprogram's id (`FILE#line:column`). A definition of this document with the file handle uses of its body (lines
 * inside messages) does not compare.
 */
export class AnswersBefore {
  private readonly lookups = new Map<string, string>();
  private readonly graphAnswers = new Map<string, { value: unknown; before?: string; alike?: Map<unknown, boolean | undefined> }>();
  private readonly primitives = new Map<unknown, string | undefined>();
  private readonly idPrefix: string;

  constructor(private readonly now: AnswersNow, private readonly map: LineMap, private readonly file: string) {
    this.idPrefix = `${file}#`;
  }

  lookup(name: string): string {
    let answer = this.lookups.get(name);
    // (another file's definition is written out as it is, once: only this document's are placed back)
    if (answer === undefined) {
      const written = serialiseDefinitions(this.now.now.lookup(name), (d) => ((d as { file?: unknown }).file === this.file ? this.serialiseBefore(d) : definitionText(d)));
      this.lookups.set(name, (answer = written ?? `unique:${Math.random()}`));
    }
    return answer;
  }

  /** A kept graph question asked again at the new places: the read to keep, or undefined when it answers differently. */
  graphRead(read: Extract<OutsideRead, { kind: 'graph' }>): OutsideRead | undefined {
    const { map, file } = this;
    if (!involvesFile(read, file)) return this.now.graphUnchanged(read) ? read : undefined;
    const graph = this.now.now.graph as Record<string, unknown> & { factsAt(file: string, range: SourceRange): unknown };
    const args: unknown[] = [];
    // the question asked now, as graphQuestionKey names it (a place by where it is, facts by identity)
    let key = read.method;
    const withFile = read.args.includes(file);
    for (const arg of read.args) {
      if (typeof arg !== 'object' || arg === null) {
        const part = this.primitiveKey(arg);
        if (part === undefined) return undefined;
        args.push(arg);
        key += `\u0000${part}`;
        continue;
      }
      const carrier = arg as { file?: unknown; id?: unknown; name?: unknown; kind?: unknown; nameRange?: SourceRange };
      let now: unknown;
      if (isRange(carrier)) {
        // a place in this document when the question names it (`factsAt(file, range)`)
        now = withFile ? map.forwardRange(carrier) : undefined;
      } else {
        if (carrier.file !== file) {
          // another file's facts or definition: the same object is the same question
          now = 'file' in carrier ? arg : undefined;
        } else if (typeof carrier.id === 'string' && carrier.nameRange) {
          const place = map.forwardRange(carrier.nameRange);
          now = place && graph.factsAt(file, place);
        } else if (typeof carrier.name === 'string' && carrier.nameRange) {
          const place = map.forwardRange(carrier.nameRange);
          now = place && (this.now.now.lookup(carrier.name) as IndexedDefinition[]).find((d) => d.file === file && d.kind === carrier.kind && placeKey(d.nameRange) === placeKey(place));
        }
      }
      if (!now) return undefined;
      args.push(now);
      key += `\u0000${graphArgumentKey(now)}`;
    }
    let known = this.graphAnswers.get(key);
    if (!known) {
      const method = graph[read.method];
      let value: unknown;
      try {
        if (typeof method !== 'function') throw new Error(`no method ${read.method}`);
        value = (method as (...a: unknown[]) => unknown).apply(graph, args);
      } catch {
        value = UNMAPPED;
      }
      this.graphAnswers.set(key, (known = { value }));
    }
    if (known.value === UNMAPPED) return undefined;
    // the same facts moved (or the same objects) answer alike without writing them out; else compared written out
    // (the same question is asked by every caller of a sibling, against the same kept answer)
    known.alike ??= new Map();
    let alike = known.alike.get(read.value);
    if (!known.alike.has(read.value)) known.alike.set(read.value, (alike = this.movedAlike(known.value, read.value)));
    if (alike === false) return undefined;
    if (alike === undefined) {
      if (known.before === undefined) {
        try {
          known.before = JSON.stringify(this.placedBefore(known.value, false)) ?? 'undefined';
        } catch {
          known.before = `unique:${Math.random()}`;
        }
      }
      if (known.before !== read.answer) return undefined;
    }
    return new GraphReadNow(read.method, args, key, known.value);
  }

  /** A number, string or other plain argument written out (the file's name in every question: once per analysis). */
  private primitiveKey(arg: unknown): string | undefined {
    let part = this.primitives.get(arg);
    if (part === undefined && !this.primitives.has(arg)) this.primitives.set(arg, (part = serialise(arg)));
    return part;
  }

  /**
   * Whether a graph answer now is the kept one moved with the edit, told by identity: the same object (the graph
   * keeps an item's facts object while nothing in it moved), or facts the graph copied to a new place from the kept
   * ones (`factsMovedFrom`) whose places map back onto the kept ones'; lists and chains of those. Undefined when it
   * cannot be told so (the answers are then compared written out).
   */
  private movedAlike(now: unknown, kept: unknown): boolean | undefined {
    if (now === kept) return true;
    if (typeof now !== 'object' || now === null || typeof kept !== 'object' || kept === null) return undefined;
    if (Array.isArray(now)) {
      if (!Array.isArray(kept) || now.length !== kept.length) return undefined;
      let previousFile: string | undefined;
      for (let i = 0; i < now.length; i++) {
        const step = now[i] as { facts?: SubprogramFacts; via?: SourceRange };
        const was = kept[i] as { facts?: SubprogramFacts; via?: SourceRange };
        // a chain step: its facts, and the call that reached it in the previous step's subprogram
        if (step.facts !== undefined && was.facts !== undefined && Object.keys(step).length <= 2) {
          if (this.movedAlike(step.facts, was.facts) !== true) return undefined;
          if ((step.via === undefined) !== (was.via === undefined)) return false;
          if (step.via && was.via) {
            const via = previousFile === this.file ? this.map.backRange(step.via) : step.via;
            if (!via || placeKey(via) !== placeKey(was.via)) return undefined;
          }
          previousFile = step.facts.file;
        } else if (this.movedAlike(step, was) !== true) return undefined;
      }
      return true;
    }
    const facts = now as SubprogramFacts;
    if (typeof facts.id !== 'string' || facts.file !== this.file) return undefined;
    let from: SubprogramFacts | undefined = facts;
    for (let step = 0; step < 8 && from !== undefined && from !== kept; step++) from = factsMovedFrom.get(from);
    if (from !== kept) return undefined;
    const was = kept as SubprogramFacts;
    const place = this.map.backRange(facts.nameRange);
    if (!place || placeKey(place) !== placeKey(was.nameRange)) return undefined;
    for (let i = 0; i < facts.calls.length; i++) {
      const target = facts.calls[i]!.localTarget;
      if (target !== was.calls[i]!.localTarget && this.idBefore(target) !== was.calls[i]!.localTarget) return undefined;
    }
    return true;
  }

  /** A subprogram's id (`FILE#line:column`) as it was in the last text. */
  private idBefore(id: string | undefined): string | undefined {
    if (id === undefined || !id.startsWith(this.idPrefix)) return undefined;
    const place = /^(\d+):(\d+)$/.exec(id.slice(this.idPrefix.length));
    const line = place && this.map.back(Number(place[1]));
    return line ? `${this.idPrefix}${line}:${place[2]}` : undefined;
  }

  private serialiseBefore(value: unknown): string {
    try {
      return JSON.stringify(this.placedBefore(value, false)) ?? 'undefined';
    } catch {
      return `unique:${Math.random()}`;
    }
  }

  /** A copy of an answer with this document's places as they were in the last text (throws UNMAPPED). */
  private placedBefore(value: unknown, inFile: boolean): unknown {
    if (typeof value === 'string') {
      if (!value.startsWith(this.idPrefix)) return value;
      const place = /^(\d+):(\d+)$/.exec(value.slice(this.idPrefix.length));
      if (!place) return value;
      const line = this.map.back(Number(place[1]));
      if (line === undefined) throw UNMAPPED;
      return `${this.idPrefix}${line}:${place[2]}`;
    }
    if (typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) return value.map((item) => this.placedBefore(item, inFile));
    const from = value as Record<string, unknown>;
    const here = 'file' in from ? from.file === this.file : inFile;
    if (here && isRange(from)) {
      const range = this.map.backRange(from as unknown as SourceRange);
      if (!range) throw UNMAPPED;
      return range;
    }
    if (here && Array.isArray(from.fileParameters) && from.fileParameters.length > 0) throw UNMAPPED;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(from)) {
      const item = from[key];
      if (here && key === 'sqlLine' && typeof item === 'number') {
        const line = this.map.back(item);
        if (line === undefined) throw UNMAPPED;
        out[key] = line;
      } else out[key] = this.placedBefore(item, here);
    }
    return out;
  }
}

/**
 * A graph question asked again at a moved item's new places, as kept for the next edit: its answer is written out
 * only if a later edit compares it so (most compare by identity). A class rather than a literal with a getter: one
 * per graph read of every moved item, and V8 builds a literal with an accessor the slow way.
 */
class GraphReadNow {
  readonly kind = 'graph';
  private written: string | undefined;

  constructor(readonly method: string, readonly args: unknown[], readonly key: string, readonly value: unknown) {}

  get answer(): string {
    return (this.written ??= serialise(this.value) ?? `unique:${Math.random()}`);
  }
}

/** Whether a graph question or its answer involves this document (its places are then mapped). */
function involvesFile(read: Extract<OutsideRead, { kind: 'graph' }>, file: string): boolean {
  if (read.key.includes(file)) return true;
  return read.args.some((arg) => typeof arg === 'object' && arg !== null && (arg as { file?: unknown }).file === file) || mentions(read.value, file);
}

/**
 * Whether an answer holds something of this document: facts, a definition, a SQL call site (each carries its `file`;
 * what it holds is of that file), a chain step's facts, lists of those. Anything else counts as holding it.
 */
function mentions(value: unknown, file: string): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((item) => mentions(item, file));
  const carrier = value as { file?: unknown; facts?: unknown };
  if ('file' in carrier) return carrier.file === file;
  if ('facts' in carrier) return mentions(carrier.facts, file) || (carrier as { via?: unknown }).via !== undefined;
  return true;
}

export interface MovedCheck {
  map: LineMap;
  file: string;
  before: AnswersBefore;
  now: AnswersNow;
  unit: UnitNode;
}

/**
 * The kept reads of a moved item, asked again at the new places: undefined when one answers differently, else the
 * reads as the new place asks them (kept with the item for the next edit).
 */
export function movedReads(kept: KeptItem, check: MovedCheck): OutsideRead[] | undefined {
  const { map, file, before, now, unit } = check;
  const reads: OutsideRead[] = [];
  for (const read of kept.reads) {
    switch (read.kind) {
      case 'lookup':
        if (before.lookup(read.name) !== read.answer) return undefined;
        reads.push({ kind: 'lookup', name: read.name, answer: now.lookup(read.name) });
        break;
      case 'keys':
        if (read.answer.includes(JSON.stringify(file)) || now.keysOf(read.table) !== read.answer) return undefined;
        reads.push(read);
        break;
      case 'graph': {
        const asked = before.graphRead(read);
        if (!asked) return undefined;
        reads.push(asked);
        break;
      }
      case 'syntax':
      case 'text': {
        const range = map.forwardRange(read.range);
        if (!range) return undefined;
        if (read.kind === 'syntax') {
          if (now.now.hasSyntaxErrorIn(range) !== read.answer) return undefined;
          reads.push({ kind: 'syntax', range, answer: read.answer });
        } else {
          if (now.now.textIn(range) !== read.answer) return undefined;
          reads.push({ kind: 'text', range, answer: read.answer });
        }
        break;
      }
      case 'siblingName': {
        const sibling = unit.subprograms[read.index];
        const was = sibling && map.backRange(sibling.nameRange);
        if (!sibling || !was || placeKey(was) !== read.answer) return undefined;
        reads.push({ kind: 'siblingName', index: read.index, answer: placeKey(sibling.nameRange) });
        break;
      }
      case 'siblingRaises': {
        const sibling = unit.subprograms[read.index];
        if (!sibling || siblingAlwaysRaises(unit, sibling) !== read.answer) return undefined;
        reads.push(read);
        break;
      }
      case 'sibling':
        // a sibling reached as a node (not in a package): its body may have been read at its old place
        return undefined;
      default:
        // A kind of read added later without a case here would otherwise be dropped, and the moved item kept
        // without it (a stale answer): the compiler rejects that (never), and at run time the item is walked again.
        read satisfies never;
        return undefined;
    }
  }
  return reads;
}

/** Whether the unit's context moved with the edit and nothing else changed (see `unitContext`). */
export function contextMoved(kept: KeptItem, shape: string, places: readonly SourceRange[], map: LineMap): boolean {
  if (kept.shape !== shape || kept.places.length !== places.length) return false;
  for (let i = 0; i < places.length; i++) {
    const moved = map.forwardRange(kept.places[i]!);
    if (!moved || placeKey(moved) !== placeKey(places[i]!)) return false;
  }
  return true;
}

/**
 * Moves kept results to their new place for one analysis (one line map). What many items share is moved once and
 * shared: the same message (the estimate texts recur in every item below the edit), the same estimate (every call
 * in a loop holds its loop's), a sibling's symbol (every call of it), this document's definition (every call of a
 * same-package subprogram). In pdfgen_pkg.pkb a line break moves about 3,000 calls: their copies were most of it.
 */
export class ResultMover {
  private readonly texts = new Map<string, string | undefined>();
  private readonly estimates = new Map<IterationEstimate, IterationEstimate | null>();
  private readonly symbols = new Map<NonNullable<CallSummary['resolution']['symbol']>, NonNullable<CallSummary['resolution']['symbol']> | null>();
  private readonly definitions = new Map<IndexedDefinition, IndexedDefinition | null>();
  private readonly text = (s: string): string | undefined => {
    if (this.texts.has(s)) return this.texts.get(s);
    const moved = shiftLineReferences(s, this.map, this.file);
    this.texts.set(s, moved);
    return moved;
  };

  constructor(
    private readonly map: LineMap,
    private readonly file: string,
    private readonly definitionsNow: (name: string) => readonly IndexedDefinition[],
  ) {}

  /** The kept results of an item moved to their new place, or undefined when a line they name cannot be placed. */
  results(kept: KeptItem): Pick<KeptItem, 'findings' | 'loops' | 'calls'> | undefined {
    const { map, text } = this;
    const findings: KeptFinding[] = [];
    for (const k of kept.findings) {
      const finding = movedFinding(k.finding, map, text);
      if (!finding) return undefined;
      findings.push({ ...k, finding });
    }
    const loops: LoopSummary[] = [];
    for (const loop of kept.loops) {
      const range = map.forwardRange(loop.range);
      const headerRange = map.forwardRange(loop.headerRange);
      const estimate = this.estimate(loop.estimate);
      if (!range || !headerRange || !estimate) return undefined;
      loops.push({ ...loop, range, headerRange, estimate });
    }
    const calls: CallSummary[] = new Array(kept.calls.length);
    for (let i = 0; i < kept.calls.length; i++) {
      const moved = this.call(kept.calls[i]!);
      if (!moved) return undefined;
      calls[i] = moved;
    }
    return { findings, loops, calls };
  }

  private call(call: CallSummary): CallSummary | undefined {
    const { map } = this;
    const range = map.forwardRange(call.range);
    const nameRange = map.forwardRange(call.nameRange);
    if (!range || !nameRange) return undefined;
    let loop = call.loop;
    if (loop) {
      loop = this.estimate(loop);
      if (!loop) return undefined;
    }
    let loopHeader = call.loopHeader;
    if (loopHeader) {
      loopHeader = map.forwardRange(loopHeader);
      if (!loopHeader) return undefined;
    }
    let resolution = call.resolution;
    const { definition, symbol } = resolution;
    if (definition || symbol) {
      resolution = { ...resolution };
      if (definition && definition.file === this.file) {
        // the definition as this analysis has it (the same object a walk would resolve to)
        const now = this.definition(definition);
        if (!now) return undefined;
        resolution.definition = now;
      }
      if (symbol) {
        // (a symbol keeps the nodes of its first walk, as for an unmoved replay: the editor reads only its name and range)
        const moved = this.symbol(symbol);
        if (!moved) return undefined;
        resolution.symbol = moved;
      }
    }
    // (the fields in the order the semantics collector writes them: a moved call is built like a walked one)
    const moved: CallSummary = { name: call.name, range, nameRange, context: call.context, resolution, loop, loopHeader };
    if (!('loop' in call)) delete moved.loop;
    if (!('loopHeader' in call)) delete moved.loopHeader;
    return moved;
  }

  private estimate(estimate: IterationEstimate): IterationEstimate | undefined {
    let moved = this.estimates.get(estimate);
    if (moved === undefined) this.estimates.set(estimate, (moved = movedEstimate(estimate, this.text) ?? null));
    return moved ?? undefined;
  }

  private symbol(symbol: NonNullable<CallSummary['resolution']['symbol']>): CallSummary['resolution']['symbol'] {
    let moved = this.symbols.get(symbol);
    if (moved === undefined) {
      const range = this.map.forwardRange(symbol.range);
      this.symbols.set(symbol, (moved = range ? { ...symbol, range } : null));
    }
    return moved ?? undefined;
  }

  private definition(definition: IndexedDefinition): IndexedDefinition | undefined {
    let now = this.definitions.get(definition);
    if (now === undefined) {
      const place = this.map.forwardRange(definition.nameRange);
      const key = place && placeKey(place);
      now = (key && this.definitionsNow(definition.name).find((d) => d.file === this.file && d.kind === definition.kind && placeKey(d.nameRange) === key)) || null;
      this.definitions.set(definition, now);
    }
    return now ?? undefined;
  }
}

function movedFinding(finding: Finding, map: LineMap, text: (s: string) => string | undefined): Finding | undefined {
  const range = map.forwardRange(finding);
  const message = text(finding.message);
  if (!range || message === undefined) return undefined;
  const moved: Finding = { ...finding, ...range, message };
  if (finding.loop) {
    const line = map.forward(finding.loop.line);
    const loopText = text(finding.loop.text);
    if (line === undefined || loopText === undefined) return undefined;
    moved.loop = { ...finding.loop, line, text: loopText };
  }
  if (finding.related) {
    const related: NonNullable<Finding['related']> = [];
    for (const place of finding.related) {
      const where = place.file === undefined ? map.forwardRange(place.range) : place.range;
      const said = text(place.message);
      if (!where || said === undefined) return undefined;
      related.push({ ...place, range: where, message: said });
    }
    moved.related = related;
  }
  if (finding.fix) {
    const title = text(finding.fix.title);
    if (title === undefined) return undefined;
    const edits: NonNullable<Finding['fix']>['edits'] = [];
    for (const edit of finding.fix.edits) {
      const range = map.forwardRange(edit.range);
      const newText = text(edit.newText);
      if (!range || newText === undefined) return undefined;
      edits.push({ range, newText });
    }
    moved.fix = { ...finding.fix, title, edits };
  }
  return moved;
}

function movedEstimate(estimate: IterationEstimate, text: (s: string) => string | undefined): IterationEstimate | undefined {
  const said = text(estimate.text);
  const list = (items: string[]): string[] | undefined => {
    const out: string[] = [];
    for (const item of items) {
      const moved = text(item);
      if (moved === undefined) return undefined;
      out.push(moved);
    }
    return out;
  };
  const perRowOf = list(estimate.perRowOf);
  const perBatchOf = list(estimate.perBatchOf);
  const perElementOf = list(estimate.perElementOf);
  const pacedBy = estimate.pacedBy === undefined ? undefined : text(estimate.pacedBy);
  if (said === undefined || !perRowOf || !perBatchOf || !perElementOf || (estimate.pacedBy !== undefined && pacedBy === undefined)) return undefined;
  const moved: IterationEstimate = { ...estimate, text: said, perRowOf, perBatchOf, perElementOf };
  if (pacedBy !== undefined) moved.pacedBy = pacedBy;
  return moved;
}

/** Whether a moved node's old place maps onto its new one by the edit's line map (the node moved with the edit). */
export function movedWithEdit(old: SubprogramNode, now: SubprogramNode, map: LineMap): boolean {
  const range = map.forwardRange(old.range);
  return range !== undefined && placeKey(range) === placeKey(now.range);
}
