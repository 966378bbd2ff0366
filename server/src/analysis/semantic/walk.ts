/**
 * The one walk over a document's model. It keeps the scope chain, the enclosing loops and whether the code is
 * in an exception handler, resolves every call, and hands each node with that position to the visitors (the
 * semantic summary and every rule), so all rules share one pass.
 */
import type {
  BlockNode,
  ForallStatementNode,
  CallNode,
  DeclarationNode,
  ExceptionHandlerNode,
  HintNode,
  LoopStatementNode,
  Range,
  SimpleStatementNode,
  SqlStatementNode,
  StatementNode,
  SubprogramNode,
  UnitNode,
} from '../../syntax/model/nodes.ts';
import { estimateOf, type IterationEstimate, type LoopSource } from './estimate.ts';
import { forallSource, loopSource, type TextOf } from './loops.ts';
import { resolveCall, type CallResolution, type DefinitionLookup } from './resolveCall.ts';
import { isRowTimingPoint, rowLoop, timingPointRowContext, triggerRowContext, type RowContext } from './rowContexts.ts';
import { Scope } from './scope.ts';
import { leavingFrom } from './leaves.ts';
import { readsOnlyDictionary } from './dictionary.ts';
import { singleRowReason, type KeyLookup } from './singleRow.ts';
import { isFirstIterationTest, literalElementCount, literalJsonRows } from './knownCounts.ts';

export interface LoopInfo {
  statement: LoopStatementNode;
  parent?: LoopInfo;
  /** 1 for an outermost loop. */
  depth: number;
  source: LoopSource;
  /** This loop's body: its own source times the enclosing loops'. */
  estimate: IterationEstimate;
  /** Set when this is no loop statement but a per-row context (a row trigger's body, a function called from SQL). */
  rowContext?: RowContext;
}

/** A FORALL around its DML: one switch to SQL, but the DML's row work and its function calls run per element. */
export interface ForallInfo {
  statement: ForallStatementNode;
  source: LoopSource;
  /** The FORALL's elements times the enclosing loops'. */
  estimate: IterationEstimate;
}

export interface Position {
  unit: UnitNode;
  /** The innermost subprogram whose body is being walked. */
  subprogram?: SubprogramNode;
  scope: Scope;
  /** The innermost loop whose body contains the node (loops do not cross subprogram boundaries). */
  loop?: LoopInfo;
  /** Set on the DML of a FORALL and the calls in it (not on its bounds, which are evaluated once). */
  forall?: ForallInfo;
  /** The exception handler containing the node, if any (inside the innermost loop or not). */
  handler?: ExceptionHandlerNode;
  /** The statement that contains the node (for calls and SQL). */
  statement?: StatementNode;
  /** Conditions of the IF/CASE branches around the node inside the innermost loop body, outermost first. */
  conditions: string[];
  /** Inside a block of the innermost loop whose handler catches a raise and stays in the loop. */
  caught?: boolean;
}

export interface ResolvedCall {
  call: CallNode;
  resolution: CallResolution;
  position: Position;
  /** The SQL statement the call is part of, when it is inside SQL. */
  sql?: SqlStatementNode;
}

export interface ModelVisitor {
  unit?(unit: UnitNode, position: Position): void;
  statement?(statement: StatementNode, position: Position): void;
  /** A loop statement, with the information of its own body. */
  loop?(loop: LoopInfo, position: Position): void;
  call?(call: ResolvedCall): void;
  /** Every SQL statement: static SQL statements, cursor FOR queries, FORALL DML, cursor declarations. */
  sql?(sql: SqlStatementNode, position: Position): void;
  hint?(hint: HintNode, sql: SqlStatementNode, position: Position): void;
  /** A nested block statement (BEGIN ... END inside a body). */
  block?(block: BlockNode, position: Position): void;
  declaration?(declaration: DeclarationNode, position: Position): void;
}

export interface WalkOptions {
  lookup: DefinitionLookup;
  textOf: TextOf;
  /** The source text of a range (queries the model keeps only as a range). */
  textIn?: (range: Range) => string;
  /** The primary and unique keys of a table, from the workspace's DDL: a loop over one keyed row runs once. */
  keysOf?: KeyLookup;
  /** Tables the script fills with top-level INSERT ... VALUES (its own seed rows). */
  seededTables?: ReadonlySet<string>;
  /** Whether a call statement always raises (so code before it on the same path leaves the loop). */
  callAlwaysRaises?: (statement: SimpleStatementNode, scope: Scope) => boolean;
  visitors: readonly ModelVisitor[];
  /** The per-row context of a subprogram's body (a function SQL calls per row), if it has one. */
  rowContextOf?: (sub: SubprogramNode, unit: UnitNode) => RowContext | undefined;
  /**
   * Around the walk of each of a unit's own subprograms (not nested ones): `walk` visits it; a caller that
   * kept what an unchanged subprogram gave last time may skip the walk and use that.
   */
  aroundSubprogram?: (sub: SubprogramNode, unit: UnitNode, walk: () => void) => void;
}

