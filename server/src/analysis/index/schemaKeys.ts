/**
 * The primary and unique keys a workspace's DDL declares: CREATE TABLE ... PRIMARY KEY / UNIQUE (on a column
 * or as a table constraint), ALTER TABLE ... ADD [CONSTRAINT c] PRIMARY KEY / UNIQUE (...), and CREATE UNIQUE
 * INDEX ... ON t (...). A query that fixes every column of one of them by equality returns at most one row.
 * Read from the script's top-level SQL segments, with a small tokenizer (no grammar: the DDL is an island).
 */
import type { ParsedScript } from '../../syntax/parseScript.ts';

export interface TableKey {
  /** Normalised table name without schema. */
  table: string;
  /** The key's columns, normalised. */
  columns: string[];
  kind: 'primary key' | 'unique';
  line: number;
  /** Every column of the table, when the key comes from its CREATE TABLE (a bare name in SQL is a column first). */
  tableColumns?: string[];
}

const TOKENS = /"[^"]*"|'(?:[^']|'')*'|--[^\n]*|\/\*[\s\S]*?\*\/|[A-Za-z_][\w$#]*|\d+|\S/g;

function normalise(name: string): string {
  return name.startsWith('"') ? name.slice(1, -1) : name.toUpperCase();
}

/** The tokens of a statement, comments left out, names normalised (quoted ones keep their case). */
function tokensOf(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(TOKENS)) {
    const token = match[0];
    if (token.startsWith('--') || token.startsWith('/*')) continue;
    out.push(/^[A-Za-z_"]/.test(token) ? normalise(token) : token);
  }
  return out;
}

/** `schema.table` or `table` starting at `i`: the table's name and the index after it. */
function qualifiedName(tokens: string[], i: number): [string, number] {
  let name = tokens[i] ?? '';
  let next = i + 1;
  while (tokens[next] === '.' && tokens[next + 1] !== undefined) {
    name = tokens[next + 1]!;
    next += 2;
  }
  return [name, next];
}

/** The column list in parentheses starting at `i` (`(a, b)`), and the index after it. */
function columnList(tokens: string[], i: number): [string[], number] | undefined {
  if (tokens[i] !== '(') return undefined;
  const columns: string[] = [];
  let j = i + 1;
  for (; j < tokens.length && tokens[j] !== ')'; j++) {
    const token = tokens[j]!;
    if (token === ',') continue;
    if (/^(ASC|DESC)$/.test(token)) continue;
    if (!/^[\w$#]/.test(token) || token === '(') return undefined; // an expression: not a plain column key
    columns.push(token);
  }
  return [columns, j + 1];
}

/** The keys declared by the body of CREATE TABLE t ( ... ). */
function keysOfTableBody(tokens: string[], start: number, table: string, line: number, out: TableKey[]): void {
  const first = out.length;
  const tableColumns: string[] = [];
  readTableBody(tokens, start, table, line, out, tableColumns);
  for (const key of out.slice(first)) key.tableColumns = tableColumns;
}

function readTableBody(tokens: string[], start: number, table: string, line: number, out: TableKey[], tableColumns: string[]): void {
  let depth = 0;
  let column: string | undefined;
  let expectColumn = true;
  for (let i = start; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === '(') {
      depth++;
      continue;
    }
    if (token === ')') {
      depth--;
      if (depth === 0) return;
      continue;
    }
    if (depth !== 1) continue;
    if (token === ',') {
      expectColumn = true;
      column = undefined;
      continue;
    }
    if (expectColumn) {
      expectColumn = false;
      if (token === 'CONSTRAINT') {
        i++; // the constraint's name
        continue;
      }
      if (token !== 'PRIMARY' && token !== 'UNIQUE' && token !== 'FOREIGN' && token !== 'CHECK') {
        column = token;
        tableColumns.push(token);
        continue;
      }
    }
    const kind = token === 'PRIMARY' && tokens[i + 1] === 'KEY' ? 'primary key' : token === 'UNIQUE' ? 'unique' : undefined;
    if (!kind) continue;
    const after = kind === 'primary key' ? i + 2 : i + 1;
    const list = columnList(tokens, after);
    if (list) {
      out.push({ table, columns: list[0], kind, line });
      i = list[1] - 1;
    } else if (column) {
      out.push({ table, columns: [column], kind, line });
    }
  }
}

/** The keys one DDL statement declares. */
export function keysOfStatement(text: string, line: number): TableKey[] {
  const tokens = tokensOf(text);
  const out: TableKey[] = [];
  let i = 0;
  if (tokens[i] === 'CREATE') {
    i++;
    while (/^(GLOBAL|PRIVATE|TEMPORARY|SHARDED|DUPLICATED|IMMUTABLE|BLOCKCHAIN|OR|REPLACE)$/.test(tokens[i] ?? '')) i++;
    if (tokens[i] === 'TABLE') {
      const nameAt = tokens[i + 1] === 'IF' && tokens[i + 2] === 'NOT' && tokens[i + 3] === 'EXISTS' ? i + 4 : i + 1;
      const [table, next] = qualifiedName(tokens, nameAt);
      if (tokens[next] === '(') keysOfTableBody(tokens, next, table, line, out);
    } else if (tokens[i] === 'UNIQUE' && tokens[i + 1] === 'INDEX') {
      let j = qualifiedName(tokens, i + 2)[1];
      if (tokens[j] === 'ON') {
        const [table, next] = qualifiedName(tokens, j + 1);
        j = next;
        if (/^[\w$#]/.test(tokens[j] ?? '') && tokens[j + 1] === '(') j++; // a table alias
        const list = columnList(tokens, j);
        if (list && list[0].length > 0) out.push({ table, columns: list[0], kind: 'unique', line });
      }
    }
  } else if (tokens[0] === 'ALTER' && tokens[1] === 'TABLE') {
    const [table, next] = qualifiedName(tokens, 2);
    let j = next;
    if (tokens[j] !== 'ADD') return out;
    j++;
    if (tokens[j] === '(') j++;
    if (tokens[j] === 'CONSTRAINT') j += 2;
    const kind = tokens[j] === 'PRIMARY' && tokens[j + 1] === 'KEY' ? 'primary key' : tokens[j] === 'UNIQUE' ? 'unique' : undefined;
    if (!kind) return out;
    const list = columnList(tokens, kind === 'primary key' ? j + 2 : j + 1);
    if (list && list[0].length > 0) out.push({ table, columns: list[0], kind, line });
  }
  return out;
}

/** The keys declared by a script's top-level DDL. */
export function keysOfScript(text: string, script: ParsedScript): TableKey[] {
  const out: TableKey[] = [];
  for (const segment of script.segments) {
    if (segment.kind !== 'code' || segment.codeKind !== 'sql') continue;
    const [first, second, third] = segment.firstWords;
    const ddl = (first === 'CREATE' && (second === 'TABLE' || (second === 'UNIQUE' && third === 'INDEX') || /^(GLOBAL|PRIVATE|SHARDED|DUPLICATED|IMMUTABLE|BLOCKCHAIN)$/.test(second ?? '')))
      || (first === 'ALTER' && second === 'TABLE');
    if (ddl) out.push(...keysOfStatement(text.slice(segment.start, segment.end), segment.line));
  }
  return out;
}
