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
import type { SourceRange } from '../../syntax/finding.ts';
import type { CallNode, SqlKind, SqlStatementNode, SubprogramNode, UnitNode } from '../../syntax/model/nodes.ts';
import type { ParsedScript } from '../../syntax/parseScript.ts';
import { resolveCall, type DefinitionLookup } from '../semantic/resolveCall.ts';
import { Scope } from '../semantic/scope.ts';
import { walkUnits, type ModelVisitor, type Position } from '../semantic/walk.ts';
import type { IndexedDefinition } from './workspaceIndex.ts';

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

/** A statement that runs its functions once per row of a table, not once (FROM DUAL, INSERT ... VALUES). */
export function processesManyRows(sql: SqlStatementNode): boolean {
  const onlyDual = sql.tables.length === 0 || sql.tables.every((t) => t === 'DUAL' || t === 'SYS.DUAL');
  return !onlyDual && !(sql.sqlKind === 'insert' && sql.tables.length <= 1);
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
      if (NOT_CALLS.has(resolution.kind)) return;
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
  for (const parsed of script.units) {
    if (parsed.wrapped) continue;
    walkUnits((parsed.views[0] ?? []) as UnitNode[], { lookup, textOf: () => '', visitors: [visitor] });
  }
  // subprograms whose body holds no statement the visitor saw still belong to the graph (empty stubs)
  return { subprograms, sqlCalls };
}

export class CallGraph {
  private readonly files = new Map<string, FileGraph>();
  /** The parse each file's part was built from: a caller with a newer parse of a file asks for an overlay. */
  private readonly sources = new Map<string, ParsedScript>();
  private byId: Map<string, SubprogramFacts> | undefined;
  private byName: Map<string, SubprogramFacts[]> | undefined;
  /** Each function's SQL call sites, as asked. */
  private sqlCallers: Map<string, SqlCallSite[]> | undefined;
  /** The SQL call sites of the workspace by the last part of the called name (upper case). */
  private sqlCallsByName: Map<string, SqlCallSite[]> | undefined;
  private readonly answers = new Map<string, ChainStep[] | null>();
  private buildMs = 0;

  /** @param definitions the workspace's definitions by normalised name (the index's lookup) */
  constructor(private readonly definitions: DefinitionLookup) {}

  updateFile(file: string, script: ParsedScript): void {
    const started = performance.now();
    this.files.set(file, graphOfScript(file, script));
    this.sources.set(file, script);
    this.invalidate();
    this.buildMs += performance.now() - started;
  }

  /** One file's part, built elsewhere (a worker thread, or a cache of an earlier run). */
  setFileGraph(file: string, graph: FileGraph): void {
    this.sources.delete(file);
    this.files.set(file, graph);
    this.invalidate();
  }

  removeFile(file: string): void {
    this.sources.delete(file);
    if (this.files.delete(file)) this.invalidate();
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
    return this.sources.get(file) === script;
  }

  /**
   * The graph with one file replaced by a newer parse (the editor analyses a document before it re-indexes it):
   * the other files' parts are shared, not rebuilt.
   */
  overlay(file: string, script: ParsedScript): CallGraph {
    const graph = new CallGraph(this.definitions);
    for (const [name, part] of this.files) if (name !== file) graph.files.set(name, part);
    for (const [name, source] of this.sources) if (name !== file) graph.sources.set(name, source);
    graph.updateFile(file, script);
    return graph;
  }

  /** The subprograms of one file, as the graph knows them. */
  subprogramsOf(file: string): readonly SubprogramFacts[] {
    return this.files.get(file)?.subprograms ?? [];
  }

  /** Milliseconds spent building the graph and answering questions on it. */
  get ms(): number {
    return Math.round(this.buildMs * 10) / 10;
  }

  get size(): number {
    this.tables();
    return this.byId!.size;
  }

  /** The subprogram whose name is at this place (its definition's name range). */
  factsAt(file: string, nameRange: SourceRange): SubprogramFacts | undefined {
    this.tables();
    return this.byId!.get(idOf(file, nameRange));
  }

  /** The bodies a definition from the index stands for (overloads give several). */
  factsOfDefinition(definition: IndexedDefinition): SubprogramFacts[] {
    this.tables();
    const exact = this.byId!.get(idOf(definition.file, definition.nameRange));
    if (exact) return [exact];
    return this.byName!.get(definition.name) ?? [];
  }

