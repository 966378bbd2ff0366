/**
 * The declared type of an assignment target, followed to a built-in type through what the code in view declares:
 * a local, a parameter, a package variable (of the body, or of a specification the workspace holds), a SUBTYPE, a
 * `%TYPE` of a variable, a field of a RECORD type and an element of a collection type. `r.body` is a CLOB when `r`
 * is of a record type whose BODY field is a subtype of CLOB; `l_doc.body` with `l_doc documents%ROWTYPE` and
 * `documents.body%TYPE` are the column's type when the workspace holds the CREATE TABLE. Types the workspace cannot
 * show (a table it does not declare, a cursor's %ROWTYPE, object types, types of other schemas) stay unknown: the
 * rules report only what is proven.
 */
import type { IndexedDefinition } from '../../index/workspaceIndex.ts';
import type { ParameterNode } from '../../../syntax/model/nodes.ts';
import type { Scope } from '../../semantic/scope.ts';

export type DefinitionsOf = (name: string) => readonly IndexedDefinition[];
/** A table column's declared type from the workspace's DDL (normalised names), as RuleContext.columnTypeOf. */
export type ColumnTypeOf = (table: string, column: string) => string | undefined;

interface Sources {
  definitions: DefinitionsOf;
  columnTypeOf?: ColumnTypeOf;
}

/** Where a type text's names are resolved: the scope it is written in, or a package of the workspace. */
interface Place {
  scope?: Scope;
  /** The package whose members an unqualified name may be (normalised, without schema). */
  pkg?: string;
}

/** A declared type followed to the type that is not a name of the code's own. */
export interface ResolvedType {
  /** The type as written where the chain ends: `number(10)`, `clob`, `record (id number, body clob)`, `table of clob`. */
  text: string;
  /** How the chain got there, for messages: `subtype T_TEXT`, `%TYPE of G_LOG`, `field BODY`, `element`. */
  steps: string[];
  place: Place;
}

/** An assignment target's variable, where it is declared, and its type. */
export interface TargetVariable {
  /** `local` also covers the variables of enclosing subprograms and blocks; `package` is a package-level variable. */
  where: 'local' | 'parameter' | 'package';
  mode?: ParameterNode['mode'];
  /** The variable's own declared type, before any field or element of it is taken. */
  declared: ResolvedType;
  /** The type of the target itself (the same as `declared` for a plain name). */
  type: ResolvedType;
  /** The package that declares a package-level variable. */
  pkg?: string;
  /** The index expressions of the target, as written, outermost first (`t(i).lines(j)` -> `i`, `j`). */
  indexes: string[];
}

const NAME = String.raw`(?:"[^"]+"|[A-Za-z][\w$#]*)`;
const MAX_DEPTH = 8;
/** Names of built-in types: not looked up as the code's own types (a lookup is a question to the workspace). */
const BUILT_IN = /^(?:NUMBER|INTEGER|INT|SMALLINT|DECIMAL|DEC|NUMERIC|FLOAT|REAL|PLS_INTEGER|BINARY_INTEGER|SIMPLE_INTEGER|NATURALN?|POSITIVEN?|SIGNTYPE|BINARY_FLOAT|BINARY_DOUBLE|SIMPLE_FLOAT|SIMPLE_DOUBLE|N?CLOB|BLOB|BFILE|N?VARCHAR2?|N?CHAR|STRING|LONG|RAW|DATE|TIMESTAMP|BOOLEAN|U?ROWID)$/i;

function normalise(name: string): string {
  return name.startsWith('"') ? name.slice(1, -1) : name.toUpperCase();
}

/** The names of a dotted reference (`pkg.t_doc`, `"Pkg".x`), normalised; undefined when it is not one. */
function dottedName(text: string): string[] | undefined {
  if (!new RegExp(`^${NAME}(?:\\s*\\.\\s*${NAME})*$`).test(text)) return undefined;
  return [...text.matchAll(new RegExp(NAME, 'g'))].map((m) => normalise(m[0]));
}

interface Named {
  kind: 'variable' | 'constant' | 'parameter' | 'type' | 'subtype';
  typeText: string;
  place: Place;
  where: TargetVariable['where'];
  mode?: ParameterNode['mode'];
  pkg?: string;
}

/** A package member of the workspace with a declared type. */
function member(pkg: string, name: string, sources: Sources): Named | undefined {
  const found = sources.definitions(`${pkg}.${name}`).find((d) => d.kind === 'package-member' && d.typeText !== undefined);
  if (!found || found.typeText === undefined) return undefined;
  const kind = found.memberKind;
  if (kind !== 'variable' && kind !== 'constant' && kind !== 'type' && kind !== 'subtype') return undefined;
  return { kind, typeText: found.typeText, place: { pkg }, where: 'package', pkg };
}

