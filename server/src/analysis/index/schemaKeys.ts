/**
 * The primary and unique keys a workspace's DDL declares: CREATE TABLE ... PRIMARY KEY / UNIQUE (on a column
 * or as a table constraint), ALTER TABLE ... ADD [CONSTRAINT c] PRIMARY KEY / UNIQUE (...), and CREATE UNIQUE
 * INDEX ... ON t (...). A query that fixes every column of one of them by equality returns at most one row.
 * A simple view (one table, its columns picked or renamed) has its base table's keys under its own column names.
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
  /** The declared type of each column, when the key comes from its CREATE TABLE: `CLOB`, `NUMBER(10,2)`. */
  columnTypes?: Record<string, string>;
  /** For a view's key: the base table's key it is, and where that is declared. */
  through?: { table: string; columns: string[]; line: number; file?: string };
}

/**
 * A simple view: every row is one row of its one base table (no join, GROUP BY, DISTINCT, set operator,
 * CONNECT BY, PIVOT or inline view), so a key of the base table whose columns the view shows is a key of the view.
 */
export interface ViewColumns {
  /** The view's normalised name without schema. */
  table: string;
  kind: 'view';
  /** The base table's normalised name without schema. */
  base: string;
  /** [view column, base column] for each select item that is a plain column of the base table. */
  pairs: [string, string][];
  /** `SELECT *` / `SELECT t.*`: every base column under its own name. */
  star: boolean;
  line: number;
}

/** What a file's DDL says about keys: keys of tables and the views that show them. */
export type SchemaFact = TableKey | ViewColumns;

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
function keysOfTableBody(tokens: string[], start: number, table: string, line: number, out: SchemaFact[]): void {
  const keys: TableKey[] = [];
  const tableColumns: string[] = [];
  const columnTypes: Record<string, string> = {};
  readTableBody(tokens, start, table, line, keys, tableColumns, columnTypes);
  for (const key of keys) {
    key.tableColumns = tableColumns;
    key.columnTypes = columnTypes;
  }
  out.push(...keys);
}

/** The column type starting at `i`: a name (`CLOB`, `DOUBLE PRECISION`) and its size in parentheses; not `AS (...)`. */
function columnType(tokens: string[], i: number): string | undefined {
  const name = tokens[i];
  if (name === undefined || !/^[A-Z_]/.test(name) || /^(AS|GENERATED|CONSTRAINT|PRIMARY|UNIQUE|NOT|NULL|DEFAULT|REFERENCES|CHECK)$/.test(name)) return undefined;
  const text = name === 'DOUBLE' && tokens[i + 1] === 'PRECISION' ? 'DOUBLE PRECISION' : name;
  const open = i + (text === name ? 1 : 2);
  if (tokens[open] !== '(') return text;
  const close = tokens.indexOf(')', open);
  return close < 0 ? undefined : `${text}(${tokens.slice(open + 1, close).join(' ').replace(/ , /g, ',')})`;
}

