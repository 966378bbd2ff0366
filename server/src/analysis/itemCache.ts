/**
 * Per-item reuse of the rules' results between two analyses of one open document (the editor's keystrokes):
 * a package item the parser's unit cache gave back as the same node objects (unchanged, at the same place)
 * skips the rules' walk and replays what its last walk produced, when every input that walk read from outside
 * the item answers as it did. Equality with a from-scratch analysis is the contract: whatever is not known to
 * be unchanged is walked again. See docs/incremental-analysis.md.
 */
import type { Finding, SourceRange } from '../syntax/finding.ts';
import type { SubprogramNode, UnitNode } from '../syntax/model/nodes.ts';
import type { CallSummary, LoopSummary } from './semantic/documentSemantics.ts';
import { subprogramAlwaysRaises } from './semantic/leaves.ts';

/**
 * Rules whose finish() reports per loop, from state gathered while that loop's own item was walked
 * (utl-file-open-in-loop: the FOPEN calls of each loop and the names given a value inside that loop).
 */
export const ITEM_LOCAL_FINISH: ReadonlySet<string> = new Set(['number-arithmetic-in-loop', 'lob-concatenation-in-loop', 'output-in-loop', 'utl-file-open-in-loop']);

/**
 * Rules whose hooks report at the node they visit and whose finish() scans the whole text without anything the
 * hooks gathered: the hooks' findings are kept with the item they lie in, finish() reports afresh every time.
 */
export const TEXT_FINISH: ReadonlySet<string> = new Set(['optimizer-level-lowered', 'plan-statistics-in-code']);

/**
 * Rules that combine items: they see every item in a walk of their own. (Rules passed in by the caller and any
 * rule with a finish() not listed above are treated the same way.)
 */
export const DOCUMENT_WIDE: ReadonlySet<string> = new Set(['utl-file-small-buffer']);

/** One question an item's walk asked outside the item, with the answer it got (serialised). */
export type OutsideRead =
  | { kind: 'lookup'; name: string; answer: string }
  | { kind: 'keys'; table: string; answer: string }
  /**
   * `key` names the question (the method and its arguments, an object argument by identity); `value` is the answer
   * as it was given: the graph hands out the same objects for what an edit did not reach, so the same object is
   * the same answer without serialising it again.
   */
  | { kind: 'graph'; method: string; args: unknown[]; key: string; value: unknown; answer: string }
  | { kind: 'syntax'; range: SourceRange; answer: boolean }
  | { kind: 'text'; range: SourceRange; answer: string }
  /**
   * Where the name of the unit's subprogram number `index` is: a call resolved to that sibling keeps its place
   * (the symbol's range in hover and definition, the call graph's key). Siblings are counted in `unit.subprograms`,
   * whose names and signatures in order are part of the unit's context: the same index is the same sibling.
   */
  | { kind: 'siblingName'; index: number; answer: string }
  /** Whether the unit's subprogram number `index` always raises (a call of it leaves a loop). */
  | { kind: 'siblingRaises'; index: number; answer: boolean }
  /**
   * A sibling the walk reached some other way (an always-raises verdict in a unit whose verdicts the index does not
   * decide first): its body may have been read, so it must be the same node.
   */
  | { kind: 'sibling'; sub: SubprogramNode };

/** How the current analysis answers the same questions. */
export interface OutsideAnswers {
  lookup(name: string): unknown;
  keysOf(table: string): unknown;
  graph: object;
  hasSyntaxErrorIn(range: SourceRange): boolean;
  textIn(range: SourceRange): string;
}

/**
 * The current analysis's answers, each asked and serialised once: the kept items of a long body ask the same
 * names and graph questions again and again (in pdfgen_pkg.pkb 1,267 reads, 300 KB serialised, per keystroke).
 */
export class AnswersNow {
  private readonly lookups = new Map<string, string>();
  private readonly keys = new Map<string, string>();
  private readonly graphValues = new Map<string, { value: unknown; answer?: string; failed?: true }>();

  constructor(readonly now: OutsideAnswers) {}

  lookup(name: string): string {
    let answer = this.lookups.get(name);
    if (answer === undefined) this.lookups.set(name, (answer = serialiseDefinitions(this.now.lookup(name), definitionText) ?? `unique:${Math.random()}`));
    return answer;
  }

  keysOf(table: string): string {
    let answer = this.keys.get(table);
    if (answer === undefined) this.keys.set(table, (answer = serialise(this.now.keysOf(table)) ?? `unique:${Math.random()}`));
    return answer;
  }

