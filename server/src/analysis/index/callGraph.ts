/**
 * The workspace call graph: for every subprogram with a body (package members, standalone procedures and
 * functions, nested subprograms), what it does itself (runs SQL, commits, is AUTONOMOUS_TRANSACTION, raises,
 * handles exceptions) and whom it calls; and, for every function called from a SQL statement, where.
 *
 * Built per file from the parse the index already has (one more walk of the model, with calls resolved against
 * that file only); calls into other files are resolved when asked, against the whole index, so files can be
 * indexed in any order. Transitive questions ("does this run SQL through other calls?") are answered by a
 * breadth-first search with a visited set: recursion and mutual recursion end, and the chain found is the
 * shortest.
 */
import { movedFrom } from '../../syntax/model/rebase.ts';
import { createHash } from 'node:crypto';
import type { SourceRange } from '../../syntax/finding.ts';
import type { CallNode, SqlKind, SqlStatementNode, SubprogramNode, UnitNode } from '../../syntax/model/nodes.ts';
import type { ParsedScript } from '../../syntax/parseScript.ts';
import { resolveCall, type DefinitionLookup } from '../semantic/resolveCall.ts';
import { Scope } from '../semantic/scope.ts';
import { walkUnits, type ModelVisitor, type Position } from '../semantic/walk.ts';
import type { IndexedDefinition } from './workspaceIndex.ts';
import { ranksOf, withFileEntries, wordsOf } from './fileOrder.ts';

/** A call as the graph keeps it: enough to resolve it again against the whole workspace. */
interface CallSite {
  parts: string[];
  name: string;
  range: SourceRange;
  /** The package whose code holds the call (unqualified names may be its members). */
  packageName?: string;
  /** A nested or same-unit subprogram resolved in the file itself: the callee's id. */
  localTarget?: string;
  /** Inside an IF/CASE or an exception handler of its subprogram: runs on some paths only. */
  conditional: boolean;
  /** Inside an exception handler: runs when something failed (error logging), not in normal flow. */
  inHandler: boolean;
}

export interface SqlSite {
  /** SELECT, UPDATE, EXECUTE IMMEDIATE, ... as a message prints it. */
  what: string;
  range: SourceRange;
}

export interface SubprogramFacts {
  /** `FILE#line:column` of the subprogram's name: unique in the workspace. */
  id: string;
  /** Name in messages: `GET_RATE`, `PKG_RATES.GET_RATE`. */
  displayName: string;
  /** The name the index resolves calls to: `GET_RATE` (standalone), `PKG.GET_RATE` (member); absent for nested ones. */
  indexName?: string;
  kind: 'procedure' | 'function' | 'constructor';
  file: string;
  nameRange: SourceRange;
  properties: string[];
  /** PRAGMA UDF present. */
  udf: boolean;
  autonomous: boolean;
  /** The first SQL statement it runs itself (not a COMMIT). */
  sql?: SqlSite;
  /** The first SQL statement it runs on every call (not inside an IF/CASE or exception handler). */
  sqlAlways?: SqlSite;
  /** The first COMMIT it runs itself. */
  commit?: SourceRange;
  raises: boolean;
  handles: boolean;
  calls: CallSite[];
}

/** A SQL statement calling a workspace function: the function runs once per row the statement processes. */
export interface SqlCallSite {
  file: string;
  range: SourceRange;
  /** The line of the SQL statement. */
  sqlLine: number;
  /** "the query", "the UPDATE": how messages name the statement. */
  sqlWhat: string;
  /** The statement processes many rows (it reads a table), not one (FROM DUAL, INSERT ... VALUES). */
  perRow: boolean;
  call: CallSite;
}

/** One step of a chain: the subprogram reached and the call that reached it. */
export interface ChainStep {
  facts: SubprogramFacts;
  /** The call site in the previous step's subprogram (absent for the first step). */
  via?: SourceRange;
}

/**
 * `sql`: runs SQL on some path; `sql-always`: on every call, through calls made on every call; `autonomous`: reaches
 * an AUTONOMOUS_TRANSACTION subprogram on some path; `autonomous-always`: through calls made on every call.
 */
export type Fact = 'sql' | 'sql-always' | 'commit' | 'autonomous' | 'autonomous-always';

/** One file's part of the graph: plain data, so a worker thread can build it and the cache can keep it. */
export interface FileGraph {
  subprograms: SubprogramFacts[];
  sqlCalls: SqlCallSite[];
}

const NOT_CALLS = new Set(['collection-element', 'variable-member', 'cursor', 'type', 'oracle-supplied']);
const NOT_QUERIES = new Set<SqlKind>(['commit', 'rollback', 'savepoint', 'set']);

/** `PKG.GET_RATE` -> `GET_RATE`, upper case. */
function lastPart(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1).toUpperCase();
}

function idOf(file: string, range: SourceRange): string {
  return `${file}#${range.line}:${range.column}`;
}

function slim(call: CallNode, packageName: string | undefined, conditional: boolean): CallSite {
  return { parts: call.parts, name: call.name, range: call.nameRange, packageName, conditional, inHandler: false };
}

