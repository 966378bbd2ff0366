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

/** Rules whose finish() reports per loop, from state gathered while that loop's own item was walked. */
export const ITEM_LOCAL_FINISH: ReadonlySet<string> = new Set(['number-arithmetic-in-loop', 'lob-concatenation-in-loop', 'output-in-loop']);

/**
 * Rules that combine items or read the whole text: they see every item in a walk of their own. (Rules passed
 * in by the caller and any rule with a finish() not listed above are treated the same way.)
 */
export const DOCUMENT_WIDE: ReadonlySet<string> = new Set(['utl-file-small-buffer', 'optimizer-level-lowered', 'plan-statistics-in-code']);

/** One question an item's walk asked outside the item, with the answer it got (serialised). */
export type OutsideRead =
  | { kind: 'lookup'; name: string; answer: string }
  | { kind: 'keys'; table: string; answer: string }
  | { kind: 'graph'; method: string; args: unknown[]; answer: string }
  | { kind: 'syntax'; range: SourceRange; answer: boolean }
  | { kind: 'text'; range: SourceRange; answer: string }
  /** A sibling subprogram whose node the walk reached (its body may have been read): it must be the same node. */
  | { kind: 'sibling'; sub: SubprogramNode };

/** How the current analysis answers the same questions. */
export interface OutsideAnswers {
  lookup(name: string): unknown;
  keysOf(table: string): unknown;
  graph: object;
  hasSyntaxErrorIn(range: SourceRange): boolean;
  textIn(range: SourceRange): string;
}

export interface KeptFinding {
  finding: Finding;
  overDictionary: boolean;
  overSeedRows: boolean;
  countGivenAtRun: boolean;
}

/** What one walk of an item produced, and what it read to produce it. */
export interface KeptItem {
  /** The unit's context and the document's, as a string (see `unitContextKey`). */
  context: string;
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
  /** Counters for tests and benchmarks. */
  reused = 0;
  walked = 0;

  /** Drops everything (a rule failed, or the settings changed). */
  clear(): void {
    this.items = new Map();
  }
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
export function readsUnchanged(kept: KeptItem, unit: UnitNode, now: OutsideAnswers): boolean {
  for (const read of kept.reads) {
    if (!readUnchanged(read, unit, now)) return false;
  }
  return true;
}


function readUnchanged(read: OutsideRead, unit: UnitNode, now: OutsideAnswers): boolean {
  switch (read.kind) {
    case 'lookup':
      return serialise(now.lookup(read.name)) === read.answer;
    case 'keys':
      return serialise(now.keysOf(read.table)) === read.answer;
    case 'graph': {
      const method = (now.graph as Record<string, unknown>)[read.method];
      if (typeof method !== 'function') return false;
      try {
        const answer = serialise((method as (...a: unknown[]) => unknown).apply(now.graph, read.args));
        return answer !== undefined && answer === read.answer;
      } catch {
        return false;
      }
    }
    case 'syntax':
      return now.hasSyntaxErrorIn(read.range) === read.answer;
    case 'text':
      return now.textIn(read.range) === read.answer;
    case 'sibling':
      return unit.subprograms.includes(read.sub) || unit.subprogram === read.sub;
  }
}

/** Whether a range lies inside the item's lines (text there is the item's own, unchanged with its node). */
export function insideItem(range: SourceRange, sub: SubprogramNode): boolean {
  return range.line >= sub.range.line && range.endLine <= sub.range.endLine
    && (range.line > sub.range.line || range.column >= sub.range.column)
    && (range.endLine < sub.range.endLine || range.endColumn <= sub.range.endColumn);
}
