/**
 * PL/SQL statements, blocks and exception handlers from the parse tree.
 */
import { ParserRuleContext, type TerminalNode } from 'antlr4ng';
import {
  AssignmentOrCallStatementContext,
  BlockStatementContext,
  BodyContext,
  CaseStatementContext,
  CloseStatementContext,
  ContinueStatementContext,
  ExceptionHandlerContext,
  ExecuteImmediateStatementContext,
  ExitStatementContext,
  FetchStatementContext,
  ForallStatementContext,
  InitializationPartContext,
  GotoStatementContext,
  IfStatementContext,
  IterationControlContext,
  LabelContext,
  LoopStatementContext,
  NullStatementContext,
  OpenStatementContext,
  PipeRowStatementContext,
  PragmaStatementContext,
  RaiseStatementContext,
  ReturnStatementContext,
  SeqOfStatementsContext,
  SqlStatementInPlsqlContext,
  SubqueryContext,
  type DeclareItemContext,
  type NameChainContext,
  type ExecuteImmediateClauseContext,
  type ExpressionContext,
  type StatementContext,
} from '../../../parser/generated/PlSqlParser.ts';
import type {
  BlockNode,
  BranchNode,
  CallNode,
  DeclarationNode,
  DynamicSqlInfo,
  ExceptionHandlerNode,
  LoopKind,
  StatementNode,
  SubprogramNode,
} from '../nodes.ts';
import { BuildContext, foldWhitespace, normalizeName } from './buildContext.ts';
import { buildSqlStatement, chainDottedName, collectCalls } from './buildSql.ts';

/** Declarations are built by buildUnits.ts; passed in to avoid a module cycle. */
export type DeclarationBuilder = (bc: BuildContext, items: DeclareItemContext[]) => {
  declarations: DeclarationNode[];
  subprograms: SubprogramNode[];
};

/**
 * Error recovery can leave a statement's parts missing; such a statement is left out of the model (its
 * syntax error is already reported) instead of failing the whole unit.
 */
export function buildSafely<T>(build: () => T | undefined): T | undefined {
  try {
    return build();
  } catch (error) {
    if (error instanceof TypeError) return undefined;
    throw error;
  }
}

export function buildStatementList(bc: BuildContext, seq: SeqOfStatementsContext | null, declare: DeclarationBuilder): StatementNode[] {
  const statements: StatementNode[] = [];
  if (!seq) return statements;
  let pendingLabels: string[] = [];
  for (const child of seq.children) {
    if (child instanceof LabelContext) {
      pendingLabels.push(normalizeName(bc.exactText(child.anyName())));
    } else if (child instanceof ParserRuleContext) {
      const statement = buildSafely(() => buildStatement(bc, child as StatementContext, declare));
      if (statement) {
        statement.labels = pendingLabels;
        statements.push(statement);
      }
      pendingLabels = [];
    }
  }
  return statements;
}

export function buildBody(
  bc: BuildContext,
  body: BodyContext | InitializationPartContext,
  declarations: DeclarationNode[],
  subprograms: SubprogramNode[],
  declare: DeclarationBuilder,
  range = bc.range(body),
): BlockNode {
  const handlers: ExceptionHandlerNode[] = [];
  for (const handler of body.exceptionPart()?.exceptionHandler() ?? []) handlers.push(buildHandler(bc, handler, declare));
  return {
    kind: 'block',
    range,
    declarations,
    subprograms,
    statements: buildStatementList(bc, body.seqOfStatements(), declare),
    exceptionHandlers: handlers,
  };
}

function buildHandler(bc: BuildContext, handler: ExceptionHandlerContext, declare: DeclarationBuilder): ExceptionHandlerNode {
  return {
    kind: 'exception-handler',
    exceptions: handler.qualifiedName().map((q) => bc.exactText(q).split('.').map(normalizeName).join('.')),
    range: bc.range(handler),
    statements: buildStatementList(bc, handler.seqOfStatements(), declare),
  };
}