function inside(inner: SourceRange, outer: SourceRange): boolean {
  const startsAfter = inner.line > outer.line || (inner.line === outer.line && inner.column >= outer.column);
  const endsBefore = inner.endLine < outer.endLine || (inner.endLine === outer.endLine && inner.endColumn <= outer.endColumn);
  return startsAfter && endsBefore;
}

function hasPragma(sub: SubprogramNode, name: string): boolean {
  const inDeclarations = sub.declarations.some((d) => d.declarationKind === 'pragma' && d.name === name);
  return inDeclarations || (sub.body?.declarations.some((d) => d.declarationKind === 'pragma' && d.name === name) ?? false);
}

/** A statement that runs its functions once per row of a table, not once (FROM DUAL; INSERT ... VALUES: oncePerStatement). */
export function processesManyRows(sql: SqlStatementNode): boolean {
  const onlyDual = sql.tables.length === 0 || sql.tables.every((t) => t === 'DUAL' || t === 'SYS.DUAL');
  return !onlyDual; // an INSERT's one table (`tables` mixes target and sources) may be read too: INSERT INTO t SELECT f(c) FROM t
}

/**
 * What a unit's own subprogram gave the graph, kept with the subprogram's node: a parse that reuses the node (the
 * parser's unit cache gives an unchanged package item at the same place the same objects) reuses the facts,
 * when what the subprogram's calls resolve against is the same too (`shape`: the file, its units' names and
 * members, the unit's declarations and subprograms' names; `places`: where the unit's subprograms' names are).
 * When only places changed (a line break typed above the item or above a sibling it calls: the node moved with
 * the edit, or its callees did), the kept facts are copied with their places moved (`movedPart`).
 */
interface ItemPart {
  shape: string;
  places: string[];
  /** The subprogram's range when the facts were made. */
  range: SourceRange;
  subprograms: SubprogramFacts[];
  sqlCalls: SqlCallSite[];
}
const itemParts = new WeakMap<SubprogramNode, ItemPart>();

/** Facts copied to a new place by `movedPart`, with the facts they were copied from (kept items compare them so). */
export const factsMovedFrom = new WeakMap<SubprogramFacts, SubprogramFacts>();

/** Everything a subprogram's facts depend on outside its own node but places, as a string. */
function unitShape(file: string, names: string, unit: UnitNode): string {
  const declarations = unit.declarations.map((d) => `${d.declarationKind} ${d.name}`).join(',');
  const subprograms = unit.subprograms.map((s) => s.name).join(',');
  return `${file}\u0000${names}\u0000${unit.unitKind} ${unit.name ?? ''} ${unit.subprogram === undefined}\u0000${declarations}\u0000${subprograms}`;
}

/** Where the unit's subprograms' names are (a call resolved to one keeps its place as `localTarget`). */
function unitPlaces(unit: UnitNode): string[] {
  return unit.subprograms.map((s) => `${s.nameRange.line}:${s.nameRange.column}`);
}

/**
 * Whether a subprogram's kept part, at the same place, calls only siblings that are where they were: `movedPart`
 * would copy it unchanged, so it is kept as it is (the same facts objects: the editor's kept items compare graph
 * answers by identity first). A line break typed in one item moves the siblings below it, not the ones its
 * neighbours above call.
 */
function siblingsInPlace(file: string, part: ItemPart, places: string[]): boolean {
  const prefix = `${file}#`;
  const was = placeIndexOf(part.places);
  const own = (id: string): boolean => {
    const place = /^(\d+):(\d+)$/.exec(id.slice(prefix.length));
    if (!id.startsWith(prefix) || !place) return false;
    const line = Number(place[1]);
    return line >= part.range.line && line <= part.range.endLine;
  };
  const inPlace = (site: CallSite): boolean => {
    if (site.localTarget === undefined) return true;
    const index = site.localTarget.startsWith(prefix) ? was.get(site.localTarget.slice(prefix.length)) : undefined;
    return index === undefined ? own(site.localTarget) : places[index] === part.places[index];
  };
  return part.subprograms.every((facts) => own(facts.id) && facts.calls.every(inPlace)) && part.sqlCalls.every((call) => inPlace(call.call));
}

/**
 * The kept facts of a subprogram at its new place: its own places moved by the lines it moved (its text is the
 * same: the parser's moved copy, or the same node), a call to a sibling pointed at the sibling's place now.
 * Undefined when a call points elsewhere (it is then walked again).
 */