/** What a (possibly package-qualified) name denotes at a place: a variable, parameter, type or subtype with its type. */
function lookupName(parts: readonly string[], place: Place, sources: Sources): Named | undefined {
  if (parts.length === 1) {
    const name = parts[0]!;
    const found = place.scope?.lookup(name);
    if (found) {
      const { symbol, scope } = found;
      const inner = { scope, pkg: scope.enclosingPackage };
      if (symbol.parameter) return { kind: 'parameter', typeText: symbol.parameter.type, place: inner, where: 'parameter', mode: symbol.parameter.mode };
      const declaration = symbol.declaration;
      const kind = declaration?.declarationKind;
      if (!declaration?.typeText || (kind !== 'variable' && kind !== 'constant' && kind !== 'type' && kind !== 'subtype')) return undefined;
      // a variable of a package's own scope (no subprogram around it) is a package-level variable
      const where = scope.owner === 'package' ? 'package' : 'local';
      return { kind, typeText: declaration.typeText, place: inner, where, pkg: where === 'package' ? scope.packageName : undefined };
    }
    // not declared in the body: a member of the package's specification, if the workspace has it
    const pkg = place.pkg ?? place.scope?.enclosingPackage;
    return pkg ? member(pkg, name, sources) : undefined;
  }
  // pkg.name or schema.pkg.name (the index keeps package members without their schema); a local named like the
  // package hides it, and `r.field` is no package member
  if (parts.length > 3 || place.scope?.lookup(parts[0]!)) return undefined;
  const [pkg, name] = parts.slice(-2) as [string, string];
  return member(pkg, name, sources);
}

/** A type text followed through subtypes, named types and `%TYPE` to a type that is no name of the code's own. */
function resolveTypeText(typeText: string, place: Place, sources: Sources, steps: string[], depth: number): ResolvedType | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const text = typeText.trim();
  // a %ROWTYPE record: its fields are a table's columns (a cursor's select list is not followed)
  const rowtype = /^([\s\S]+?)\s*%\s*ROWTYPE$/i.exec(text);
  if (rowtype) {
    const parts = dottedName(rowtype[1]!);
    if (!parts || parts.length > 2 || (parts.length === 1 && place.scope?.lookup(parts[0]!))) return undefined;
    return { text: `${parts.join('.')}%ROWTYPE`, steps, place };
  }
  const anchored = /^([\s\S]+?)\s*%\s*TYPE$/i.exec(text);
  if (anchored) {
    const parts = dottedName(anchored[1]!);
    if (!parts) return undefined;
    const named = lookupName(parts, place, sources);
    if (named && (named.kind === 'variable' || named.kind === 'constant' || named.kind === 'parameter')) {
      return resolveTypeText(named.typeText, named.place, sources, [...steps, `%TYPE of ${parts.join('.')}`], depth + 1);
    }
    // `r.field%TYPE` of a record variable in scope
    if (parts.length === 2 && place.scope?.lookup(parts[0]!)) {
      const record = lookupName([parts[0]!], place, sources);
      if (!record || record.kind === 'type' || record.kind === 'subtype') return undefined;
      const recordType = resolveTypeText(record.typeText, record.place, sources, [], depth + 1);
      const field = recordType && fieldType(recordType, parts[1]!, sources, depth + 1);
      return field ? { ...field, steps: [...steps, `%TYPE of ${parts.join('.')}`, ...field.steps] } : undefined;
    }
    // a column's %TYPE (`orders.notes%TYPE`, `app.orders.notes%TYPE`): the type its CREATE TABLE declares
    return columnType(parts, steps, place, sources, '%TYPE of column');
  }
  // a type name, with a constraint of a subtype perhaps (`t_code(10)`): follow it when the code declares it
  const head = /^([^(\s]+(?:\s*\.\s*[^(\s.]+)*)\s*(\([^)]*\))?$/.exec(text);
  const parts = head ? dottedName(head[1]!) : undefined;
  if (parts && !(parts.length === 1 && BUILT_IN.test(parts[0]!))) {
    const named = lookupName(parts, place, sources);
    if (named) {
      if (named.kind !== 'type' && named.kind !== 'subtype') return undefined;
      return resolveTypeText(named.typeText, named.place, sources, [...steps, `${named.kind} ${parts.join('.')}`], depth + 1);
    }
  }
  return { text, steps, place };
}

/** The fields of a RECORD type text: name and type as written (NOT NULL and the default left out). */
function recordFields(text: string): Map<string, string> | undefined {
  const body = /^RECORD\s*\(([\s\S]*)\)$/i.exec(text)?.[1];
  if (body === undefined) return undefined;
  const fields = new Map<string, string>();
  let depth = 0;
  let start = 0;
  const add = (piece: string) => {
    const match = new RegExp(`^\\s*(${NAME})\\s+([\\s\\S]+?)\\s*$`).exec(piece);
    if (!match) return;
    const type = match[2]!.replace(/\s*(?::=|\bDEFAULT\b)[\s\S]*$/i, '').replace(/\s+NOT\s+NULL$/i, '');
    fields.set(normalise(match[1]!), type);
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === "'") i = body.indexOf("'", i + 1) < 0 ? body.length : body.indexOf("'", i + 1);
    else if (c === ',' && depth === 0) {
      add(body.slice(start, i));
      start = i + 1;
    }
  }
  add(body.slice(start));
  return fields;
}