/** Whether the loop's own query (inline or a declared cursor's) reads only data-dictionary views. */
function readsDictionary(statement: LoopStatementNode, source: LoopSource, scope: Scope): boolean {
  const cursorName = statement.cursorName ?? (source.kind === 'rows' || source.kind === 'batches' ? /^cursor (.+)$/.exec(source.of)?.[1] : undefined);
  const tables = statement.query?.tables ?? (cursorName ? scope.lookup(cursorName)?.symbol.declaration?.query?.tables : undefined);
  return tables !== undefined && readsOnlyDictionary(tables);
}

/**
 * Whether a collection the loop walks was filled, before the loop in the same body, by a BULK COLLECT from the data
 * dictionary (`OPEN c; FETCH c BULK COLLECT INTO r;` with c over DBA_OBJECTS, or `SELECT ... BULK COLLECT INTO r
 * FROM user_tables`): a loop over those rows reads the dictionary as much as a cursor loop over it does.
 */
function filledFromDictionary(name: string, scope: Scope, body: BlockNode | undefined, before: LoopStatementNode, textOf: TextOf): boolean {
  if (!body || !/^[\w$#]+$/.test(name)) return false;
  const into = new RegExp(String.raw`\binto\s+(?:[\w$#]+\s*,\s*)*${name.replace(/[$]/g, '\\$')}\b`, 'i');
  let filled = false;
  for (const statement of body.statements) {
    if (statement === before) return filled;
    if (statement.statementKind === 'fetch' && statement.bulkCollect && into.test(textOf(statement))) {
      const tables = scope.lookup(statement.cursorName)?.symbol.declaration?.query?.tables;
      filled = tables !== undefined && readsOnlyDictionary(tables);
    } else if (statement.statementKind === 'sql' && statement.sql.bulkCollect && statement.sql.intoTargets.some((t) => t.toUpperCase() === name)) {
      filled = readsOnlyDictionary(statement.sql.tables);
    }
  }
  return false;
}

const WAITS = new Set(['DBMS_LOCK.SLEEP', 'DBMS_SESSION.SLEEP', 'APEX_UTIL.PAUSE', 'DBMS_ALERT.WAITONE', 'DBMS_ALERT.WAITANY', 'DBMS_AQ.LISTEN']);

/** The sleep or wait the loop body calls each time round (not inside a nested loop), if any. */
function sleepIn(statements: readonly StatementNode[]): string | undefined {
  for (const statement of statements) {
    if (statement.statementKind === 'call') {
      const name = statement.target?.replace(/^SYS\./, '');
      if (name && WAITS.has(name)) return name;
    } else if (statement.statementKind === 'block') {
      const found = sleepIn(statement.block.statements);
      if (found) return found;
    }
  }
  return undefined;
}

export function walkUnits(units: readonly UnitNode[], options: WalkOptions): void {
  const walker = new Walker(options);
  for (const unit of units) walker.unit(unit);
}

/** True when a body holds the same declarations as its unit or subprogram (the builder passes them on). */
function sharesDeclarations(body: BlockNode | undefined, declarations: readonly DeclarationNode[]): boolean {
  if (!body || declarations.length === 0) return false;
  return body.declarations === declarations || body.declarations[0] === declarations[0];
}

/** Whether `inner` lies within `outer` (by position). */
function within(inner: Range, outer: Range): boolean {
  const starts = inner.line > outer.line || inner.line === outer.line && inner.column >= outer.column;
  const ends = inner.endLine < outer.endLine || inner.endLine === outer.endLine && inner.endColumn <= outer.endColumn;
  return starts && ends;
}

function sharesSubprograms(body: BlockNode | undefined, subprograms: readonly SubprogramNode[]): boolean {
  if (!body || subprograms.length === 0) return false;
  return body.subprograms === subprograms || body.subprograms[0] === subprograms[0];
}

type Hook = keyof ModelVisitor;
const HOOKS: readonly Hook[] = ['unit', 'statement', 'loop', 'call', 'sql', 'hint', 'block', 'declaration'];

class Walker {
  /** Per hook, the visitors' functions bound once: the walk calls them for every node. */
  private readonly hooks = new Map<Hook, ((...args: unknown[]) => void)[]>();

  constructor(private readonly options: WalkOptions) {
    for (const hook of HOOKS) {
      const fns: ((...args: unknown[]) => void)[] = [];
      for (const visitor of options.visitors) {
        const fn = visitor[hook] as ((...a: unknown[]) => void) | undefined;
        if (fn) fns.push(fn.bind(visitor));
      }
      this.hooks.set(hook, fns);
    }
  }

  private emit<K extends Hook>(hook: K, ...args: Parameters<NonNullable<ModelVisitor[K]>>): void {
    const fns = this.hooks.get(hook)!;
    for (let i = 0; i < fns.length; i++) fns[i]!(...args);
  }

  unit(unit: UnitNode): void {
    const isPackage = unit.unitKind === 'package' || unit.unitKind === 'package-body';
    const name = unit.name ? unit.name.slice(unit.name.lastIndexOf('.') + 1) : undefined;
    const isType = unit.unitKind === 'type' || unit.unitKind === 'type-body';
    const scope = new Scope(undefined, isPackage ? 'package' : 'unit', isPackage ? name : undefined, isType ? name : undefined);
    scope.defineDeclarations(unit.declarations);
    scope.defineSubprograms(unit.subprograms);
    const position: Position = { unit, scope, conditions: [] };
    this.emit('unit', unit, position);
    // a body built with these declarations walks them itself
    if (!sharesDeclarations(unit.body, unit.declarations) && !(unit.subprogram && sharesDeclarations(unit.subprogram.body, unit.declarations))) {
      this.declarations(unit.declarations, position);
    }
    if (!sharesSubprograms(unit.body, unit.subprograms) && !(unit.subprogram && sharesSubprograms(unit.subprogram.body, unit.subprograms))) {
      for (const sub of unit.subprograms) this.subprogram(sub, position);
    }
    if (unit.subprogram) this.subprogram(unit.subprogram, position);
    // a standalone subprogram's unit carries its body too: walk it once, as the subprogram's
    // a row-level trigger's body runs once per row of the triggering statement
    const triggerRows = triggerRowContext(unit);
    const bodyPosition = triggerRows ? { ...position, loop: rowLoop(triggerRows, unit.range) } : position;
    if (unit.body && unit.body !== unit.subprogram?.body) this.block(unit.body, bodyPosition);
    this.statements(unit.statements, bodyPosition);
    for (const timingPoint of unit.trigger?.timingPoints ?? []) {
      const rows = isRowTimingPoint(timingPoint.timing) ? rowLoop(timingPointRowContext(unit), timingPoint.body.range) : undefined;
      this.block(timingPoint.body, rows ? { ...position, loop: rows } : position);
    }
  }

  private subprogram(sub: SubprogramNode, outer: Position): void {
    const unit = outer.unit;
    const own = outer.subprogram === undefined && (sub === unit.subprogram || unit.subprograms.includes(sub));
    const around = own ? this.options.aroundSubprogram : undefined;
    if (around) around(sub, outer.unit, () => this.walkSubprogram(sub, outer));
    else this.walkSubprogram(sub, outer);
  }

  private walkSubprogram(sub: SubprogramNode, outer: Position): void {
    const scope = new Scope(outer.scope, 'subprogram');
    scope.defineParameters(sub.parameters);
    scope.defineDeclarations(sub.declarations);
    scope.defineSubprograms(sub.subprograms);
    // A subprogram's body runs when it is called, not once per iteration of a loop around its declaration.
    const position: Position = { unit: outer.unit, subprogram: sub, scope, conditions: [] };
    // ... unless SQL calls it per row: then its body runs once per row of that statement
    const rows = this.options.rowContextOf?.(sub, outer.unit);
    if (rows) position.loop = rowLoop(rows, sub.range);
    if (!sharesDeclarations(sub.body, sub.declarations)) this.declarations(sub.declarations, position);
    if (!sharesSubprograms(sub.body, sub.subprograms)) for (const nested of sub.subprograms) this.subprogram(nested, position);
    if (sub.body) this.block(sub.body, position);
  }

  private declarations(declarations: readonly DeclarationNode[], position: Position): void {
    for (const declaration of declarations) {
      this.emit('declaration', declaration, position);
      this.calls(declaration.calls, position);
      if (declaration.query) this.sql(declaration.query, position);
    }
  }

  private block(block: BlockNode, outer: Position): void {
    const scope = block.declarations.length > 0 || block.subprograms.length > 0 ? new Scope(outer.scope, 'block') : outer.scope;
    if (scope !== outer.scope) {
      scope.defineDeclarations(block.declarations);
      scope.defineSubprograms(block.subprograms);
    }
    const position: Position = { ...outer, scope };
    this.declarations(block.declarations, position);
    for (const nested of block.subprograms) this.subprogram(nested, position);
    // a raise in the body that a handler catches and stays in the loop does not leave the loop
    const catches = outer.loop !== undefined && !outer.caught && block.exceptionHandlers.some((h) => !this.leaves(h.statements, outer));
    this.statements(block.statements, catches ? { ...position, caught: true } : position);
    for (const handler of block.exceptionHandlers) this.statements(handler.statements, { ...position, handler });
  }

  /** Whether the statements always leave the innermost loop of the position. */
  private leaves(statements: readonly StatementNode[], position: Position): boolean {
    return this.leavingFrom(statements, position) === 0;
  }

  /** From which statement on every path leaves the innermost loop of the position (-1: from none). */
  private leavingFrom(statements: readonly StatementNode[], position: Position): number {
    const raising = this.options.callAlwaysRaises;
    return leavingFrom(statements, position.caught ? 'loop-caught' : 'loop', (s) => raising?.(s, position.scope) ?? false, position.loop!.statement.labels);
  }

  private statements(statements: readonly StatementNode[], position: Position): void {
    // Code on a path that always leaves the loop (`IF done THEN COMMIT; EXIT; END IF`, a handler ending in
    // RAISE) runs at most once per run of the loop: it belongs to the enclosing loop, or to none. A per-row
    // context is no loop to leave: a RETURN or RAISE ends the call for this row, and the next row calls again.
    // Statements before one that may go to the next iteration (`IF skip THEN CONTINUE; END IF`) stay in it.
    const from = position.loop && !position.loop.rowContext && !singleLoopBodies.has(position.loop) ? this.leavingFrom(statements, position) : -1;
    const once = from >= 0 ? { ...position, loop: position.loop!.parent, conditions: [] } : position;
    for (let i = 0; i < statements.length; i++) this.statement(statements[i]!, from >= 0 && i >= from ? once : position);
  }

  private statement(statement: StatementNode, outer: Position): void {
    // one object shape for every position (a spread per statement was the walk's largest cost)
    const position: Position = {
      unit: outer.unit, subprogram: outer.subprogram, scope: outer.scope, loop: outer.loop, handler: outer.handler, statement, conditions: outer.conditions, caught: outer.caught,
    };
    this.emit('statement', statement, position);
    this.calls(statement.calls, position);
    switch (statement.statementKind) {
      case 'if':
      case 'case':
        for (const branch of statement.branches) {
          // `IF i = 1 THEN ...` inside a loop runs on its first iteration only: once per run of the loop
          if (outer.loop && branch.condition && statement.statementKind === 'if' && isFirstIterationTest(branch.condition, outer.loop.statement, this.options.textOf)) {
            this.statements(branch.statements, { ...outer, loop: outer.loop.parent, conditions: [] });
            continue;
          }
          const conditions = branch.condition ? [...outer.conditions, branch.condition] : outer.conditions;
          this.statements(branch.statements, { ...outer, conditions });
        }
        break;
      case 'loop':
        this.loop(statement, position);
        break;
      case 'forall':
        if (statement.sql) this.sql(statement.sql, { ...position, forall: this.forallInfo(statement, position) });
        break;
      case 'sql':
        this.sql(statement.sql, position);
        break;
      case 'block':
        this.emit('block', statement.block, position);
        this.block(statement.block, outer);
        break;
      default:
        break;
    }
  }

  private loop(statement: LoopStatementNode, position: Position): void {
    if (statement.query) this.sql(statement.query, position);
    const parent = position.loop;
    const keyed = this.singleRow(statement, position.scope);
    let source: LoopSource = keyed ? { kind: 'single', of: keyed } : loopSource(statement, valueAtLoop(statement, position, this.options.textIn), this.options.textOf);
    // a loop over rows that always leaves on its first one (take the first row of an ordered cursor) reads one row
    const leaves = source.kind === 'rows' ? leavesInFirstIteration(statement.statements, this.options.textOf) : undefined;
    if (leaves) source = { kind: 'single', of: leaves };
    const single = keyed ?? leaves;
    if (source.kind === 'elements' && /^[\w$#]+$/.test(source.of)) {
      // a collection filled with a known number of literals has a known count
      const own = position.subprogram?.declarations ?? position.unit.declarations;
      const { textIn } = this.options;
      const unit = position.unit;
      // a collection declared further out: the text after its declaration to the end of the package item or unit
      // that declares it (what may write it); a package variable may be written by any item of the package
      const afterDeclaration = textIn && ((declaration: DeclarationNode) => {
        const item = unit.subprograms.find((s) => within(declaration.range, s.range));
        const end = item?.range ?? (unit.unitKind === 'package-body' || unit.unitKind === 'package' || unit.unitKind === 'type-body' ? undefined : unit.range);
        if (!end || !within(declaration.range, end)) return undefined;
        return textIn({ line: declaration.range.endLine, column: declaration.range.endColumn, endLine: end.endLine, endColumn: end.endColumn });
      });
      const count = literalElementCount(source.of, position.scope, position.subprogram?.body ?? position.unit.body, own, statement, this.options.textOf, afterDeclaration);
      if (count !== undefined) source = { kind: 'count', count };
    } else if (source.kind === 'rows' && statement.query && this.options.textIn) {
      // seed data: a loop over JSON_TABLE of a JSON literal the script assigns has as many rows as the literal
      const rows = literalJsonRows(this.options.textIn(statement.query.range), position.subprogram?.body ?? position.unit.body, statement, this.options.textOf);
      if (rows !== undefined) source = { kind: 'count', count: rows };
    }
    const sources: LoopSource[] = [];
    for (let l = parent; l; l = l.parent) sources.unshift(l.source);
    sources.push(source);
    const info: LoopInfo = { statement, parent, depth: (parent?.depth ?? 0) + 1, source, estimate: estimateOf(sources) };
    if (single) info.estimate.text = parent ? `${parent.estimate.text}, the loop itself at most once (${single})` : `at most once (${single})`;
    if (parent?.estimate.overDictionary || readsDictionary(statement, source, position.scope)
      || (source.kind === 'elements' && filledFromDictionary(source.of, position.scope, position.subprogram?.body ?? position.unit.body, statement, this.options.textOf))) info.estimate.overDictionary = true;
    if (parent?.estimate.overSeedRows || this.readsSeedRows(statement, source, position.scope)) info.estimate.overSeedRows = true;
    if (parent?.estimate.countGivenAtRun || countGivenAtRun(statement, position.scope)) info.estimate.countGivenAtRun = true;
    const pacedBy = parent?.estimate.pacedBy ?? sleepIn(statement.statements);
    if (pacedBy) {
      info.estimate.pacedBy = pacedBy;
      info.estimate.text += `, waiting in ${pacedBy} each time`;
    }
    this.emit('loop', info, position);
    const scope = new Scope(position.scope, 'loop');
    for (const iterator of statement.iterators) scope.define({ name: iterator, kind: 'iterator', range: statement.headerRange });
    // the body starts a new handler context: a handler around the loop does not run per iteration; the body of a
    // loop over at most one row runs as often as the code around the loop
    // (and the messages there say why the keyed loop itself is not counted)
    const bodyLoop = single && parent
      ? { ...parent, estimate: { ...parent.estimate, text: `${parent.estimate.text} (the loop at line ${statement.range.line} reads at most one row: ${single})` } }
      : single ? undefined : info;
    if (bodyLoop && single) singleLoopBodies.add(bodyLoop);
    this.statements(statement.statements, { unit: position.unit, subprogram: position.subprogram, scope, loop: bodyLoop, conditions: [] });
  }

  /** Whether the loop's query reads only tables this script seeds itself (top-level INSERT ... VALUES). */
  private readsSeedRows(statement: LoopStatementNode, source: LoopSource, scope: Scope): boolean {
    const seeded = this.options.seededTables;
    if (!seeded || seeded.size === 0) return false;
    const cursorName = statement.cursorName ?? (source.kind === 'rows' || source.kind === 'batches' ? /^cursor (.+)$/.exec(source.of)?.[1] : undefined);
    const tables = statement.query?.tables ?? (cursorName ? scope.lookup(cursorName)?.symbol.declaration?.query?.tables : undefined);
    return tables !== undefined && tables.length > 0 && tables.every((t) => seeded.has(t.slice(t.lastIndexOf('.') + 1)));
  }

  /** Why a cursor FOR loop reads at most one row (its query fixes a whole key), or undefined. */
  private singleRow(statement: LoopStatementNode, scope: Scope): string | undefined {
    const { keysOf, textIn } = this.options;
    if (statement.loopKind !== 'cursor-for' || !keysOf || !textIn) return undefined;
    const query = statement.query ?? (statement.cursorName ? scope.lookup(statement.cursorName)?.symbol.declaration?.query : undefined);
    return query ? singleRowReason(query, textIn(query.range), keysOf) : undefined;
  }

  private forallInfo(statement: ForallStatementNode, position: Position): ForallInfo {
    const source = forallSource(statement.header, (name) => position.scope.valueOf(name));
    const sources: LoopSource[] = [source];
    for (let l = position.loop; l; l = l.parent) sources.unshift(l.source);
    return { statement, source, estimate: estimateOf(sources) };
  }

  private sql(sql: SqlStatementNode, position: Position): void {
    this.emit('sql', sql, position);
    for (const hint of sql.hints) this.emit('hint', hint, sql, position);
    this.calls(sql.calls, position, sql);
  }

  private calls(calls: readonly CallNode[], position: Position, sql?: SqlStatementNode): void {
    for (const call of calls) {
      const resolution = resolveCall(call, position.scope, this.options.lookup);
      this.emit('call', { call, resolution, position, sql });
    }
  }
}

/**
 * Whether a numeric FOR loop's upper bound is a SQL*Plus substitution variable (`1 .. &&iterations`, `1 .. &1`) or
 * a variable initialised from one (`v_cycle INTEGER := &2`): only a script run by hand has them, and a count typed
 * when it runs is how benchmark harnesses and sampling tools repeat their work.
 */
function countGivenAtRun(statement: LoopStatementNode, scope: Scope): boolean {
  if (statement.loopKind !== 'numeric-for') return false;
  const upper = /\.\.\s*([\s\S]*?)\s*$/.exec(statement.header.replace(/\s+BY\s+[\s\S]*$/i, ''))?.[1];
  if (!upper) return false;
  if (/&&?[\w$#]/.test(upper)) return true;
  if (!/^[A-Za-z_][\w$#]*$/.test(upper)) return false;
  const initial = scope.lookup(upper.toUpperCase())?.symbol.declaration?.initialText;
  return initial !== undefined && /^\s*['"]?&&?[\w$#]+['"]?\s*$/.test(initial);
}

/**
 * The value of a name in a loop's bounds: a constant's, or a variable's declared initial value when nothing between
 * its declaration and the loop may write it (`l_levels := 1; SELECT COUNT(*) INTO l_levels ...; WHILE i <= l_levels`
 * does not loop once). Followed for a variable declared in the subprogram (or the unit outside a package) that holds
 * the loop; a package variable keeps its declared value, as before.
 */
function valueAtLoop(loop: LoopStatementNode, position: Position, textIn: WalkOptions['textIn']): NameValue {
  return (name) => {
    const value = position.scope.valueOf(name);
    // most names in a bound have no value the scope knows: only a known one is worth reading the text for
    if (value === undefined) return undefined;
    const found = position.scope.lookup(name);
    const declaration = found?.symbol.declaration;
    const unit = position.unit;
    const holder = position.subprogram?.range ?? (unit.unitKind === 'package-body' || unit.unitKind === 'package' || unit.unitKind === 'type-body' ? undefined : unit.range);
    if (found?.symbol.kind === 'variable' && declaration && textIn && holder && within(declaration.range, holder)) {
      const between = textIn({ line: declaration.range.endLine, column: declaration.range.endColumn, endLine: loop.range.line, endColumn: loop.range.column });
      if (writesAnyName(between, name)) return undefined;
    }
    return value;
  };
}

/**
 * The loops the body of a single-row loop is walked in (the loop around it, with the estimate's text saying so): an
 * EXIT there leaves the single-row loop, whose body runs once per iteration of that loop anyway, not that loop, so
 * the code before it is not moved out to the loop around that one.
 */
const singleLoopBodies = new WeakSet<LoopInfo>();

// Imported here so that the lines above keep the places the mutation entries name.
import { leavesInFirstIteration } from './firstIteration.ts';
import { writesAnyName } from './writesName.ts';
import type { NameValue } from './constants.ts';
