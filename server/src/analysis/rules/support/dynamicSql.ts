/**
 * What the dynamic-SQL rules read from statement text: the SQL expression of an EXECUTE IMMEDIATE or an
 * OPEN ... FOR, the operands of its concatenations, and which operands are values (`'... where id = ' || l_id`)
 * rather than identifiers (`'select * from ' || l_table`), which cannot be bound.
 */
import { scanPieces } from './literals.ts';

/** The keywords that end the SQL expression of an EXECUTE IMMEDIATE, at parenthesis depth 0. */
const AFTER_EXPRESSION = /^(into|bulk|using|returning|return)\b/i;

/** The dynamic SQL expression of `EXECUTE IMMEDIATE expr ...;` or `OPEN c FOR expr ...;` (undefined for a static query). */
export function dynamicExpression(statementText: string, kind: 'execute-immediate' | 'open'): string | undefined {
  const head = kind === 'execute-immediate'
    ? /^\s*execute\s+immediate\s+/i.exec(statementText)
    : /^\s*open\s+[\w$#.:"]+\s+for\s+/i.exec(statementText);
  if (!head) return undefined;
  const rest = statementText.slice(head[0].length);
  if (kind === 'open' && /^\(?\s*(select|with)\b/i.test(rest)) return undefined;
  let depth = 0;
  const pieces = scanPieces(rest);
  for (const piece of pieces) {
    if (piece.kind !== 'code') continue;
    for (let i = piece.start; i < piece.end; i++) {
      const c = rest[i];
      if (c === '(') depth++;
      else if (c === ')') depth--;
      else if (depth === 0 && c === ';') return rest.slice(0, i).trim();
      else if (depth === 0 && /\s/.test(rest[i - 1] ?? ' ') && AFTER_EXPRESSION.test(rest.slice(i, i + 10))) return rest.slice(0, i).trim();
    }
  }
  return rest.replace(/;\s*$/, '').trim();
}

export interface Operand {
  /** The operand as written (code), e.g. `l_id`, `to_char(p_date)`. */
  text: string;
  /** Concatenated where a value belongs (after `=`, `(`, `,`, inside quotes ...): a bind would do. */
  isValue: boolean;
}

/** A literal ending like this is followed by a value, not a name (the end of a hint comment is no division). */
const VALUE_BEFORE = /(=|<|>|(?<![\w$#\s])\s*\(|\b(in|values)\s*\(|,|''|\+|-|\*|(?<!\*)\/|\b(in|like|between|values|then|else|when|by|limit|fetch first|offset))\s*$/i;
/** A literal ending in AND: a value follows only when the AND closes a BETWEEN's low bound (valueAfterAnd). */
const AND_BEFORE = /\band\s*$/i;
/** Operand names that say they hold a name (`l_col_nm`, `p_table`, `db_timestamp_column`), not a value. */
const HOLDS_A_NAME = /(col|cols|column|columns|tab|table|tables|tbl|name|names|nm|owner|schema|view|alias|object|obj)$/i;
/** A literal starting like this follows a name: `schema.`, `col = ...`, `col like ...`. */
const NAME_AFTER = /^\s*(\.|@|=|<|>|!=|\bis\b|\blike\b|\bin\b|\bbetween\b)/i;
/** Operands that produce identifiers or checked literals on purpose. */
const NOT_A_VALUE = /^(sys\s*\.\s*)?dbms_assert\s*\./i;
/** A simple operand: a name, a dotted name, or a call of one (not a CASE or an expression). */
const SIMPLE_OPERAND = /^[A-Za-z][\w$#]*(\s*\.\s*[A-Za-z][\w$#]*)*(\s*\([\s\S]*\))?$/;
/** Constants by the usual naming conventions (`gc_date_format`, `c_max`, `k_limit`): one text, not one per value. */
const CONSTANT_NAME = /(^|\.)(gc|c|k|co|con)_[\w$#]*$/i;

/** The expression's top-level `||` operands, in order: literals (their content) and code. */
function splitConcatenation(expression: string): { literal?: string; code?: string }[] {
  const pieces = scanPieces(expression);
  const stringAt = new Map(pieces.filter((p) => p.kind === 'string').map((p) => [p.start, p]));
  const out: { literal?: string; code?: string }[] = [];
  let depth = 0;
  let start = 0;
  const inString: boolean[] = new Array(expression.length).fill(false);
  for (const piece of stringAt.values()) {
    // the quotes around the content belong to the string too
    for (let i = Math.max(0, piece.start - 3); i < Math.min(expression.length, piece.end + 2); i++) {
      if (i >= piece.start - 1 && i <= piece.end) inString[i] = true;
    }
  }
  const push = (text: string) => {
    const trimmed = text.trim();
    // q'[...]', q'{...}', q'(...)', q'<...>' close with the matching bracket, any other delimiter with itself
    const literal = /^(n?q'(?:\[([\s\S]*)\]|\{([\s\S]*)\}|\(([\s\S]*)\)|<([\s\S]*)>|([^\s[{(<])([\s\S]*)\6)'|n?'([\s\S]*)')$/i.exec(trimmed);
    if (literal && !trimmed.slice(1, -1).includes("' ||")) {
      // a quote inside q'...' is written once; the checks below read the content as an ordinary literal's ('')
      const quoted = literal[2] ?? literal[3] ?? literal[4] ?? literal[5] ?? literal[7];
      out.push({ literal: quoted !== undefined ? quoted.replace(/'/g, "''") : literal[8] ?? '' });
    }
    else out.push({ code: trimmed });
  };
  for (let i = 0; i < expression.length; i++) {
    if (inString[i]) continue;
    const c = expression[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && c === '|' && expression[i + 1] === '|') {
      push(expression.slice(start, i));
      start = i + 2;
      i++;
    }
  }
  push(expression.slice(start));
  return out;
}

/**
 * `between 1 and ' || l_max`: the AND ends a BETWEEN's low bound and a value follows. After any other AND (or an
 * OR) SQL expects a condition (`where c.type = 'X' and ' || l_filter`, a predicate built elsewhere), not a value.
 * `earlier` is the text before the operand, the literals as written and the other operands as placeholders.
 */
function valueAfterAnd(earlier: string): boolean {
  const at = earlier.search(/\bbetween\b(?![\s\S]*\bbetween\b)/i);
  return at >= 0 && (earlier.slice(at).match(/\band\b/gi) ?? []).length === 1;
}

/** The non-literal operands of the expression's top-level `||` concatenations. */
export function concatenatedOperands(expression: string): Operand[] {
  const parts = splitConcatenation(expression);
  if (parts.length < 2) return [];
  const operands: Operand[] = [];
  parts.forEach((part, i) => {
    const text = part.code;
    if (text === undefined || text === '' || /^[0-9.]+$/.test(text) || /^chr\s*\(\s*\d+\s*\)$/i.test(text)) return;
    const before = parts[i - 1]?.literal;
    const after = parts[i + 1]?.literal;
    const simple = SIMPLE_OPERAND.test(text) && !/^case\b/i.test(text);
    // between quotes it is a value whatever its name (`name = ''' || p_name || '''`)
    const quoted = (before !== undefined && /''\s*$/.test(before)) || (after !== undefined && /^''/.test(after));
    const isValue = simple && !NOT_A_VALUE.test(text) && (quoted || (
      !CONSTANT_NAME.test(text.replace(/\s*\([\s\S]*$/, '')) && !HOLDS_A_NAME.test(text) &&
      !(after !== undefined && NAME_AFTER.test(after)) && before !== undefined &&
      (VALUE_BEFORE.test(before) || (AND_BEFORE.test(before) && valueAfterAnd(parts.slice(0, i).map((p) => p.literal ?? ' x ').join(''))))));
    operands.push({ text, isValue });
  });
  return operands;
}

/** DDL cannot take binds: building it from names per object is no parse to save. */
export function isDdlText(expression: string): boolean {
  return /^\s*n?(q'.)?'?\s*(create|alter|drop|truncate|grant|revoke|analyze|comment|rename|purge|flashback|audit|noaudit|begin|declare|call)\b/i.test(expression);
}

export interface Assignment {
  line: number;
  range: { line: number; column: number; endLine: number; endColumn: number };
  /** The right-hand side as written. */
  value: string;
}

/**
 * The assignments of each variable, per subprogram (or unit), in text order: `l_sql := '...' || x;`. The walk
 * visits statements in text order, so the ones recorded when an EXECUTE IMMEDIATE is met are the earlier ones.
 */
export class AssignmentLog {
  private readonly byKey = new Map<string, Assignment[]>();

  static key(owner: { line: number; column: number }, variable: string): string {
    return `${owner.line}:${owner.column}:${variable.toUpperCase()}`;
  }

  record(key: string, statementText: string, range: Assignment['range']): void {
    const at = statementText.indexOf(':=');
    if (at < 0) return;
    const value = statementText.slice(at + 2).replace(/;\s*$/, '').trim();
    const list = this.byKey.get(key);
    const entry = { line: range.line, range, value };
    if (list) list.push(entry);
    else this.byKey.set(key, [entry]);
  }

  of(key: string): readonly Assignment[] {
    return this.byKey.get(key) ?? [];
  }

  /** The variables of an owner (upper case) assigned on the lines from `first` to `last`. */
  assignedBetween(owner: { line: number; column: number }, first: number, last: number): string[] {
    const prefix = `${owner.line}:${owner.column}:`;
    const names: string[] = [];
    for (const [key, list] of this.byKey) {
      if (key.startsWith(prefix) && list.some((a) => a.line >= first && a.line <= last)) names.push(key.slice(prefix.length));
    }
    return names;
  }
}

const STRING_LITERALS = /[nN]?[qQ]'\[[\s\S]*?\]'|[nN]?[qQ]'\{[\s\S]*?\}'|[nN]?[qQ]'\([\s\S]*?\)'|[nN]?[qQ]'<[\s\S]*?>'|[nN]?[qQ]'([^\s])[\s\S]*?\1'|'(?:[^']|'')*'/g;

/** The names an expression reads (upper case, each part of `r.col` on its own), string literals left out. */
export function namesIn(expression: string): string[] {
  return (expression.replace(STRING_LITERALS, ' ').match(/[A-Za-z][\w$#]*/g) ?? []).map((n) => n.toUpperCase());
}

/** A plain variable name (the expression is `l_sql`): its assignments hold the text. */
export function plainVariable(expression: string): string | undefined {
  return /^[A-Za-z][\w$#]*$/.test(expression) ? expression : undefined;
}