function movedPart(file: string, part: ItemPart, sub: SubprogramNode, places: string[]): ItemPart | undefined {
  const delta = sub.range.line - part.range.line;
  if (sub.range.column !== part.range.column || sub.range.endLine - sub.range.line !== part.range.endLine - part.range.line) return undefined;
  const prefix = `${file}#`;
  const was = placeIndexOf(part.places);
  const sibling = (id: string): string | undefined => {
    const index = id.startsWith(prefix) ? was.get(id.slice(prefix.length)) : undefined;
    return index === undefined ? undefined : `${prefix}${places[index]}`;
  };
  const shift = (range: SourceRange): SourceRange => (delta === 0 ? range : { line: range.line + delta, column: range.column, endLine: range.endLine + delta, endColumn: range.endColumn });
  const ownId = (id: string): string | undefined => {
    const place = /^(\d+):(\d+)$/.exec(id.slice(prefix.length));
    if (!id.startsWith(prefix) || !place) return undefined;
    const line = Number(place[1]);
    if (line < part.range.line || line > part.range.endLine) return undefined;
    return `${prefix}${line + delta}:${place[2]}`;
  };
  const sites = new Map<CallSite, CallSite>();
  const targets = new Map<string, string | undefined>();
  let lost = false;
  const site = (from: CallSite): CallSite => {
    let copy = sites.get(from);
    if (copy) return copy;
    copy = { ...from, range: shift(from.range) };
    if (from.localTarget !== undefined) {
      // a nested subprogram of this one moved with it; a sibling is where it is now (each callee's place once)
      let target = targets.get(from.localTarget);
      if (target === undefined && !targets.has(from.localTarget)) targets.set(from.localTarget, (target = sibling(from.localTarget) ?? ownId(from.localTarget)));
      if (target === undefined) lost = true;
      else copy.localTarget = target;
    }
    sites.set(from, copy);
    return copy;
  };
  const subprograms = part.subprograms.map((facts) => {
    const id = ownId(facts.id);
    if (id === undefined) lost = true;
    const moved: SubprogramFacts = { ...facts, id: id ?? facts.id, nameRange: shift(facts.nameRange), calls: facts.calls.map(site) };
    if (facts.sql) moved.sql = { ...facts.sql, range: shift(facts.sql.range) };
    if (facts.sqlAlways) moved.sqlAlways = { ...facts.sqlAlways, range: shift(facts.sqlAlways.range) };
    if (facts.commit) moved.commit = shift(facts.commit);
    factsMovedFrom.set(moved, facts);
    return moved;
  });
  const sqlCalls = part.sqlCalls.map((call) => ({ ...call, range: shift(call.range), sqlLine: call.sqlLine + delta, call: site(call.call) }));
  if (lost) return undefined;
  return { shape: part.shape, places, range: sub.range, subprograms, sqlCalls };
}

/** The number of each place in a unit's list of its subprograms' places (the lists are shared by a unit's items: made once). */
const placeIndexes = new WeakMap<readonly string[], Map<string, number>>();
function placeIndexOf(places: readonly string[]): Map<string, number> {
  let index = placeIndexes.get(places);
  if (!index) placeIndexes.set(places, (index = new Map(places.map((p, i) => [p, i]))));
  return index;
}