/** A table column's declared type, when the workspace's DDL declares it; `parts` is `[schema.]table.column`. */
function columnType(parts: readonly string[], steps: string[], place: Place, sources: Sources, how: string): ResolvedType | undefined {
  if (parts.length < 2 || parts.length > 3 || !sources.columnTypeOf) return undefined;
  const [table, column] = parts.slice(-2) as [string, string];
  const type = sources.columnTypeOf(table, column);
  return type === undefined ? undefined : { text: type, steps: [...steps, `${how} ${table}.${column}`], place };
}

function fieldType(record: ResolvedType, field: string, sources: Sources, depth: number): ResolvedType | undefined {
  const rowtype = /^([\s\S]+)%ROWTYPE$/.exec(record.text);
  if (rowtype) return columnType([...rowtype[1]!.split('.'), field], record.steps, record.place, sources, 'column');
  const type = recordFields(record.text)?.get(field);
  return type === undefined ? undefined : resolveTypeText(type, record.place, sources, [...record.steps, `field ${field}`], depth);
}

/** The element type of a collection type text: `TABLE OF x [INDEX BY ...]`, `VARRAY(n) OF x`, `VARYING ARRAY(n) OF x`. */
function elementType(collection: ResolvedType, sources: Sources, depth: number): ResolvedType | undefined {
  const match = /^(?:TABLE|VARRAY\s*\([^)]*\)|VARYING\s+ARRAY\s*\([^)]*\))\s+OF\s+([\s\S]+?)(?:\s+NOT\s+NULL)?(?:\s+INDEX\s+BY\s+[\s\S]+)?$/i.exec(collection.text);
  if (!match) return undefined;
  return resolveTypeText(match[1]!, collection.place, sources, [...collection.steps, 'element'], depth);
}

/** A target split into its name (`l_doc`, `pkg.g_log`, `r`) and what is taken of it (`.body`, `(i)`). */
function splitTarget(target: string): { name: string[]; selectors: ({ field: string } | { index: string })[] } | undefined {
  const head = new RegExp(`^${NAME}`).exec(target);
  if (!head) return undefined;
  const name = [normalise(head[0])];
  const selectors: ({ field: string } | { index: string })[] = [];
  let i = head[0].length;
  const fieldPattern = new RegExp(`^\\s*\\.\\s*(${NAME})`);
  while (i < target.length) {
    const rest = target.slice(i);
    const field = fieldPattern.exec(rest);
    if (field) {
      selectors.push({ field: normalise(field[1]!) });
      i += field[0].length;
      continue;
    }
    const open = /^\s*\(/.exec(rest);
    if (!open) return /^\s*$/.test(rest) ? { name, selectors } : undefined;
    let depth = 0;
    let j = i + open[0].length - 1;
    for (; j < target.length; j++) {
      if (target[j] === '(') depth++;
      else if (target[j] === ')' && --depth === 0) break;
    }
    if (depth !== 0) return undefined;
    selectors.push({ index: target.slice(i + open[0].length, j) });
    i = j + 1;
  }
  return { name, selectors };
}

/**
 * The variable an assignment target writes and the target's type, when the declarations in view prove it:
 * `l_doc`, `p_out`, `g_log` (the body's or the specification's), `pkg.g_log`, `r.body`, `t(i)`, `t(i).body`.
 */
export function targetVariable(target: string, scope: Scope, definitions: DefinitionsOf, columnTypeOf?: ColumnTypeOf): TargetVariable | undefined {
  const sources: Sources = { definitions, columnTypeOf };
  const split = splitTarget(target);
  if (!split) return undefined;
  const place: Place = { scope, pkg: scope.enclosingPackage };
  let { name, selectors } = split;
  // `pkg.g_log`: a qualified package variable, when the first name is no variable here
  const first = selectors[0];
  if (first && 'field' in first && !scope.lookup(name[0]!) && member(name[0]!, first.field, sources)) {
    name = [name[0]!, first.field];
    selectors = selectors.slice(1);
  }
  const named = lookupName(name, place, sources);
  if (!named || named.kind === 'type' || named.kind === 'subtype' || named.kind === 'constant') return undefined;
  const declared = resolveTypeText(named.typeText, named.place, sources, [], 0);
  if (!declared) return undefined;
  let type: ResolvedType | undefined = declared;
  for (const selector of selectors) {
    type = 'field' in selector ? fieldType(type, selector.field, sources, 1) : elementType(type, sources, 1);
    if (!type) return undefined;
  }
  const indexes = selectors.flatMap((selector) => ('index' in selector ? [selector.index] : []));
  return { where: named.where, mode: named.mode, declared, type, pkg: named.pkg, indexes };
}
