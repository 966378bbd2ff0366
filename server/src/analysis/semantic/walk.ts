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
  SqlStatementNode,
  StatementNode,
  SubprogramNode,
  UnitNode,
} from '../../syntax/model/nodes.ts';
import { estimateOf, type IterationEstimate, type LoopSource } from './estimate.ts';
import { forallSource, loopSource, type TextOf } from './loops.ts';
import { resolveCall, type CallResolution, type DefinitionLookup } from './resolveCall.ts';
import { Scope } from './scope.ts';

export interface LoopInfo {
  statement: LoopStatementNode;
  parent?: LoopInfo;
  /** 1 for an outermost loop. */
  depth: number;
  source: LoopSource;
  /** This loop's body: its own source times the enclosing loops'. */
  estimate: IterationEstimate;
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
  visitors: readonly ModelVisitor[];
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
    if (unit.body && unit.body !== unit.subprogram?.body) this.block(unit.body, position);
    this.statements(unit.statements, position);
    for (const timingPoint of unit.trigger?.timingPoints ?? []) this.block(timingPoint.body, position);
  }

  private subprogram(sub: SubprogramNode, outer: Position): void {
    const scope = new Scope(outer.scope, 'subprogram');
    scope.defineParameters(sub.parameters);
    scope.defineDeclarations(sub.declarations);
    scope.defineSubprograms(sub.subprograms);
    // A subprogram's body runs when it is called, not once per iteration of a loop around its declaration.
    const position: Position = { unit: outer.unit, subprogram: sub, scope, conditions: [] };
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
    this.statements(block.statements, position);
    for (const handler of block.exceptionHandlers) this.statements(handler.statements, { ...position, handler });
  }

  private statements(statements: readonly StatementNode[], position: Position): void {
    for (const statement of statements) this.statement(statement, position);
  }

  private statement(statement: StatementNode, outer: Position): void {
    // one object shape for every position (a spread per statement was the walk's largest cost)
    const position: Position = {
      unit: outer.unit, subprogram: outer.subprogram, scope: outer.scope, loop: outer.loop, handler: outer.handler, statement, conditions: outer.conditions,
    };
    this.emit('statement', statement, position);
    this.calls(statement.calls, position);
    switch (statement.statementKind) {
      case 'if':
      case 'case':
        for (const branch of statement.branches) {
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
    const source = loopSource(statement, (name) => position.scope.valueOf(name), this.options.textOf);
    const sources: LoopSource[] = [];
    for (let l = parent; l; l = l.parent) sources.unshift(l.source);
    sources.push(source);
    const info: LoopInfo = { statement, parent, depth: (parent?.depth ?? 0) + 1, source, estimate: estimateOf(sources) };
    this.emit('loop', info, position);
    const scope = new Scope(position.scope, 'loop');
    for (const iterator of statement.iterators) scope.define({ name: iterator, kind: 'iterator', range: statement.headerRange });
    // the body starts a new handler context: a handler around the loop does not run per iteration
    this.statements(statement.statements, { unit: position.unit, subprogram: position.subprogram, scope, loop: info, conditions: [] });
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