  /** Whether the graph answers a kept question as it did. */
  graphUnchanged(read: Extract<OutsideRead, { kind: 'graph' }>): boolean {
    let known = this.graphValues.get(read.key);
    if (!known) {
      const method = (this.now.graph as Record<string, unknown>)[read.method];
      try {
        if (typeof method !== 'function') throw new Error(`no method ${read.method}`);
        known = { value: (method as (...a: unknown[]) => unknown).apply(this.now.graph, read.args) };
      } catch {
        known = { value: undefined, failed: true };
      }
      this.graphValues.set(read.key, known);
    }
    if (known.failed) return false;
    if (known.value === read.value || sameObjects(known.value, read.value)) return true;
    known.answer ??= serialise(known.value) ?? `unique:${Math.random()}`;
    return known.answer === read.answer;
  }
}

/**
 * Whether two graph answers are lists of the same objects, a chain step (its facts and the call that reached it)
 * counting as the same when its facts are the same object and its call is at the same place: then they are written
 * out alike. A chain through this document is searched again on every keystroke (a new list) while the facts it
 * passes are the graph's kept objects: compared so, it is not written out.
 */
function sameObjects(now: unknown, kept: unknown): boolean {
  if (!Array.isArray(now) || !Array.isArray(kept) || now.length !== kept.length) return false;
  for (let i = 0; i < now.length; i++) {
    const a: unknown = now[i];
    const b: unknown = kept[i];
    if (a === b) continue;
    if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return false;
    const step = a as { facts?: unknown; via?: SourceRange };
    const was = b as { facts?: unknown; via?: SourceRange };
    if (step.facts === undefined || step.facts !== was.facts || !onlyChainKeys(step) || !onlyChainKeys(was)) return false;
    if (step.via === undefined ? was.via !== undefined : was.via === undefined || placeKey(step.via) !== placeKey(was.via)) return false;
  }
  return true;
}

function onlyChainKeys(step: object): boolean {
  for (const key in step) if (key !== 'facts' && key !== 'via') return false;
  return true;
}

const objectNumbers = new WeakMap<object, number>();
let nextObjectNumber = 0;

/** The key of a graph question: the method and its arguments, an object (a subprogram's facts) by identity. */
export function graphQuestionKey(method: string, args: readonly unknown[]): string | undefined {
  let key = method;
  for (const arg of args) {
    const part = graphArgumentKey(arg);
    if (part === undefined) return undefined;
    key += `\u0000${part}`;
  }
  return key;
}

/** One argument's part of a question's key (`graphQuestionKey`): an object by identity, anything else written out. */
export function graphArgumentKey(arg: unknown): string | undefined {
  if (typeof arg === 'object' && arg !== null) {
    // a place by where it is: the question is about the place, and a new range object is made for each question
    // (numbering every one of them in a weak map cost more than the rest of asking a moved item's questions)
    if ('endColumn' in arg && 'line' in arg) return `@${placeKey(arg as SourceRange)}`;
    let number = objectNumbers.get(arg);
    if (number === undefined) objectNumbers.set(arg, (number = nextObjectNumber++));
    return `#${number}`;
  }
  return serialise(arg);
}

export interface KeptFinding {
  finding: Finding;
  overDictionary: boolean;
  overSeedRows: boolean;
  countGivenAtRun: boolean;
}

/** What one walk of an item produced, and what it read to produce it. */
export interface KeptItem {
  /** The unit's context, as a string (see `unitContext`). */
  context: string;
  /** The same without places, and the places (an item that moved compares them moved). */
  shape: string;
  places: SourceRange[];
  reads: OutsideRead[];
  findings: KeptFinding[];
  loops: LoopSummary[];
  calls: CallSummary[];
}

/** The kept items of one open document, from its latest analysis; dropped with the document. */
export class ItemCache {
  /** Items by their node: only the latest analysis's items are kept (bounded by the document). */
  items = new Map<SubprogramNode, KeptItem>();
  /** The configuration and file the items were analysed with: a change drops them all. */
  settingsKey: string | undefined;
  /** The text of the analysis the items come from: an item is reused only when the edit since lies inside its unit. */
  text: string | undefined;
  /** The units' contexts of the last analysis (equal strings are compared by reference after the first, `keptStrings`). */
  contextKeys: string[] = [];
  contextShapes: string[] = [];
  /** The line starts of `text` (an item that moved is placed by the edit's line map). */
  lineStarts: readonly number[] | undefined;
  /** Counters for tests and benchmarks: items replayed (`moved` of them shifted to a new place) and walked. */
  reused = 0;
  moved = 0;
  walked = 0;

  /** Drops everything (a rule failed, or the settings changed). */
  clear(): void {
    this.items = new Map();
  }
}

/**
 * Each definition written out, once: a lookup's answer is a new list every analysis, but of the same definition
 * objects while their files are unchanged (the index's, and the document's own kept ones), and a definition is not
 * changed once made. Writing out every name's answer again was most of the check of the kept items' reads.
 */
const definitionTexts = new WeakMap<object, string>();
export function definitionText(definition: object): string | undefined {
  let text = definitionTexts.get(definition);
  if (text === undefined) {
    text = serialise(definition);
    if (text !== undefined) definitionTexts.set(definition, text);
  }
  return text;
}