/** Builds one file's part of the graph from its model. */
export function graphOfScript(file: string, script: ParsedScript): FileGraph {
  const subprograms: SubprogramFacts[] = [];
  const sqlCalls: SqlCallSite[] = [];
  const byNode = new Map<SubprogramNode, SubprogramFacts>();
  // the file's own definitions: enough to tell locals, collections and same-package members apart
  const own = new Map<string, IndexedDefinition[]>();
  const lookup: DefinitionLookup = (name) => own.get(name) ?? [];
  const unitName = (unit: UnitNode) => (unit.name ? unit.name.slice(unit.name.lastIndexOf('.') + 1) : '');
  for (const parsed of script.units) {
    for (const unit of parsed.views[0] ?? []) {
      const name = unitName(unit);
      if (!name) continue;
      const add = (key: string, kind: IndexedDefinition['kind'], container?: string) => {
        const definition: IndexedDefinition = { name: key, kind, file, range: unit.range, nameRange: unit.nameRange ?? unit.range, container };
        const list = own.get(key);
        if (list) list.push(definition);
        else own.set(key, [definition]);
      };
      if (unit.unitKind === 'procedure' || unit.unitKind === 'function') add(name, unit.unitKind);
      if (unit.unitKind === 'package' || unit.unitKind === 'package-body') {
        add(name, unit.unitKind);
        for (const sub of unit.subprograms) add(`${name}.${sub.name}`, 'package-member', name);
      }
    }
  }

  const factsOf = (sub: SubprogramNode, unit: UnitNode, nested: boolean): SubprogramFacts => {
    let facts = byNode.get(sub);
    if (facts) return facts;
    const packageName = unit.unitKind === 'package-body' ? unitName(unit) : undefined;
    const standalone = unit.subprogram === sub;
    const indexName = nested ? undefined : standalone ? unitName(unit) : packageName ? `${packageName}.${sub.name}` : undefined;
    facts = {
      id: idOf(file, sub.nameRange),
      displayName: packageName && !nested ? `${packageName}.${sub.name}` : sub.name,
      indexName,
      kind: sub.subprogramKind,
      file,
      nameRange: sub.nameRange,
      properties: sub.properties,
      udf: hasPragma(sub, 'UDF'),
      autonomous: hasPragma(sub, 'AUTONOMOUS_TRANSACTION'),
      raises: false,
      handles: (sub.body?.exceptionHandlers.length ?? 0) > 0,
      calls: [],
    };
    byNode.set(sub, facts);
    subprograms.push(facts);
    return facts;
  };
  // nested subprograms are the ones declared inside another subprogram's declarations
  const nestedSubs = new Set<SubprogramNode>();
  const markNested = (subs: readonly SubprogramNode[]) => {
    for (const sub of subs) {
      for (const inner of sub.subprograms) nestedSubs.add(inner);
      for (const inner of sub.body?.subprograms ?? []) nestedSubs.add(inner);
      markNested(sub.subprograms);
    }
  };

  // IF and CASE statements per subprogram: code inside them runs on some paths only (a cache refill, a callback)
  const branches = new Map<SubprogramNode, SourceRange[]>();
  const conditional = (position: Position, range: SourceRange): boolean => {
    if (position.handler || position.conditions.length > 0) return true;
    const list = position.subprogram ? branches.get(position.subprogram) : undefined;
    return list !== undefined && list.some((r) => inside(range, r));
  };

  const visitor: ModelVisitor = {
    unit(unit) {
      markNested(unit.subprograms);
      if (unit.subprogram) markNested([unit.subprogram]);
    },
    statement(statement, position) {
      if (!position.subprogram) return;
      const facts = factsOf(position.subprogram, position.unit, nestedSubs.has(position.subprogram));
      if (statement.statementKind === 'if' || statement.statementKind === 'case') {
        const list = branches.get(position.subprogram);
        if (list) list.push(statement.range);
        else branches.set(position.subprogram, [statement.range]);
      }
      if (statement.statementKind === 'raise') facts.raises = true;
      else if (statement.statementKind === 'call' && /RAISE_APPLICATION_ERROR$/.test(statement.target ?? '')) facts.raises = true;
      else if (statement.statementKind === 'execute-immediate') {
        const site = { what: 'EXECUTE IMMEDIATE', range: statement.range };
        facts.sql ??= site;
        if (!conditional(position, statement.range)) facts.sqlAlways ??= site;
      }
    },
    block(block, position) {
      if (!position.subprogram || block.exceptionHandlers.length === 0) return;
      factsOf(position.subprogram, position.unit, nestedSubs.has(position.subprogram)).handles = true;
    },
    sql(sql, position) {
      // a cursor declaration runs nothing until it is opened; a statement or a cursor FOR loop's query runs
      if (!position.subprogram || !position.statement) return;
      const facts = factsOf(position.subprogram, position.unit, nestedSubs.has(position.subprogram));
      if (sql.sqlKind === 'commit') facts.commit ??= sql.range;
      else if (!NOT_QUERIES.has(sql.sqlKind)) {
        const site = { what: sql.sqlKind.toUpperCase(), range: sql.range };
        facts.sql ??= site;
        if (!conditional(position, sql.range)) facts.sqlAlways ??= site;
      }
    },
    call({ call, resolution, position, sql }) {
      // in an object type, a bare name the file does not define reads as an attribute or method of SELF here; a
      // qualified name with a supplied package's prefix (USER_MGMT.F, UTL_LOG.F) as Oracle's: the workspace may define
      // either (another file), so both are kept and resolved when asked, as the analysis resolves them
      const maybeWorkspace = (resolution.kind === 'variable-member' && !resolution.symbol && call.parts.length === 1 && position.scope.enclosingObjectType !== undefined) || (resolution.kind === 'oracle-supplied' && call.parts.length > 1);
      if (NOT_CALLS.has(resolution.kind) && !maybeWorkspace) return;
      const packageName = position.scope.enclosingPackage;
      const site = slim(call, packageName, conditional(position, call.range));
      site.inHandler = position.handler !== undefined;
      const target = resolution.symbol?.subprogram;
      if (target && (resolution.kind === 'local' || resolution.kind === 'same-package')) site.localTarget = idOf(file, target.nameRange);
      if (sql) {
        sqlCalls.push({ file, range: call.nameRange, sqlLine: sql.range.line, sqlWhat: sql.sqlKind === 'select' ? 'the query' : `the ${sql.sqlKind.toUpperCase()}`, perRow: processesManyRows(sql) && !call.oncePerStatement, call: site });
      }
      if (!position.subprogram) return;
      factsOf(position.subprogram, position.unit, nestedSubs.has(position.subprogram)).calls.push(site);
    },
  };
  const units = script.units.flatMap((parsed) => (parsed.views[0] ?? []) as UnitNode[]);
  // The file's unit names and members are part of every item's context: digested once per file, since a copy per
  // unit grows with the square of the units (16,000 procedures in one file: gigabytes).
  let names: string | undefined;
  const namesDigest = () => (names ??= createHash('sha256')
    .update(units.map((u) => `${u.unitKind} ${u.name ?? ''} ${u.subprograms.map((s) => s.name).join(',')}`).join(';'))
    .digest('base64'));
  const contexts = new Map<UnitNode, { shape: string; places: string[] }>();
  const aroundSubprogram = (sub: SubprogramNode, unit: UnitNode, walk: () => void) => {
    let context = contexts.get(unit);
    if (context === undefined) contexts.set(unit, (context = { shape: unitShape(file, namesDigest(), unit), places: unitPlaces(unit) }));
    const kept = keptPart(sub, context.shape, context.places);
    if (kept) {
      if (itemParts.get(sub) !== kept) itemParts.set(sub, kept);
      subprograms.push(...kept.subprograms);
      sqlCalls.push(...kept.sqlCalls);
      return;
    }
    const firstFacts = subprograms.length;
    const firstSite = sqlCalls.length;
    walk();
    itemParts.set(sub, { shape: context.shape, places: context.places, range: sub.range, subprograms: subprograms.slice(firstFacts), sqlCalls: sqlCalls.slice(firstSite) });
  };
  // the items of a unit share their places' list: compared once per list (not once per item: items times siblings)
  const comparedPlaces = new Map<string[], boolean>();
  const samePlaces = (was: string[], now: string[]): boolean => {
    let same = comparedPlaces.get(was);
    if (same === undefined) comparedPlaces.set(was, (same = was.length === now.length && was.every((p, i) => p === now[i])));
    return same;
  };
  /** The kept part of a subprogram (the same node, or the node the parser moved it from), at its place now. */
  const keptPart = (sub: SubprogramNode, shape: string, places: string[]): ItemPart | undefined => {
    let part = itemParts.get(sub);
    for (let at: object = sub, step = 0; !part && step < 8; step++) {
      const origin = movedFrom.get(at);
      if (!origin) return undefined;
      at = origin.from;
      part = itemParts.get(at as SubprogramNode);
    }
    if (!part || part.shape !== shape) return undefined;
    if (part.range === sub.range && (samePlaces(part.places, places) || siblingsInPlace(file, part, places))) return part;
    return movedPart(file, part, sub, places);
  };
  for (const parsed of script.units) {
    if (parsed.wrapped) continue;
    walkUnits((parsed.views[0] ?? []) as UnitNode[], { lookup, textOf: () => '', visitors: [visitor], aroundSubprogram });
  }
  // subprograms whose body holds no statement the visitor saw still belong to the graph (empty stubs)
  return { subprograms, sqlCalls };
}