function dynamicSqlInfo(bc: BuildContext, sqlExpression: ExpressionContext, clauses: ExecuteImmediateClauseContext[]): DynamicSqlInfo {
  const only = sqlExpression.primary();
  const single = sqlExpression.children.length === 1 && only.length === 1;
  const literal = single ? only[0]!.STRING() : null;
  // `'select ' || l_cols || ' from t'`: the text starts with the first literal
  const first = only[0];
  const concatenated = !single && first !== undefined && first.getChildCount() === 1 && sqlExpression.CONCAT().length > 0 && sqlExpression.getChild(1) === sqlExpression.CONCAT()[0];
  const leading = concatenated ? first.STRING() : null;
  const chain = single && first!.getChildCount() === 1 ? first!.nameChain() : null;
  const chainText = chain ? bc.exactText(chain) : '';
  const textVariable = /^[\w$#]+$|^"[^"]+"$/.test(chainText) ? normalizeName(chainText) : undefined;
  let hasInto = false;
  let bulkCollect = false;
  let usingCount = 0;
  for (const clause of clauses) {
    const into = clause.intoClause();
    if (into && !clause.RETURNING() && !clause.RETURN()) {
      hasInto = true;
      if (into.BULK()) bulkCollect = true;
    }
    usingCount += clause.usingClause()?.usingArgument().length ?? 0;
  }
  return {
    literalText: literal ? unquote(literal.getText()) : undefined,
    leadingText: leading ? unquote(leading.getText()) : undefined,
    textVariable, hasInto, bulkCollect, usingCount,
  };
}

function unquote(literal: string): string {
  const q = /^n?q'(.)([\s\S]*).'$/i.exec(literal);
  if (q) return q[2]!;
  return literal.replace(/^n?'/i, '').replace(/'$/, '').replace(/''/g, "'");
}

/** The cursor of OPEN or FETCH: a name chain, or a bind variable (`exec open :rc for ...`). */
function cursorTarget(bc: BuildContext, chain: NameChainContext | null, bind: TerminalNode | null): string {
  return chain ? chainDottedName(bc, chain) : (bind?.getText() ?? '');
}

function loopKindOf(bc: BuildContext, ctx: LoopStatementContext) {
  const head = ctx.loopHead();
  if (!head) return { loopKind: 'basic' as LoopKind, iterators: [], header: '' };
  if (head.WHILE()) return { loopKind: 'while' as LoopKind, iterators: [], header: bc.textOf(head.expression()) };
  const iteration = head.iteratorHead()!;
  const iterators = iteration.anyName().map((n) => normalizeName(bc.exactText(n)));
  const controls = iteration.iterationControl();
  const header = controls.map((c) => bc.textOf(c)).join(', ');
  const first: IterationControlContext | undefined = controls[0];
  if (!first) return { loopKind: 'basic' as LoopKind, iterators, header };
  if (first.DOUBLE_DOT()) return { loopKind: 'numeric-for' as LoopKind, iterators, header };
  if (first.VALUES() || first.INDICES() || first.PAIRS()) return { loopKind: 'collection-for' as LoopKind, iterators, header };
  // 21c: FOR r IN (EXECUTE IMMEDIATE 'select ...'): a cursor over dynamic SQL
  if (first.EXECUTE()) return { loopKind: 'cursor-for' as LoopKind, iterators, header };
  const expression = first.expression()[0];
  const primary = expression?.primary()[0];
  const subquery = primary?.subquery();
  if (subquery) return { loopKind: 'cursor-for' as LoopKind, iterators, header, query: buildSqlStatement(bc, subquery) };
  const chain = primary?.nameChain();
  if (chain) return { loopKind: 'cursor-for' as LoopKind, iterators, header, cursorName: chainDottedName(bc, chain) };
  return { loopKind: 'numeric-for' as LoopKind, iterators, header };
}

/** Calls in a loop header, outside any cursor query (those belong to the query node). */
function headerCalls(bc: BuildContext, ctx: LoopStatementContext): CallNode[] {
  const head = ctx.loopHead();
  return head ? collectCalls(bc, head, 'expression', (c) => c instanceof SubqueryContext) : [];
}

// Statement nodes are written as whole object literals: spreading a shared base object into each one
// was the largest single cost of the model build.
function buildStatement(bc: BuildContext, ctx: StatementContext, declare: DeclarationBuilder): StatementNode | undefined {
  const kind = 'statement' as const;
  const range = bc.range(ctx);
  const labels: string[] = [];
  const ownCallsOf = () => collectCalls(bc, ctx, 'expression');
  if (ctx instanceof AssignmentOrCallStatementContext) {
    const chain = ctx.nameChain();
    const target = ctx.ASSIGN() ? ctx.ASSIGN()!.symbol : null;
    if (target) {
      const targetText = foldWhitespace(bc.text.slice(ctx.start!.start, target.start));
      return { kind, statementKind: 'assignment', range, labels, calls: ownCallsOf(), target: targetText };
    }
    const calls = collectCalls(bc, ctx, 'expression');
    // the calls of the target chain itself are the ones that start where the chain starts
    const ownCalls = chain ? calls.filter((c) => c.range.line === calls[0]?.range.line && c.range.column === calls[0]?.range.column && chain.start === ctx.start) : [];
    if (chain && ownCalls.length === 0) {
      // `p;` or `pkg.p;`: a call without parentheses
      const range = bc.range(chain);
      const parts = bc.exactText(chain).split('.').map(normalizeName);
      calls.unshift({
        kind: 'call', name: parts.join('.'), parts, range, nameRange: range, argumentCount: 0, args: [], context: 'statement', mayBeCollectionAccess: false,
      });
    } else if (ownCalls.length > 0) {
      ownCalls[ownCalls.length - 1]!.context = 'statement';
    }
    return { kind, statementKind: 'call', range, labels, calls, target: calls.find((c) => c.context === 'statement')?.name };
  }
  if (ctx instanceof IfStatementContext) {
    const branches: BranchNode[] = [];
    const conditions = [ctx.expression(), ...ctx.elsifPart().map((e) => e.expression())];
    const lists = [ctx.seqOfStatements(), ...ctx.elsifPart().map((e) => e.seqOfStatements())];
    conditions.forEach((condition, i) => {
      branches.push({ kind: 'branch', condition: bc.textOf(condition), range: bc.range(lists[i]!), statements: buildStatementList(bc, lists[i]!, declare) });
    });
    const elsePart = ctx.elsePart();
    if (elsePart) branches.push({ kind: 'branch', range: bc.range(elsePart), statements: buildStatementList(bc, elsePart.seqOfStatements(), declare) });
    return { kind, statementKind: 'if', range, labels, calls: ownCallsOf(), branches };
  }
  if (ctx instanceof CaseStatementContext) {
    const branches: BranchNode[] = ctx.caseStatementWhen().map((w) => ({
      kind: 'branch' as const,
      condition: w.caseChoice().map((c) => bc.textOf(c)).join(', '),
      range: bc.range(w),
      statements: buildStatementList(bc, w.seqOfStatements(), declare),
    }));
    const elsePart = ctx.elsePart();
    if (elsePart) branches.push({ kind: 'branch', range: bc.range(elsePart), statements: buildStatementList(bc, elsePart.seqOfStatements(), declare) });
    return { kind, statementKind: 'case', range, labels, calls: ownCallsOf(), branches };
  }
  if (ctx instanceof LoopStatementContext) {
    const loop = loopKindOf(bc, ctx);
    const head = ctx.loopHead();
    return {
      kind, statementKind: 'loop', range, labels, calls: headerCalls(bc, ctx),
      ...loop,
      headerRange: head ? bc.range(head) : bc.rangeOfTokens(ctx.start!, ctx.start),
      statements: buildStatementList(bc, ctx.seqOfStatements(), declare),
    };
  }
  if (ctx instanceof ForallStatementContext) {
    const body = ctx.forallBody();
    const executeExpression = body.expression();
    // the body is the DML statement itself unless it is EXECUTE IMMEDIATE
    const sql = executeExpression ? null : body;
    return {
      kind, statementKind: 'forall', range, labels, calls: collectCalls(bc, ctx.forallBounds(), 'expression'),
      iterator: normalizeName(bc.exactText(ctx.anyName())),
      header: bc.textOf(ctx.forallBounds()),
      headerRange: bc.rangeOfTokens(ctx.start!, ctx.forallBounds().stop ?? ctx.start),
      saveExceptions: ctx.SAVE() !== null,
      sql: sql ? buildSqlStatement(bc, sql) : undefined,
      dynamicSql: executeExpression ? dynamicSqlInfo(bc, executeExpression, body.executeImmediateClause()) : undefined,
    };
  }
  if (ctx instanceof SqlStatementInPlsqlContext) {
    return { kind, statementKind: 'sql', range, labels, calls: [], sql: buildSqlStatement(bc, ctx.sqlStatement()) };
  }
  if (ctx instanceof ExecuteImmediateStatementContext) {
    return { kind, statementKind: 'execute-immediate', range, labels, calls: ownCallsOf(), ...dynamicSqlInfo(bc, ctx.expression(), ctx.executeImmediateClause()) };
  }
  if (ctx instanceof FetchStatementContext) {
    return {
      kind, statementKind: 'fetch', range, labels, calls: ownCallsOf(),
      cursorName: cursorTarget(bc, ctx.nameChain(), ctx.BINDVAR()),
      bulkCollect: ctx.intoClause().BULK() !== null,
      hasLimit: ctx.LIMIT() !== null,
    };
  }
  if (ctx instanceof BlockStatementContext) {
    const { declarations, subprograms } = declare(bc, ctx.declareItem());
    return { kind, statementKind: 'block', range, labels, calls: [], block: buildBody(bc, ctx.body(), declarations, subprograms, declare, range) };
  }
  if (ctx instanceof OpenStatementContext) {
    return {
      kind, statementKind: 'open', range, labels, calls: collectCalls(bc, ctx, 'expression', (c) => c instanceof SubqueryContext),
      target: cursorTarget(bc, ctx.nameChain(), ctx.BINDVAR()),
    };
  }
  const simple = (statementKind: 'exit' | 'continue' | 'goto' | 'raise' | 'return' | 'null' | 'pipe-row' | 'close' | 'pragma', target?: string) =>
    ({ kind, statementKind, range, labels, calls: ownCallsOf(), target });
  if (ctx instanceof ExitStatementContext) {
    return { ...simple('exit', (ctx.labelReference() ? bc.exactText(ctx.labelReference()) : undefined)), conditional: ctx.WHEN() !== null };
  }
  if (ctx instanceof ContinueStatementContext) {
    return { ...simple('continue', (ctx.labelReference() ? bc.exactText(ctx.labelReference()) : undefined)), conditional: ctx.WHEN() !== null };
  }
  if (ctx instanceof GotoStatementContext) return simple('goto', normalizeName(bc.exactText(ctx.anyName())));
  if (ctx instanceof RaiseStatementContext) return simple('raise', ctx.qualifiedName() ? normalizeName(bc.exactText(ctx.qualifiedName()!)) : undefined);
  if (ctx instanceof ReturnStatementContext) return simple('return');
  if (ctx instanceof NullStatementContext) return simple('null');
  if (ctx instanceof PipeRowStatementContext) return simple('pipe-row');
  if (ctx instanceof CloseStatementContext) return simple('close', cursorTarget(bc, ctx.nameChain(), ctx.BINDVAR()));
  if (ctx instanceof PragmaStatementContext) return simple('pragma', normalizeName(bc.exactText(ctx.identifier())));
  return undefined;
}
