/**
 * Counts the code itself states. A collection filled with a known number of literal elements (a constructor
 * of literals, `l(l.count + 1) := 'x'` three times) has a known count, so a loop over it has one too. And a
 * branch that tests for the first iteration (`IF i = 1`, `IF c%ROWCOUNT = 1`, `IF n = 1` with `n := n + 1`
 * in the loop) runs once per run of the loop, not once per iteration.
 */
import type { BlockNode, DeclarationNode, LoopStatementNode, StatementNode } from '../../syntax/model/nodes.ts';
import type { Scope } from './scope.ts';

const LITERAL = /^(?:'(?:[^']|'')*'|n?q'.[\s\S]*'|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|NULL|TRUE|FALSE|DATE\s+'[^']*')$/i;

/**
 * The number of arguments of `type_name(lit, lit, ...)` when every one is a literal and `type_name` is the
 * collection's declared type: a call of anything else with literals (`split_list('a,b', ',')`) is a function whose
 * result may have any number of elements.
 */
function literalConstructorCount(text: string, typeText: string | undefined): number | undefined {
  const match = /^\s*([A-Za-z_][\w$#.]*)\s*\(([\s\S]*)\)\s*$/.exec(text);
  if (!match || typeText === undefined || match[1]!.toUpperCase() !== typeText.replace(/\s+/g, '').toUpperCase()) return undefined;
  const inner = match[2]!.trim();
  if (inner === '') return 0;
  const items: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    const qQuote = !quoted && /^[nN]?[qQ]'/.test(inner.slice(i, i + 3)) && !/[\w$#]/.test(inner[i - 1] ?? '') ? inner.indexOf("'", i) : -1;
    if (qQuote >= 0) {
      // q'[it's]': the quote inside does not end it; it ends at the closing delimiter followed by a quote
      const open = inner[qQuote + 1] ?? '';
      const close = ({ '[': ']', '(': ')', '{': '}', '<': '>' } as Record<string, string>)[open] ?? open;
      const end = inner.indexOf(`${close}'`, qQuote + 2);
      if (end < 0) return undefined;
      i = end + 1;
    } else if (c === "'") quoted = !quoted;
    else if (!quoted && c === '(') depth++;
    else if (!quoted && c === ')') depth--;
    else if (!quoted && depth === 0 && c === ',') {
      items.push(inner.slice(start, i).trim());
      start = i + 1;
    }
  }
  items.push(inner.slice(start).trim());
  return items.every((item) => LITERAL.test(item)) ? items.length : undefined;
}

/**
 * 0 when a variable declared without an initial value is an associative array (`TABLE OF ... INDEX BY`) of a type
 * visible here: such a collection starts empty, while a nested table or varray starts atomically NULL (its first
 * `l(l.count + 1) := ...` raises COLLECTION_IS_NULL), so nothing is known of those.
 */
function emptyAssociativeArray(typeText: string | undefined, scope: Scope): number | undefined {
  if (typeText === undefined || !/^[A-Za-z_][\w$#]*$/.test(typeText)) return undefined;
  const type = scope.lookup(typeText.toUpperCase())?.symbol;
  return type?.kind === 'type' && /\bINDEX\s+BY\b/i.test(type.declaration?.typeText ?? '') ? 0 : undefined;
}

/**
 * The number of elements of collection `name` when the code states it: a local initialised with a constructor
 * of literals (or an associative array declared without one: empty), then (at the top level of the body, before the loop) assigned a literal constructor or one
 * literal element at a time (`l(l.count + 1) := 'x'`, `l.extend; l(l.last) := 'x'`). Undefined when anything
 * else writes it (a loop, a BULK COLLECT, a parameter, a call).
 *
 * A local of the code whose body is followed (`ownDeclarations`: the subprogram's, or the unit's for an anonymous
 * block or a package's initialisation section) is followed from its declaration. A collection declared further out
 * (a package variable, an enclosing subprogram's or block's local) may have been filled by anything that ran before
 * this code was called (the initialisation section, another subprogram), so its declaration tells its count only
 * for a constant, or when nothing writes it after declaring it (`afterDeclaration`: the text from the end of the
 * declaration to the end of the subprogram or unit that declares it; undefined for a package variable, which any
 * item of the package may write: nothing is known).
 */
export function literalElementCount(
  name: string, scope: Scope, body: BlockNode | undefined, ownDeclarations: readonly DeclarationNode[], before: LoopStatementNode,
  textOf: (s: StatementNode) => string, afterDeclaration?: (declaration: DeclarationNode) => string | undefined,
): number | undefined {
  const found = scope.lookup(name);
  const declaration = found?.symbol.declaration;
  if (!found || found.symbol.kind !== 'variable' && found.symbol.kind !== 'constant' || !declaration || !body) return undefined;
  let count = declaration.initialText === undefined
    ? emptyAssociativeArray(declaration.typeText, scope)
    : literalConstructorCount(declaration.initialText, declaration.typeText);
  if (!ownDeclarations.includes(declaration) && !body.declarations.includes(declaration) && found.symbol.kind !== 'constant') {
    if (count === undefined) return undefined; // only its declaration could have told the count
    const rest = afterDeclaration?.(declaration);
    if (rest === undefined || !onlyRead(name, rest)) return undefined;
  }
  const element = new RegExp(String.raw`^\s*${name.replace(/[$]/g, '\\$')}\s*\(\s*${name.replace(/[$]/g, '\\$')}\s*\.\s*(COUNT\s*\+\s*1|LAST)\s*\)\s*:=\s*(.+?)\s*;?\s*$`, 'is');
  const whole = new RegExp(String.raw`^\s*${name.replace(/[$]/g, '\\$')}\s*:=\s*([\s\S]+?)\s*;?\s*$`, 'i');
  const mentions = new RegExp(String.raw`(?:^|[^\w$#.])${name.replace(/[$]/g, '\\$')}(?:$|[^\w$#])`, 'i');
  for (const statement of body.statements) {
    if (statement === before) return count;
    const text = textOf(statement);
    if (!mentions.test(text)) continue;
    if (statement.statementKind === 'assignment') {
      const one = element.exec(text);
      if (one && count !== undefined && LITERAL.test(one[2]!)) {
        // `l(l.COUNT + 1) :=` adds an element; `l(l.LAST) :=` writes the last one (the element an EXTEND added)
        if (!/^LAST$/i.test(one[1]!)) count++;
        continue;
      }
      const all = whole.exec(text);
      const constructed = all ? literalConstructorCount(all[1]!, declaration.typeText) : undefined;
      if (constructed !== undefined) {
        count = constructed;
        continue;
      }
      // reads of the collection on the right-hand side do not change it
      if (!new RegExp(String.raw`^\s*${name.replace(/[$]/g, '\\$')}\b`, 'i').test(text)) continue;
      return undefined;
    }
    if (statement.statementKind === 'call' && new RegExp(String.raw`^\s*${name.replace(/[$]/g, '\\$')}\s*\.\s*EXTEND\s*;?\s*$`, 'i').test(text)) {
      // EXTEND adds one (NULL) element, whether or not `l(l.LAST) :=` fills it after
      if (count !== undefined) count++;
      continue;
    }
    return undefined; // anything else that names the collection may fill it
  }
  return undefined; // the loop is not at the top level of the body: too far to follow
}

/**
 * Whether every mention of collection `name` in `text` only reads it: `name.COUNT` (FIRST, LAST, EXISTS, NEXT,
 * PRIOR, LIMIT) or an element `name(...)` that is not assigned (`name(i) :=`, `name(i).field :=`). Anything else
 * (EXTEND, DELETE, an assignment of the whole collection, BULK COLLECT INTO it, an argument that may be OUT, a
 * mention in a comment) counts as a write.
 */
function onlyRead(name: string, text: string): boolean {
  const mention = new RegExp(String.raw`(?<![\w$#])${name.replace(/[$]/g, '\\$')}(?![\w$#])`, 'gi');
  const readOnlyMethod = /\s*\.\s*(?:COUNT|FIRST|LAST|EXISTS|NEXT|PRIOR|LIMIT)\b/iy;
  const element = /\s*\(/y;
  const assigned = /\s*(?:\.\s*[\w$#"]+\s*)*:=/y;
  for (let match = mention.exec(text); match; match = mention.exec(text)) {
    const at = match.index + match[0].length;
    readOnlyMethod.lastIndex = at;
    if (readOnlyMethod.test(text)) continue;
    element.lastIndex = at;
    if (!element.test(text)) return false;
    let depth = 1;
    let end = element.lastIndex;
    for (; end < text.length && depth > 0; end++) {
      if (text[end] === '(') depth++;
      else if (text[end] === ')') depth--;
    }
    if (depth > 0) return false;
    assigned.lastIndex = end;
    if (assigned.test(text)) return false;
  }
  return true;
}

/** Whether a branch condition holds on the loop's first iteration only. */
export function isFirstIterationTest(condition: string, loop: LoopStatementNode, textOf: (s: StatementNode) => string): boolean {
  const test = /^\s*\(?\s*([\w$#."]+?)\s*(%\s*ROWCOUNT)?\s*=\s*([\w$#.]+)\s*\)?\s*$/i.exec(condition);
  if (!test) return false;
  const [, subject, rowcount, value] = test;
  const name = subject!.toUpperCase();
  if (rowcount) {
    // The loop's own cursor counts its rows: 1 on the first iteration only. SQL%ROWCOUNT is the row count of the
    // last DML or SELECT INTO (1 on every iteration whose UPDATE hit one row); another cursor, or one the loop
    // opens, starts counting again at each OPEN.
    if (value !== '1' || name === 'SQL') return false;
    if (loop.loopKind === 'cursor-for') return loop.cursorName?.toUpperCase() === name;
    return loop.loopKind === 'basic' && !new RegExp(String.raw`\bOPEN\s+${name.replace(/[$]/g, '\\$')}(?![\w$#])`, 'i').test(textOf(loop));
  }
  if (loop.loopKind === 'numeric-for' && loop.iterators[0] === name) {
    // the first value: the lower bound, or the upper one for REVERSE (`FOR i IN REVERSE 1 .. n`: i = n first)
    const range = /^\s*(REVERSE\s+)?(.+?)\s*\.\.\s*(.+?)\s*$/i.exec(loop.header);
    const first = range?.[1] ? range[3] : range?.[2];
    return first !== undefined && first.toUpperCase() === value!.toUpperCase() && !loop.header.includes(',');
  }
  if (value !== '1') return false;
  // a counter the loop body increments once per iteration (and nothing else assigns in the loop)
  const assignments = loop.statements.filter((s) => s.statementKind === 'assignment' && s.target?.toUpperCase() === name);
  if (assignments.length !== 1 || !new RegExp(String.raw`:=\s*${name.replace(/[$]/g, '\\$')}\s*\+\s*1\s*;?\s*$`, 'i').test(textOf(assignments[0]!))) return false;
  // nothing nested in the loop writes it either: a reset inside an IF (`n := 0` when a group changes: n = 1 once per
  // group), a SELECT or FETCH INTO it
  const escaped = name.replace(/[$]/g, '\\$');
  const text = textOf(loop);
  return text.match(new RegExp(String.raw`(?<![\w$#.])${escaped}\s*:=`, 'gi'))?.length === 1
    && !new RegExp(String.raw`\bINTO\s+(?:[\w$#."]+\s*,\s*)*${escaped}(?![\w$#])`, 'i').test(text);
}

/**
 * The row count of a query over JSON_TABLE(v, '$[*]' ...) when `v` is assigned one string literal holding a JSON
 * array at the top level of the body before the loop (seed data embedded in a script): its number of elements.
 * Undefined when anything else that names `v` comes between the literal and the loop (a SELECT or FETCH INTO it, a
 * call it may be an OUT argument of, an IF or block that may assign it): its value may no longer be the literal's.
 */
export function literalJsonRows(queryText: string, body: BlockNode | undefined, before: LoopStatementNode, textOf: (s: StatementNode) => string): number | undefined {
  const source = /\bJSON_TABLE\s*\(\s*([A-Za-z_][\w$#]*)\s*,\s*'\$\[\*\]'/i.exec(queryText)?.[1]?.toUpperCase();
  if (!source || !body) return undefined;
  const mentions = new RegExp(String.raw`(?<![\w$#.])${source.replace(/[$]/g, '\\$')}(?![\w$#])`, 'i');
  let rows: number | undefined;
  for (const statement of body.statements) {
    if (statement === before) return rows;
    const text = textOf(statement);
    if (statement.statementKind !== 'assignment') {
      if (mentions.test(text)) rows = undefined;
      continue;
    }
    // an assignment of another variable only reads it
    if (statement.target?.toUpperCase() !== source) continue;
    const literal = /:=\s*(?:n?q'(.)([\s\S]*)(.)'|'((?:[^']|'')*)')\s*;?\s*$/i.exec(text);
    if (!literal) return undefined;
    const content = literal[4] !== undefined ? literal[4].replace(/''/g, "'") : literal[2]!;
    try {
      const parsed: unknown = JSON.parse(content);
      rows = Array.isArray(parsed) ? parsed.length : undefined;
    } catch {
      rows = undefined;
    }
  }
  return undefined;
}