/**
 * What an answer depended on: the files of the subprograms it reached and the words of the calls it resolved
 * (each once; arrays, not sets: the graph keeps an answer per asked subprogram and fact).
 */
interface Footprint {
  files: readonly string[];
  words: readonly string[];
}

interface ChainAnswer extends Footprint {
  chain: ChainStep[] | null;
}

interface CallersAnswer extends Footprint {
  /** The called name (last part, upper case) of the SQL call sites that were resolved. */
  name: string;
  sites: SqlCallSite[];
}

/**
 * One file's part replaced by a newer parse: what an overlay answers from, and what the workspace's graph
 * adopts when the editor re-indexes the file with that parse.
 */
interface GraphEdit {
  file: string;
  script: ParsedScript;
  part: FileGraph;
  previous: FileGraph | undefined;
  /** The new part's subprograms by id. */
  ids: Map<string, SubprogramFacts>;
  /**
   * The words of every name the file defines or defined: a call none of whose words is here resolves as it did
   * (its lookups and the subprograms under the names it finds are the same).
   */
  touched: Set<string>;
  /** Index names of the file's subprograms, old and new: the only subprogram lists by name that differ. */
  indexNames: Set<string>;
  /** Called names (last part, upper case) of the file's SQL call sites, old and new. */
  sqlNames: Set<string>;
  /** The base's version the edit applies to. */
  version: number;
}

function dirty(answer: Footprint, edit: GraphEdit): boolean {
  if (answer.files.includes(edit.file)) return true;
  for (const word of answer.words) if (edit.touched.has(word)) return true;
  return false;
}

/** The words of the names the editor's overlays ask on every keystroke (the same names each time): split once. */
const wordsOfName = new Map<string, readonly string[]>();