/**
 * A lookup's answer (a list of definitions) as `serialise` writes it, each definition by `write`; anything else
 * serialised whole.
 */
export function serialiseDefinitions(value: unknown, write: (definition: object) => string | undefined): string | undefined {
  if (!Array.isArray(value)) return serialise(value);
  let out = '[';
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (typeof item !== 'object' || item === null || Array.isArray(item) || typeof (item as { toJSON?: unknown }).toJSON === 'function') return serialise(value);
    const text = write(item);
    if (text === undefined) return undefined;
    out += i === 0 ? text : `,${text}`;
  }
  return `${out}]`;
}

/** A value as a string to compare, or undefined when it cannot be serialised (the item is then walked). */
export function serialise(value: unknown): string | undefined {
  try {
    return JSON.stringify(value) ?? 'undefined';
  } catch {
    return undefined;
  }
}

/** Whether every question a kept item asked outside itself answers as it did, in this analysis and unit. */
export function readsUnchanged(kept: KeptItem, unit: UnitNode, now: AnswersNow): boolean {
  for (const read of kept.reads) {
    if (!readUnchanged(read, unit, now)) return false;
  }
  return true;
}


function readUnchanged(read: OutsideRead, unit: UnitNode, now: AnswersNow): boolean {
  switch (read.kind) {
    case 'lookup':
      return now.lookup(read.name) === read.answer;
    case 'keys':
      return now.keysOf(read.table) === read.answer;
    case 'graph':
      return now.graphUnchanged(read);
    case 'syntax':
      return now.now.hasSyntaxErrorIn(read.range) === read.answer;
    case 'text':
      return now.now.textIn(read.range) === read.answer;
    case 'siblingName': {
      const sibling = unit.subprograms[read.index];
      return sibling !== undefined && placeKey(sibling.nameRange) === read.answer;
    }
    case 'siblingRaises': {
      const sibling = unit.subprograms[read.index];
      return sibling !== undefined && siblingAlwaysRaises(unit, sibling) === read.answer;
    }
    case 'sibling':
      return unit.subprograms.includes(read.sub) || unit.subprogram === read.sub;
  }
}

/** A range as a short string to compare. */
export function placeKey(range: SourceRange): string {
  return `${range.line}:${range.column}:${range.endLine}:${range.endColumn}`;
}

/**
 * Whether a package's subprogram always raises, as the rules see it. The index's definitions of the document
 * (made before the rules' walk, `definitionsOfScript`) decide every package member's verdict first, with the
 * package's members as the subprograms it may call, and the verdict is kept with the node: this asks for it.
 */
export function siblingAlwaysRaises(unit: UnitNode, sub: SubprogramNode): boolean {
  // decided already by the index with this resolver; asked again it resolves each callee the index found (`stillHolds`)
  let members: Map<string, SubprogramNode> | undefined;
  const own = unit.name ? unit.name.slice(unit.name.lastIndexOf('.') + 1) : '';
  return subprogramAlwaysRaises(sub, (target) => {
    members ??= new Map(unit.subprograms.map((s) => [s.name, s]));
    const dot = target.indexOf('.');
    if (dot < 0) return members.get(target);
    return target.slice(0, dot) === own ? members.get(target.slice(dot + 1)) : undefined;
  });
}

/** The units whose subprograms' verdicts the index decides first (see `siblingAlwaysRaises`). */
export function verdictsDecidedFirst(unit: UnitNode): boolean {
  return (unit.unitKind === 'package-body' || unit.unitKind === 'package') && unit.name !== undefined;
}

/** Whether a range lies inside the item's lines (text there is the item's own, unchanged with its node). */
export function insideItem(range: SourceRange, sub: SubprogramNode): boolean {
  return range.line >= sub.range.line && range.endLine <= sub.range.endLine
    && (range.line > sub.range.line || range.column >= sub.range.column)
    && (range.endLine < sub.range.endLine || range.endColumn <= sub.range.endColumn);
}

/** What `packageMemberOf` reads of a parsed script (its units' views). */
type ScriptUnits = { readonly units: readonly { readonly views: readonly (readonly UnitNode[])[] }[] };
const packageMembers = new WeakMap<ScriptUnits, Map<SubprogramNode, UnitNode>>();

/**
 * The package (one whose verdicts the index decides first) that `sub` is a member of, in the script. A call of a
 * member takes the member's verdict as `siblingAlwaysRaises` gives it, the answer a kept caller's read records.
 */
export function packageMemberOf(script: ScriptUnits, sub: SubprogramNode): UnitNode | undefined {
  let members = packageMembers.get(script);
  if (!members) {
    packageMembers.set(script, (members = new Map()));
    for (const parsed of script.units) {
      for (const view of parsed.views) {
        for (const unit of view) if (verdictsDecidedFirst(unit)) for (const member of unit.subprograms) members.set(member, unit);
      }
    }
  }
  return members.get(sub);
}
