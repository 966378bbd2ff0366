/**
 * Whether a cursor FOR loop's query returns at most one row, so the loop runs at most once: its WHERE clause
 * fixes every column of a primary or unique key of its one table by equality (the keys come from the DDL in
 * the workspace), or it stops at one row (`ROWNUM = 1`, `FETCH FIRST 1 ROW ONLY`). Schema-aware estimates:
 * the reason names the key and where it is declared, so the message can say why the loop was not counted.
 */
import type { SqlStatementNode } from '../../syntax/model/nodes.ts';
import type { TableKey } from '../index/schemaKeys.ts';

export type KeyLookup = (table: string) => readonly (TableKey & { file?: string })[];

const CLAUSE_END = /^(?:GROUP|ORDER|CONNECT|START|FETCH|FOR|UNION|INTERSECT|MINUS|EXCEPT|MODEL|WINDOW|OFFSET)$/i;

/** The words and parenthesised groups of a query at depth 0, with their offsets. */
function topLevelWords(text: string): { word: string; at: number }[] {
  const out: { word: string; at: number }[] = [];
  let depth = 0;
  const re = /'(?:[^']|'')*'|"[^"]*"|[A-Za-z_][\w$#]*|\(|\)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0] === '(') depth++;
    else if (m[0] === ')') depth--;
    else if (depth === 0 && /^[A-Za-z_]/.test(m[0])) out.push({ word: m[0].toUpperCase(), at: m.index });
  }
  return out;
}

/** Splits a condition at top-level AND; undefined when it has a top-level OR. */
function conjuncts(where: string): string[] | undefined {
  const words = topLevelWords(where);
  if (words.some((w) => w.word === 'OR')) return undefined;
  const parts: string[] = [];
  let start = 0;
  for (const w of words) {
    if (w.word === 'AND') {
      parts.push(where.slice(start, w.at));
      start = w.at + 3;
    }
  }
  parts.push(where.slice(start));
  return parts.map((p) => p.trim().replace(/^\((.*)\)$/s, '$1').trim());
}

const NAME = String.raw`(?:"[^"]+"|[A-Za-z_][\w$#]*)`;

function escape(name: string): string {
  return name.replace(/[$.*+?^()[\]{}|\\]/g, '\\$&');
}

function normalise(name: string): string {
  return name.startsWith('"') ? name.slice(1, -1) : name.toUpperCase();
}

/** The reason a query returns at most one row, or undefined. */
export function singleRowReason(query: SqlStatementNode, text: string, keysOf: KeyLookup): string | undefined {
  if (query.sqlKind !== 'select') return undefined;
  const clean = text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/--[^\n]*/g, ' ');
  const words = topLevelWords(clean);
  const fromAt = words.findIndex((w) => w.word === 'FROM');
  const whereAt = words.findIndex((w) => w.word === 'WHERE');
  const fetch = /\bFETCH\s+(?:FIRST|NEXT)\s+1\s+ROWS?\s+ONLY\s*$/i.test(clean.trim());
  if (fetch) return 'it fetches the first row only';
  if (fromAt < 0 || whereAt < fromAt || words.some((w) => w.word === 'GROUP' || w.word === 'UNION' || w.word === 'CONNECT')) return undefined;
  const end = words.find((w, i) => i > whereAt && CLAUSE_END.test(w.word));
  const parts = conjuncts(clean.slice(words[whereAt]!.at + 5, end?.at ?? clean.length));
  if (!parts) return undefined;
  if (parts.some((p) => /^ROWNUM\s*(?:=\s*1|<=\s*1|<\s*2)$/i.test(p))) return 'it stops at ROWNUM 1';
  // one table, named directly after FROM (no join, no inline view)
  const tables = [...new Set(query.tables)];
  if (tables.length !== 1) return undefined;
  const from = new RegExp(String.raw`^\s*(?:${NAME}\s*\.\s*)?(${NAME})(?:\s+(?!WHERE\b)(${NAME}))?\s*$`, 'i').exec(clean.slice(words[fromAt]!.at + 4, words[whereAt]!.at));
  if (!from) return undefined;
  const table = normalise(from[1]!);
  const keys = keysOf(table);
  if (keys.length === 0) return undefined;
  const qualifiers = new Set([table, ...(from[2] ? [normalise(from[2])] : [])]);
  const keyColumns = new Set(keys.flatMap((k) => k.columns));
  const knownColumns = new Set([...keyColumns, ...keys.flatMap((k) => k.tableColumns ?? [])]);
  const column = new RegExp(String.raw`^(?:(${NAME})\s*\.\s*)?(${NAME})$`);
  /** The column of this table a side names (qualified by the table or its alias, or a bare name). */
  const ownColumn = (side: string): string | undefined => {
    const m = column.exec(side.trim());
    if (!m) return undefined;
    if (m[1] !== undefined) return qualifiers.has(normalise(m[1])) ? normalise(m[2]!) : undefined;
    return normalise(m[2]!);
  };
  /** Whether a side refers to this table's columns (qualified, or a bare name of a known column). */
  const mentionsOwn = (side: string) => [...qualifiers].some((q) => new RegExp(String.raw`(?:^|[^\w$#"])"?${escape(q)}"?\s*\.`, 'i').test(side))
    || [...knownColumns].some((c) => new RegExp(String.raw`(?:^|[^\w$#."])${escape(c)}(?:$|[^\w$#])`, 'i').test(side));
  const fixed = new Set<string>();
  for (const part of parts) {
    const eq = /^([^=<>!]+?)\s*=\s*([^=<>!][\s\S]*)$/.exec(part);
    if (!eq) continue;
    const [left, right] = [eq[1]!, eq[2]!];
    const leftColumn = ownColumn(left);
    if (leftColumn && keyColumns.has(leftColumn) && !mentionsOwn(right)) fixed.add(leftColumn);
    const rightColumn = ownColumn(right);
    if (rightColumn && keyColumns.has(rightColumn) && !mentionsOwn(left)) fixed.add(rightColumn);
  }
  const key = keys.find((k) => k.columns.every((c) => fixed.has(c)));
  if (!key) return undefined;
  const where = key.file ? `${key.file} line ${key.line}` : `line ${key.line}`;
  if (key.through) {
    const base = key.through.file ? `${key.through.file} line ${key.through.line}` : `line ${key.through.line}`;
    return `its query fixes the ${key.kind} of ${key.through.table} (${key.through.columns.join(', ')}, declared at ${base}) through view ${table} (${key.columns.join(', ')}, declared at ${where})`;
  }
  return `its query fixes the ${key.kind} of ${table} (${key.columns.join(', ')}, declared at ${where})`;
}