function readTableBody(tokens: string[], start: number, table: string, line: number, out: TableKey[], tableColumns: string[], columnTypes: Record<string, string>): void {
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
        const type = columnType(tokens, i + 1);
        if (type !== undefined) columnTypes[token] = type;
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

/** Top-level comma-separated items of tokens[from, to), or undefined when parentheses do not balance. */
function items(tokens: string[], from: number, to: number): string[][] {
  const out: string[][] = [[]];
  let depth = 0;
  for (let i = from; i < to; i++) {
    const token = tokens[i]!;
    if (token === '(') depth++;
    else if (token === ')') depth--;
    if (token === ',' && depth === 0) out.push([]);
    else out.at(-1)!.push(token);
  }
  return out;
}

const NAME_TOKEN = /^[A-Za-z_$#\d][\w$#]*$|^[^'()\s,.*=<>!|+\-/@;:]+$/;
/** Words after FROM that make a view's rows other than one row each of one table (or end its simple table). */
const NOT_ONE_ROW_EACH = new Set(['GROUP', 'HAVING', 'UNION', 'INTERSECT', 'MINUS', 'EXCEPT', 'CONNECT', 'START', 'MODEL', 'PIVOT', 'UNPIVOT', 'MATCH_RECOGNIZE', 'JOIN', 'CROSS', 'NATURAL', 'LEFT', 'RIGHT', 'FULL', 'INNER', 'OUTER', 'APPLY', 'SAMPLE', 'AS']);

/**
 * CREATE [OR REPLACE] [[NO] FORCE] [EDITIONING] VIEW v [(aliases)] AS SELECT items FROM [schema.]t [alias]
 * [WHERE ...] [ORDER BY ...] [WITH READ ONLY | CHECK OPTION]: the view's columns that are plain base columns.
 * Anything else (a join, GROUP BY, DISTINCT, a set operator, an inline view, WITH, an object view) is not a simple
 * view: its rows are not one base row each (a join repeats a row per match; GROUP BY and DISTINCT make one row of
 * many, so a base key no longer names the view's row), and the view has no key here.
 */
function viewOf(tokens: string[], i: number, line: number): ViewColumns | undefined {
  if (tokens[i] === 'IF' && tokens[i + 1] === 'NOT' && tokens[i + 2] === 'EXISTS') i += 3;
  const [view, afterName] = qualifiedName(tokens, i);
  i = afterName;
  let aliases: string[] | undefined;
  if (tokens[i] === '(') {
    const close = tokens.indexOf(')', i);
    const list = items(tokens, i + 1, close < 0 ? tokens.length : close);
    if (close < 0 || list.some((item) => item.length !== 1)) return undefined; // out-of-line constraints, visible/invisible
    aliases = list.map((item) => item[0]!);
    i = close + 1;
  }
  while (i < tokens.length && tokens[i] !== 'AS') {
    if (tokens[i] === 'OF' || tokens[i] === '(') return undefined; // an object view, XMLType view
    i++;
  }
  if (tokens[i + 1] !== 'SELECT') return undefined; // WITH ... (a subquery factoring clause), a parenthesised query
  i += 2;
  if (tokens[i] === 'DISTINCT' || tokens[i] === 'UNIQUE') return undefined;
  if (tokens[i] === 'ALL') i++;
  const selectStart = i;
  let depth = 0;
  for (; i < tokens.length; i++) {
    if (tokens[i] === '(') depth++;
    else if (tokens[i] === ')') depth--;
    else if (depth === 0 && tokens[i] === 'FROM') break;
  }
  if (i >= tokens.length) return undefined;
  const selectItems = items(tokens, selectStart, i);
  const [base, afterBase] = qualifiedName(tokens, i + 1);
  if (!NAME_TOKEN.test(base) || base === '(' ) return undefined;
  let j = afterBase;
  let alias: string | undefined;
  if (tokens[j] !== undefined && NAME_TOKEN.test(tokens[j]!) && !['WHERE', 'ORDER', 'WITH', 'FETCH', 'OFFSET'].includes(tokens[j]!) && !NOT_ONE_ROW_EACH.has(tokens[j]!)) alias = tokens[j++];
  const next = tokens[j];
  if (next !== undefined && !['WHERE', 'ORDER', 'WITH', 'FETCH', 'OFFSET', ';', '/'].includes(next)) return undefined; // a join, a comma, a link, a partition
  depth = 0;
  for (let k = j; k < tokens.length; k++) {
    if (tokens[k] === '(') depth++;
    else if (tokens[k] === ')') depth--;
    else if (depth === 0 && NOT_ONE_ROW_EACH.has(tokens[k]!) && tokens[k] !== 'AS') return undefined;
  }
  const qualifiers = new Set([base, ...(alias ? [alias] : [])]);
  const pairs: [string, string][] = [];
  let star = false;
  for (const [position, item] of selectItems.entries()) {
    let k = 0;
    if (item.length >= 2 && item[1] === '.' && qualifiers.has(item[0]!)) k = 2;
    if (item[k] === '*' && k + 1 === item.length) {
      if (aliases) return undefined; // positions no longer name the columns
      star = true;
      continue;
    }
    const column = item[k];
    if (column === undefined || !NAME_TOKEN.test(column)) continue; // an expression: not a base column
    const rest = item.slice(k + 1);
    let name: string | undefined;
    if (rest.length === 0) name = column;
    else if (rest.length === 1 && NAME_TOKEN.test(rest[0]!)) name = rest[0];
    else if (rest.length === 2 && rest[0] === 'AS' && NAME_TOKEN.test(rest[1]!)) name = rest[1];
    if (name === undefined) continue;
    pairs.push([aliases?.[position] ?? name, column]);
  }
  return { table: view, kind: 'view', base, pairs, star, line };
}

/** The keys one DDL statement declares. */
export function keysOfStatement(text: string, line: number): TableKey[] {
  return factsOfStatement(text, line).filter((f): f is TableKey => f.kind !== 'view');
}

/** The keys one DDL statement declares, or the simple view it creates. */
export function factsOfStatement(text: string, line: number): SchemaFact[] {
  const tokens = tokensOf(text);
  const out: SchemaFact[] = [];
  let i = 0;
  if (tokens[i] === 'CREATE') {
    i++;
    while (/^(GLOBAL|PRIVATE|TEMPORARY|SHARDED|DUPLICATED|IMMUTABLE|BLOCKCHAIN|OR|REPLACE|NO|FORCE|EDITIONING|EDITIONABLE|NONEDITIONABLE)$/.test(tokens[i] ?? '')) i++;
    if (tokens[i] === 'VIEW') {
      const view = viewOf(tokens, i + 1, line);
      if (view) out.push(view);
    } else if (tokens[i] === 'TABLE') {
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

const CREATE_VIEW = /^\s*CREATE\s+(?:OR\s+REPLACE\s+)?(?:(?:NO\s+)?FORCE\s+)?(?:EDITIONING\s+|EDITIONABLE\s+|NONEDITIONABLE\s+)*VIEW\b/i;

/** The keys declared by a script's top-level DDL, and its simple views. */
export function keysOfScript(text: string, script: ParsedScript): SchemaFact[] {
  const out: SchemaFact[] = [];
  for (const segment of script.segments) {
    if (segment.kind !== 'code' || segment.codeKind !== 'sql') continue;
    const [first, second, third] = segment.firstWords;
    const ddl = (first === 'CREATE' && (second === 'TABLE' || (second === 'UNIQUE' && third === 'INDEX') || /^(GLOBAL|PRIVATE|SHARDED|DUPLICATED|IMMUTABLE|BLOCKCHAIN)$/.test(second ?? '')))
      || (first === 'ALTER' && second === 'TABLE')
      || (first === 'CREATE' && /^(VIEW|OR|FORCE|NO|EDITIONING|EDITIONABLE|NONEDITIONABLE)$/.test(second ?? '') && CREATE_VIEW.test(text.slice(segment.start, Math.min(segment.end, segment.start + 200))));
    if (ddl) out.push(...factsOfStatement(text.slice(segment.start, segment.end), segment.line));
  }
  return out;
}

/**
 * The keys of a table or view: its own, and for a simple view the keys of its base table whose every column the
 * view shows (under the view's names). `factsOf` gives what the DDL says under a name; views over views resolve
 * a few levels deep.
 */
export function resolveKeys<F extends SchemaFact & { file?: string }>(table: string, factsOf: (name: string) => readonly F[], depth = 0): (TableKey & { file?: string })[] {
  const out: (TableKey & { file?: string })[] = [];
  for (const fact of factsOf(table)) {
    if (fact.kind !== 'view') {
      out.push(fact as TableKey & { file?: string });
      continue;
    }
    if (depth >= 4 || fact.base === table) continue;
    const viewColumns = fact.star ? undefined : fact.pairs.map(([v]) => v);
    for (const key of resolveKeys(fact.base, factsOf, depth + 1)) {
      const shown = key.columns.map((c) => (fact.star ? c : fact.pairs.find(([, b]) => b === c)?.[0]));
      if (shown.some((c) => c === undefined)) continue;
      out.push({
        table, columns: shown as string[], kind: key.kind, line: fact.line, file: fact.file,
        tableColumns: viewColumns ?? key.tableColumns,
        through: { table: key.table, columns: key.columns, line: key.line, file: key.file },
      });
    }
  }
  return out;
}