function addWords(into: Set<string>, name: string): void {
  let words = wordsOfName.get(name);
  if (!words) {
    // bounded: names typed and gone do not pile up
    if (wordsOfName.size >= 50_000) wordsOfName.clear();
    wordsOfName.set(name, (words = wordsOf(name)));
  }
  for (const word of words) into.add(word);
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export class CallGraph {
  private readonly files = new Map<string, FileGraph>();
  /** The parse each file's part was built from: a caller with a newer parse of a file asks for an overlay. */
  private readonly sources = new Map<string, ParsedScript>();
  private byId: Map<string, SubprogramFacts> | undefined;
  private byName: Map<string, SubprogramFacts[]> | undefined;
  /** The SQL call sites of the workspace by the last part of the called name (upper case). */
  private sqlCallsByName: Map<string, SqlCallSite[]> | undefined;
  /** Chain answers by fact and start, with what each depended on: an edit drops only the ones it touches. */
  private readonly answers = new Map<string, ChainAnswer>();
  /** Each function's SQL call sites, as asked, with what the answer depended on. */
  private readonly callers = new Map<string, CallersAnswer>();
  /** Positions of the files in `files` (the order a full rebuild lists a name's subprograms in). */
  private ranks: Map<string, number> | undefined;
  /** Counts changes: an overlay (and its answers) applies to the version it was made from only. */
  private version = 0;
  /** The last overlay made: the editor re-indexes the document with the parse it analysed, and this is adopted. */
  private pending: CallGraph | undefined;
  /** Set on an overlay: the workspace's graph it reads through, and the file it replaces. */
  private base: CallGraph | undefined;
  private edit: GraphEdit | undefined;
  /** An overlay's merged lists, per name it replaces. */
  private readonly mergedNames = new Map<string, SubprogramFacts[]>();
  private readonly mergedSqlNames = new Map<string, SqlCallSite[]>();
  private buildMs = 0;

  /**
   * @param definitions the workspace's definitions by normalised name (the index's lookup)
   * @param definitionsIn the definitions the index holds for one file (an edit's names that may resolve differently)
   */
  constructor(
    private readonly definitions: DefinitionLookup,
    private readonly definitionsIn: (file: string) => readonly IndexedDefinition[] = () => [],
  ) {}

  /**
   * (Re)builds one file's part. With the file's definitions (as the index now holds them, and before), only the
   * answers that pass through the file or resolve a name it defines are dropped; the rest stay for later analyses.
   * The part an overlay of this same parse built is adopted rather than built again.
   */
  updateFile(file: string, script: ParsedScript, definitions?: { current: readonly IndexedDefinition[]; previous: readonly IndexedDefinition[] }): void {
    const started = performance.now();
    const pending = this.pending;
    if (pending?.edit?.file === file && pending.edit.script === script && pending.edit.version === this.version) this.adopt(pending);
    else if (definitions) this.adopt(this.makeOverlay(file, script, definitions.current, definitions.previous));
    else {
      if (!this.files.has(file)) this.ranks = undefined;
      this.files.set(file, graphOfScript(file, script));
      this.sources.set(file, script);
      this.invalidate();
    }
    this.buildMs += performance.now() - started;
  }

  /** One file's part, built elsewhere (a worker thread, or a cache of an earlier run). */
  setFileGraph(file: string, graph: FileGraph): void {
    if (!this.files.has(file)) this.ranks = undefined;
    this.sources.delete(file);
    this.files.set(file, graph);
    this.invalidate();
  }

  removeFile(file: string): void {
    this.sources.delete(file);
    this.files.delete(file);
    this.ranks = undefined;
    // (also when the graph had no part for it: the file's definitions, which calls resolve against, changed)
    this.invalidate();
  }

  /**
   * Takes a parse as the source of a file's part that was built elsewhere from the same text (a check worker's
   * first pass), so an analysis of that parse uses this graph instead of an overlay; `release` lets go of it.
   */
  adoptSource(file: string, script: ParsedScript): void {
    if (this.files.has(file)) this.sources.set(file, script);
  }

  releaseSource(file: string): void {
    this.sources.delete(file);
  }

  /** Whether this file's part was built from exactly this parse. */
  isCurrent(file: string, script: ParsedScript): boolean {
    if (this.edit?.file === file) return this.edit.script === script;
    return this.base ? this.base.isCurrent(file, script) : this.sources.get(file) === script;
  }

  /**
   * The graph with one file replaced by a newer parse (the editor analyses a document before it re-indexes it),
   * given the definitions the document has now. It reads through to this graph: the other files' parts, tables
   * and answers are this graph's, and only what the file's change can reach is built again (answers whose search
   * passed through the file or resolved a name it defines, the lists of those names). Valid until this graph
   * changes; the last one made is adopted when the index re-indexes the file from the same parse.
   */
  overlay(file: string, script: ParsedScript, definitions: readonly IndexedDefinition[]): CallGraph {
    if (this.base) return this.base.overlay(file, script, definitions);
    const pending = this.pending;
    if (pending?.edit?.file === file && pending.edit.script === script && pending.edit.version === this.version) return pending;
    const started = performance.now();
    this.pending = this.makeOverlay(file, script, definitions, this.definitionsIn(file));
    this.buildMs += performance.now() - started;
    return this.pending;
  }

  /** The subprograms of one file, as the graph knows them. */
  subprogramsOf(file: string): readonly SubprogramFacts[] {
    if (this.edit?.file === file) return this.edit.part.subprograms;
    if (this.base) return this.base.subprogramsOf(file);
    return this.files.get(file)?.subprograms ?? [];
  }

  /** Milliseconds spent building the graph and answering questions on it. */
  get ms(): number {
    return Math.round(this.buildMs * 10) / 10;
  }

  get size(): number {
    if (this.base && this.edit) {
      return this.base.size - (this.edit.previous?.subprograms.length ?? 0) + this.edit.part.subprograms.length;
    }
    this.tables();
    return this.byId!.size;
  }

  /** The subprogram whose name is at this place (its definition's name range). */
  factsAt(file: string, nameRange: SourceRange): SubprogramFacts | undefined {
    return this.factsById(idOf(file, nameRange));
  }

  /** The bodies a definition from the index stands for (overloads give several). */
  factsOfDefinition(definition: IndexedDefinition): SubprogramFacts[] {
    const exact = this.factsById(idOf(definition.file, definition.nameRange));
    if (exact) return [exact];
    return [...this.factsNamed(definition.name)];
  }

  /**
   * The shortest chain from a subprogram to one that has the fact itself (`sql`: runs a SQL statement;
   * `commit`; `autonomous`), the subprogram first; undefined when no chain exists in the workspace.
   */
  chainTo(start: SubprogramFacts, fact: Fact): ChainStep[] | undefined {
    const key = `${fact}\u0000${start.id}`;
    const known = this.answers.get(key);
    if (known) return known.chain ?? undefined;
    const edit = this.edit;
    const inherited = edit && start.file !== edit.file ? this.base!.answers.get(key) : undefined;
    if (inherited && !dirty(inherited, edit!)) return inherited.chain ?? undefined;
    const started = performance.now();
    const answer = this.search(start, fact);
    this.answers.set(key, answer);
    // an answer the edit cannot reach is the workspace graph's answer too: later overlays reuse it
    if (edit && !dirty(answer, edit)) this.base!.answers.set(key, answer);
    this.buildMs += performance.now() - started;
    return answer.chain ?? undefined;
  }

  /**
   * SQL statements that call this function (in any file), so its body runs once per row they process. Only the
   * call sites named like the function are resolved (a call named otherwise cannot reach it), each function's
   * answer once: the editor asks this of every function it analyses, against an overlay of the whole workspace.
   */
  sqlCallersOf(facts: SubprogramFacts): readonly SqlCallSite[] {
    const known = this.callers.get(facts.id);
    if (known) return known.sites;
    const edit = this.edit;
    const name = lastPart(facts.displayName);
    const inherited = edit && facts.file !== edit.file && !edit.sqlNames.has(name) ? this.base!.callers.get(facts.id) : undefined;
    if (inherited && !dirty(inherited, edit!)) return inherited.sites;
    const started = performance.now();
    const words = new Set<string>();
    const files = new Set([facts.file]);
    const sites = this.sqlSitesNamed(name).filter((site) => {
      for (const part of site.call.parts) addWords(words, part);
      files.add(site.file);
      return this.callees(site.call).some((target) => target.id === facts.id);
    });
    const answer: CallersAnswer = { name, sites, files: [...files], words: [...words] };
    this.callers.set(facts.id, answer);
    if (edit && !edit.sqlNames.has(name) && !dirty(answer, edit)) this.base!.callers.set(facts.id, answer);
    this.buildMs += performance.now() - started;
    return sites;
  }

  /** The workspace subprograms a call site may reach (several for overloads). */
  callees(site: CallSite): readonly SubprogramFacts[] {
    if (site.localTarget) {
      const local = this.factsById(site.localTarget);
      if (local) return [local];
    }
    const scope = new Scope(undefined, site.packageName ? 'package' : 'unit', site.packageName);
    const resolution = resolveCall(site as unknown as CallNode, scope, this.definitions);
    const definition = resolution.definition;
    if (!definition || (resolution.kind !== 'standalone' && resolution.kind !== 'same-package' && resolution.kind !== 'other-package')) return [];
    if (definition.kind === 'package' || definition.kind === 'package-body') return [];
    return this.factsNamed(definition.name);
  }

  private factsById(id: string): SubprogramFacts | undefined {
    const edit = this.edit;
    if (edit) {
      const mine = edit.ids.get(id);
      if (mine) return mine;
      const theirs = this.base!.factsById(id);
      return theirs?.file === edit.file ? undefined : theirs;
    }
    this.tables();
    return this.byId!.get(id);
  }

  private factsNamed(name: string): readonly SubprogramFacts[] {
    const edit = this.edit;
    if (edit) {
      if (!edit.indexNames.has(name)) return this.base!.factsNamed(name);
      let merged = this.mergedNames.get(name);
      if (!merged) {
        const fresh = edit.part.subprograms.filter((f) => f.indexName === name);
        merged = withFileEntries(this.base!.factsNamed(name), edit.file, fresh, (f) => f.file, (f) => this.base!.rankOf(f));
        this.mergedNames.set(name, merged);
      }
      return merged;
    }
    this.tables();
    return this.byName!.get(name) ?? [];
  }

  private sqlSitesNamed(name: string): readonly SqlCallSite[] {
    const edit = this.edit;
    if (edit) {
      if (!edit.sqlNames.has(name)) return this.base!.sqlSitesNamed(name);
      let merged = this.mergedSqlNames.get(name);
      if (!merged) {
        const fresh = edit.part.sqlCalls.filter((site) => lastPart(site.call.name) === name);
        merged = withFileEntries(this.base!.sqlSitesNamed(name), edit.file, fresh, (s) => s.file, (f) => this.base!.rankOf(f));
        this.mergedSqlNames.set(name, merged);
      }
      return merged;
    }
    if (!this.sqlCallsByName) {
      this.sqlCallsByName = new Map();
      for (const graph of this.files.values()) for (const site of graph.sqlCalls) pushTo(this.sqlCallsByName, lastPart(site.call.name), site);
    }
    return this.sqlCallsByName.get(name) ?? [];
  }

  private rankOf(file: string): number {
    this.ranks ??= ranksOf(this.files.keys());
    return this.ranks.get(file) ?? Infinity;
  }

  private makeOverlay(file: string, script: ParsedScript, current: readonly IndexedDefinition[], previous: readonly IndexedDefinition[]): CallGraph {
    const part = graphOfScript(file, script);
    const old = this.files.get(file);
    const touched = new Set<string>();
    const indexNames = new Set<string>();
    const sqlNames = new Set<string>();
    const currentByName = new Map<string, IndexedDefinition[]>();
    const definedNames = new Set<string>();
    for (const definition of current) {
      pushTo(currentByName, definition.name, definition);
      definedNames.add(definition.name);
    }
    for (const definition of previous) definedNames.add(definition.name);
    for (const name of definedNames) addWords(touched, name);
    for (const graph of [old, part]) {
      for (const facts of graph?.subprograms ?? []) {
        if (!facts.indexName) continue;
        indexNames.add(facts.indexName);
        addWords(touched, facts.indexName);
      }
      for (const site of graph?.sqlCalls ?? []) sqlNames.add(lastPart(site.call.name));
    }
    const ids = new Map(part.subprograms.map((f) => [f.id, f]));
    // the definitions as the index will hold them once it re-indexes the file
    const merged = new Map<string, IndexedDefinition[]>();
    const definitions: DefinitionLookup = (name) => {
      if (!definedNames.has(name)) return this.definitions(name);
      let list = merged.get(name);
      if (!list) {
        list = withFileEntries(this.definitions(name), file, currentByName.get(name) ?? [], (d) => d.file, (f) => this.rankOf(f));
        merged.set(name, list);
      }
      return list;
    };
    const overlay = new CallGraph(definitions, this.definitionsIn);
    overlay.base = this;
    overlay.edit = { file, script, part, previous: old, ids, touched, indexNames, sqlNames, version: this.version };
    return overlay;
  }

  /**
   * Makes an overlay's state this graph's own: the file's part, the lists of the names it replaced, and its
   * answers (each valid for the new state); the answers the edit reaches are dropped.
   */
  private adopt(overlay: CallGraph): void {
    const edit = overlay.edit!;
    // the merged lists are computed from the state before the change
    const names = this.byName ? [...edit.indexNames].map((name): [string, SubprogramFacts[]] => [name, [...overlay.factsNamed(name)]]) : [];
    const sqlNames = this.sqlCallsByName ? [...edit.sqlNames].map((name): [string, SqlCallSite[]] => [name, [...overlay.sqlSitesNamed(name)]]) : [];
    if (!this.files.has(edit.file)) this.ranks = undefined;
    this.files.set(edit.file, edit.part);
    this.sources.set(edit.file, edit.script);
    this.version++;
    this.pending = undefined;
    if (this.byId) {
      for (const facts of edit.previous?.subprograms ?? []) if (this.byId.get(facts.id) === facts) this.byId.delete(facts.id);
      for (const [id, facts] of edit.ids) this.byId.set(id, facts);
    }
    if (this.byName) {
      for (const [name, list] of names) {
        if (list.length > 0) this.byName.set(name, list);
        else this.byName.delete(name);
      }
    }
    if (this.sqlCallsByName) {
      for (const [name, list] of sqlNames) {
        if (list.length > 0) this.sqlCallsByName.set(name, list);
        else this.sqlCallsByName.delete(name);
      }
    }
    for (const [key, answer] of this.answers) if (dirty(answer, edit)) this.answers.delete(key);
    for (const [id, answer] of this.callers) if (edit.sqlNames.has(answer.name) || dirty(answer, edit)) this.callers.delete(id);
    for (const [key, answer] of overlay.answers) this.answers.set(key, answer);
    for (const [id, answer] of overlay.callers) this.callers.set(id, answer);
  }

  private has(facts: SubprogramFacts, fact: Fact): boolean {
    switch (fact) {
      case 'sql': return facts.sql !== undefined;
      case 'sql-always': return facts.sqlAlways !== undefined;
      case 'commit': return facts.commit !== undefined;
      case 'autonomous':
      case 'autonomous-always': return facts.autonomous;
    }
  }

  /** Breadth-first from the start; the answer records every file it reached and every call word it resolved. */
  private search(start: SubprogramFacts, fact: Fact): ChainAnswer {
    const files = new Set([start.file]);
    const words = new Set<string>();
    const parent = new Map<string, { from: SubprogramFacts; via: SourceRange } | null>([[start.id, null]]);
    const queue: SubprogramFacts[] = [start];
    for (let head = 0; head < queue.length; head++) {
      const current = queue[head]!;
      if (this.has(current, fact)) {
        const chain: ChainStep[] = [];
        for (let facts: SubprogramFacts | undefined = current; facts !== undefined;) {
          const step = parent.get(facts.id);
          chain.unshift({ facts, via: step?.via });
          facts = step?.from;
        }
        return { chain, files: [...files], words: [...words] };
      }
      for (const site of current.calls) {
        if ((fact === 'sql-always' || fact === 'autonomous-always') && site.conditional) continue;
        // error handling reached from a handler is not what the call does in normal flow
        if (site.inHandler) continue;
        for (const part of site.parts) addWords(words, part);
        for (const callee of this.callees(site)) {
          if (parent.has(callee.id)) continue; // visited: recursion ends here
          files.add(callee.file);
          parent.set(callee.id, { from: current, via: site.range });
          queue.push(callee);
        }
      }
    }
    return { chain: null, files: [...files], words: [...words] };
  }

  private invalidate(): void {
    this.byId = undefined;
    this.byName = undefined;
    this.sqlCallsByName = undefined;
    this.answers.clear();
    this.callers.clear();
    this.version++;
    this.pending = undefined;
  }

  private tables(): void {
    if (this.byId) return;
    this.byId = new Map();
    this.byName = new Map();
    for (const graph of this.files.values()) {
      for (const facts of graph.subprograms) {
        this.byId.set(facts.id, facts);
        if (facts.indexName) pushTo(this.byName, facts.indexName, facts);
      }
    }
  }
}
