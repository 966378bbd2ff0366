/**
 * Whether the statement text given to DBMS_SQL.PARSE is DDL (or a PL/SQL block): DBMS_SQL runs DDL when it parses
 * it, so a parse per object in a loop (`ALTER ... COMPILE` per invalid object) is the work itself and cannot be
 * bound or parsed once. The text is seen as written (a literal, or a concatenation that starts with one), through a
 * variable the code assigns such text, or through a field of a cursor's row whose select-list item is such text
 * (`CURSOR c IS SELECT 'ALTER ' || object_type || ... stmt FROM ...; r c%ROWTYPE; ... DBMS_SQL.PARSE(h, r.stmt, ...)`).
 */
import type { LoopInfo, Position } from '../../semantic/walk.ts';
import type { SqlStatementNode } from '../../../syntax/model/nodes.ts';
import { isDdlText, plainVariable } from './dynamicSql.ts';
import { splitAtTopLevelCommas } from '../../semantic/loops.ts';

/** The select list of a query (from its first SELECT to the FROM at the same level), or undefined. */
function selectList(text: string): string | undefined {
  const clean = text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/--[^\n]*/g, ' ');
  const select = /^\s*\(?\s*SELECT\b(?:\s+(?:DISTINCT|UNIQUE|ALL)\b)?/i.exec(clean);
  if (!select) return undefined;
  let depth = 0;
  let quoted = false;
  const start = select.index + select[0].length;
  for (let i = start; i < clean.length; i++) {
    const c = clean[i];
    if (c === "'") quoted = !quoted;
    else if (quoted) continue;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && /^FROM\b/i.test(clean.slice(i, i + 5)) && !/[\w$#]/.test(clean[i - 1] ?? '')) return clean.slice(start, i);
  }
  return undefined;
}

/**
 * The expression of the select-list item aliased `field` (`'ALTER ' || ... stmt`, `... AS "STMT"`). An item without an
 * alias is a column or an expression no field names; a column is never DDL text, so it does not matter which.
 */
function itemFor(list: string, field: string): string | undefined {
  for (const item of splitAtTopLevelCommas(list).map((i) => i.trim())) {
    const aliased = /^([\s\S]*?)\s+(?:AS\s+)?("?)([A-Za-z_][\w$#]*)\2$/i.exec(item);
    if (aliased && aliased[3]!.toUpperCase() === field) return aliased[1]!;
  }
  return undefined;
}

/** The query whose rows record `name` holds: a cursor FOR loop's iterator, or a variable declared `cursor%ROWTYPE`. */
function rowQuery(name: string, position: Position): SqlStatementNode | undefined {
  for (let loop: LoopInfo | undefined = position.loop; loop; loop = loop.parent) {
    const statement = loop.statement;
    if (statement.loopKind !== 'cursor-for' || !statement.iterators.some((i) => i.toUpperCase() === name)) continue;
    return statement.query ?? (statement.cursorName ? position.scope.lookup(statement.cursorName.toUpperCase())?.symbol.declaration?.query : undefined);
  }
  const declared = position.scope.lookup(name)?.symbol.declaration;
  const cursor = /^\s*([A-Za-z_][\w$#]*)\s*%\s*ROWTYPE\s*$/i.exec(declared?.typeText ?? '')?.[1];
  const cursorDeclaration = cursor ? position.scope.lookup(cursor.toUpperCase())?.symbol.declaration : undefined;
  return cursorDeclaration?.declarationKind === 'cursor' ? cursorDeclaration.query : undefined;
}

/**
 * Whether `statementText` (the second argument of DBMS_SQL.PARSE, as written) is DDL or a PL/SQL block: directly,
 * through a variable whose last assignment before the call is such text (`assignedValues`: the values the code
 * assigned it so far, in order), or through a row field.
 */
export function parsesDdl(statementText: string, position: Position, assignedValues: (variable: string) => readonly string[], textIn: (range: SqlStatementNode['range']) => string): boolean {
  const text = statementText.trim();
  if (isDdlText(text)) return true;
  const variable = plainVariable(text);
  if (variable) {
    // the value it was given last before the call (the walk records assignments in the order of the text)
    const last = assignedValues(variable).at(-1);
    return last !== undefined && isDdlText(last);
  }
  const field = /^([A-Za-z_][\w$#]*)\s*\.\s*([A-Za-z_][\w$#]*)$/.exec(text);
  if (!field) return false;
  const query = rowQuery(field[1]!.toUpperCase(), position);
  const list = query ? selectList(textIn(query.range)) : undefined;
  const item = list ? itemFor(list, field[2]!.toUpperCase()) : undefined;
  return item !== undefined && isDdlText(item);
}