  /**
   * The shortest chain from a subprogram to one that has the fact itself (`sql`: runs a SQL statement;
   * `commit`; `autonomous`), the subprogram first; undefined when no chain exists in the workspace.
   */
  chainTo(start: SubprogramFacts, fact: Fact): ChainStep[] | undefined {
    const key = `${fact}\u0000${start.id}`;
    const known = this.answers.get(key);
    if (known !== undefined) return known ?? undefined;
    const started = performance.now();
    const found = this.search(start, fact);
    this.answers.set(key, found ?? null);
    this.buildMs += performance.now() - started;
    return found;
  }

  /**
   * SQL statements that call this function (in any file), so its body runs once per row they process. Only the
   * call sites named like the function are resolved (a call named otherwise cannot reach it), each function's
   * answer once: the editor asks this of every function it analyses, against an overlay of the whole workspace.
   */
  sqlCallersOf(facts: SubprogramFacts): readonly SqlCallSite[] {
    const known = this.sqlCallers?.get(facts.id);
    if (known) return known;
    const started = performance.now();
    if (!this.sqlCallsByName) {
      this.sqlCallsByName = new Map();
      for (const graph of this.files.values()) {
        for (const site of graph.sqlCalls) {
          const name = lastPart(site.call.name);
          const list = this.sqlCallsByName.get(name);
          if (list) list.push(site);
          else this.sqlCallsByName.set(name, [site]);
        }
      }
    }
    const sites = (this.sqlCallsByName.get(lastPart(facts.displayName)) ?? [])
      .filter((site) => this.callees(site.call).some((target) => target.id === facts.id));
    (this.sqlCallers ??= new Map()).set(facts.id, sites);
    this.buildMs += performance.now() - started;
    return sites;
  }

  /** The workspace subprograms a call site may reach (several for overloads). */
  callees(site: CallSite): SubprogramFacts[] {
    this.tables();
    if (site.localTarget) {
      const local = this.byId!.get(site.localTarget);
      if (local) return [local];
    }
    const scope = new Scope(undefined, site.packageName ? 'package' : 'unit', site.packageName);
    const resolution = resolveCall(site as unknown as CallNode, scope, this.definitions);
    const definition = resolution.definition;
    if (!definition || (resolution.kind !== 'standalone' && resolution.kind !== 'same-package' && resolution.kind !== 'other-package')) return [];
    if (definition.kind === 'package' || definition.kind === 'package-body') return [];
    return this.byName!.get(definition.name) ?? [];
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

  private search(start: SubprogramFacts, fact: Fact): ChainStep[] | undefined {
    const parent = new Map<string, { from: string; via: SourceRange } | null>([[start.id, null]]);
    const queue: SubprogramFacts[] = [start];
    for (let head = 0; head < queue.length; head++) {
      const current = queue[head]!;
      if (this.has(current, fact)) {
        const chain: ChainStep[] = [];
        for (let id: string | undefined = current.id; id !== undefined;) {
          const step = parent.get(id);
          chain.unshift({ facts: this.byId!.get(id)!, via: step?.via });
          id = step?.from;
        }
        return chain;
      }
      for (const site of current.calls) {
        if ((fact === 'sql-always' || fact === 'autonomous-always') && site.conditional) continue;
        // error handling reached from a handler is not what the call does in normal flow
        if (site.inHandler) continue;
        for (const callee of this.callees(site)) {
          if (parent.has(callee.id)) continue; // visited: recursion ends here
          parent.set(callee.id, { from: current.id, via: site.range });
          queue.push(callee);
        }
      }
    }
    return undefined;
  }

  private invalidate(): void {
    this.byId = undefined;
    this.byName = undefined;
    this.sqlCallers = undefined;
    this.sqlCallsByName = undefined;
    this.answers.clear();
  }

  private tables(): void {
    if (this.byId) return;
    this.byId = new Map();
    this.byName = new Map();
    for (const graph of this.files.values()) {
      for (const facts of graph.subprograms) {
        this.byId.set(facts.id, facts);
        if (!facts.indexName) continue;
        const list = this.byName.get(facts.indexName);
        if (list) list.push(facts);
        else this.byName.set(facts.indexName, [facts]);
      }
    }
  }
}
