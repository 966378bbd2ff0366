/**
 * What one loop contributes to the iteration estimate, read from its header and, for basic loops, from its
 * EXIT WHEN condition and FETCH statements.
 */
import type { LoopStatementNode, StatementNode } from '../../syntax/model/nodes.ts';
import { evaluateNumber, type NameValue } from './constants.ts';
import type { LoopSource } from './estimate.ts';
import { writesAnyName } from './writesName.ts';

/** The source text of a statement (for conditions the model keeps only as text or not at all). */
export type TextOf = (statement: StatementNode) => string;

/** Splits `lo .. hi` at the top-level `..` (not inside parentheses). */
function splitRange(text: string): [string, string] | undefined {
  let depth = 0;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && c === '.' && text[i + 1] === '.') return [text.slice(0, i), text.slice(i + 2)];
  }
  return undefined;
}

/**
 * Splits at commas outside parentheses and string literals: a 21c header's iteration controls (`1..3, 10..12 by 2`), a
 * select list (`'a, b' x, y`).
 */
export function splitAtTopLevelCommas(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") quoted = !quoted;
    else if (quoted) continue;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && c === ',') {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

/** `l_tab.COUNT`, `l_tab.LAST` as a bound: the loop walks a collection. */
function collectionBound(text: string): string | undefined {
  const match = /^\s*([\w$#."]+)\s*\.\s*(COUNT|LAST)\s*(\(\s*\))?\s*$/i.exec(text);
  return match ? match[1]!.toUpperCase() : undefined;
}

function numericForSource(header: string, valueOf: NameValue): LoopSource {
  let total = 0;
  for (const control of splitAtTopLevelCommas(header)) {
    const withoutStep = control.replace(/\s+BY\s+.*$/i, '').replace(/\s+(WHEN|WHILE)\s+.*$/i, '');
    const range = splitRange(withoutStep.replace(/^\s*REVERSE\s+/i, ''));
    if (!range) return { kind: 'unknown' };
    const upperCollection = collectionBound(range[1]);
    if (upperCollection) return { kind: 'elements', of: upperCollection };
    const low = evaluateNumber(range[0], valueOf);
    const high = evaluateNumber(range[1], valueOf);
    if (low === undefined || high === undefined) return { kind: 'unknown' };
    const step = /\s+BY\s+(.+)$/i.exec(control);
    const by = step ? evaluateNumber(step[1]!, valueOf) : 1;
    if (by === undefined || by <= 0) return { kind: 'unknown' };
    total += Math.max(0, Math.floor((high - low) / by) + 1);
  }
  return { kind: 'count', count: total };
}

/**
 * `i <= 10000`, `i < c_max`, `10000 > i`: the bound of a counting condition, whose other side is the counter (a
 * name: in `l_more > 0` the literal is no counter, and `l_more`'s value is no bound). The text of the bound, so
 * that the caller can check what writes its names.
 */
function countingBound(condition: string): string | undefined {
  const upper = /^\s*\(?\s*[A-Za-z_][\w$#.]*\s*(<=|<)\s*(.+?)\s*\)?\s*$/i.exec(condition);
  if (upper) return upper[2]!;
  const reversed = /^\s*\(?\s*(.+?)\s*(>=|>)\s*[A-Za-z_][\w$#.]*\s*\)?\s*$/i.exec(condition);
  if (reversed) return reversed[1]!;
  return undefined;
}

/** `c%NOTFOUND`, `NOT c%FOUND`: the loop ends with cursor C's rows. */
function cursorOfCondition(condition: string): string | undefined {
  const match = /([\w$#."]+)\s*%\s*(NOTFOUND|FOUND)/i.exec(condition);
  return match ? match[1]!.toUpperCase() : undefined;
}

/** The condition of an EXIT WHEN statement (the model keeps EXIT without its condition). */
function exitCondition(text: string): string | undefined {
  const match = /^\s*EXIT\b(?:\s+(?!WHEN\b)[\w$#"]+)?\s+WHEN\s+([\s\S]*?);?\s*$/i.exec(text);
  return match ? match[1] : undefined;
}

/**
 * What a FORALL contributes: its DML (and every function the DML calls) runs once per element bound, though
 * the whole statement is one switch to SQL. `INDICES OF l`, `VALUES OF l`, `1 .. l.COUNT`, `lo .. hi`.
 */
export function forallSource(header: string, valueOf: NameValue): LoopSource {
  const collection = /^\s*(?:VALUES|INDICES)\s+OF\s+([\w$#."]+)/i.exec(header);
  if (collection) return { kind: 'elements', of: collection[1]!.toUpperCase() };
  return numericForSource(header, valueOf);
}

/** The loop's own contribution to the estimate. */
export function loopSource(loop: LoopStatementNode, valueOf: NameValue, textOf: TextOf): LoopSource {
  switch (loop.loopKind) {
    case 'numeric-for':
      return numericForSource(loop.header, valueOf);
    case 'cursor-for':
      if (loop.cursorName) return { kind: 'rows', of: `cursor ${loop.cursorName}` };
      return { kind: 'rows', of: `the query at line ${loop.query?.range.line ?? loop.headerRange.line}` };
    case 'collection-for': {
      const match = /(?:VALUES|INDICES|PAIRS)\s+OF\s+([\w$#."]+)/i.exec(loop.header);
      return match ? { kind: 'elements', of: match[1]!.toUpperCase() } : { kind: 'unknown' };
    }
    case 'while': {
      const cursor = cursorOfCondition(loop.header);
      if (cursor) return { kind: 'rows', of: `cursor ${cursor}` };
      const boundText = countingBound(loop.header);
      // a bound the loop itself writes (`SELECT COUNT(*) INTO l_left` each time round) is no count known at its start
      const bound = boundText === undefined || writesAnyName(textOf(loop), boundText) ? undefined : evaluateNumber(boundText, valueOf);
      return bound !== undefined && bound > 0 ? { kind: 'count', count: Math.round(bound) } : { kind: 'unknown' };
    }
    case 'basic':
      return basicLoopSource(loop, valueOf, textOf);
  }
}

/** Whether `name` is stepped by one in the loop body (`i := i + 1`) and nothing there assigns a name of `bound`. */
function isCounter(loop: LoopStatementNode, name: string, bound: string, textOf: TextOf): boolean {
  const target = name.toUpperCase();
  const boundNames = new Set((bound.match(/[A-Za-z_][\w$#.]*/g) ?? []).map((n) => n.toUpperCase()));
  let stepped = false;
  const visit = (statements: readonly StatementNode[]): boolean => {
    for (const statement of statements) {
      if (statement.statementKind === 'assignment') {
        const assigned = statement.target?.toUpperCase() ?? '';
        if (boundNames.has(assigned)) return false;
        if (assigned === target) {
          if (!new RegExp(`:=\\s*${target.replace(/[$.]/g, '\\$&')}\\s*\\+\\s*1\\s*;?\\s*$`, 'i').test(textOf(statement))) return false;
          stepped = true;
        }
      } else if (statement.statementKind === 'if' || statement.statementKind === 'case') {
        if (!statement.branches.every((b) => visit(b.statements))) return false;
      } else if (statement.statementKind === 'block') {
        if (!visit(statement.block.statements)) return false;
      }
    }
    return true;
  };
  return visit(loop.statements) && stepped;
}

function basicLoopSource(loop: LoopStatementNode, valueOf: NameValue, textOf: TextOf): LoopSource {
  const fetches = new Map<string, { bulk: boolean; limit?: number }>();
  let exitBound: number | undefined;
  let exitCursor: string | undefined;
  // a cursor opened in the body is opened anew every iteration: its fetch is a lookup, not what ends the loop
  const openedInBody = new Set<string>();
  for (const statement of loop.statements) {
    if (statement.statementKind === 'open' && statement.target) openedInBody.add(statement.target);
    else if (statement.statementKind === 'fetch' && !openedInBody.has(statement.cursorName)) {
      const limit = statement.hasLimit ? evaluateNumber(/\bLIMIT\s+([\s\S]+?)\s*;?\s*$/i.exec(textOf(statement))?.[1] ?? '', valueOf) : undefined;
      fetches.set(statement.cursorName, { bulk: statement.bulkCollect, limit });
    } else if (statement.statementKind === 'exit') {
      const condition = exitCondition(textOf(statement));
      if (!condition) continue;
      exitCursor ??= cursorOfCondition(condition);
      const counting = /^\s*([\w$#.]+)\s*(>=|>|=)\s*(.+?)\s*$/i.exec(condition);
      // a counter the body steps by one against a bound the body does not change (`EXIT WHEN i >= c_max`)
      if (counting && !exitCursor && isCounter(loop, counting[1]!, counting[3]!, textOf)) exitBound ??= evaluateNumber(counting[3]!, valueOf);
    }
  }
  const cursor = exitCursor ?? (fetches.size === 1 ? [...fetches.keys()][0] : undefined);
  if (cursor) {
    const fetch = fetches.get(cursor);
    if (fetch?.bulk) return { kind: 'batches', of: `cursor ${cursor}`, size: fetch.limit };
    return { kind: 'rows', of: `cursor ${cursor}` };
  }
  if (exitBound !== undefined && exitBound > 0) return { kind: 'count', count: Math.round(exitBound) };
  return { kind: 'unknown' };
}
