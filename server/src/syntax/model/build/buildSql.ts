/**
 * SQL statements, optimizer hints and calls (in PL/SQL expressions and in SQL) from the parse tree.
 */
import { ParserRuleContext, TerminalNode } from 'antlr4ng';
import { PlSqlLexer } from '../../../parser/generated/PlSqlLexer.ts';
import {
  AnyNameContext,
  ArgumentContext,
  QueryArgumentContext,
  ChainLinkContext,
  DeleteStatementContext,
  DmlTargetContext,
  FactoringElementContext,
  InsertStatementContext,
  IntoClauseContext,
  MergeStatementContext,
  NameChainContext,
  SelectStatementContext,
  SubqueryContext,
  GroupByClauseContext,
  QueryBlockContext,
  BareSubqueryContext,
  TablePrimaryContext,
  TransactionStatementContext,
  UpdateStatementContext,
  type SqlStatementContext,
  SeqOfStatementsContext,
  StatementContext,
  BodyContext,
} from '../../../parser/generated/PlSqlParser.ts';
import type { ArgumentNode, CallNode, HintNode, SqlKind, SqlStatementNode } from '../nodes.ts';
import { BuildContext, descendants, normalizeName } from './buildContext.ts';

const HINTS_CHANNEL = PlSqlLexer.channelNames.indexOf('HINTS');
const HINT_KEYWORDS = new Set([PlSqlLexer.SELECT, PlSqlLexer.INSERT, PlSqlLexer.UPDATE, PlSqlLexer.DELETE, PlSqlLexer.MERGE]);

/** Nested PL/SQL statements own their calls; a statement's expression walk stops at them. */
export const stopAtNestedStatements = (c: ParserRuleContext) =>
  c instanceof SeqOfStatementsContext || c instanceof StatementContext || c instanceof BodyContext;

/**
 * Calls in the chains under `ctx`. A chain `a.b(x).c(y)` yields `A.B` and `A.B().C`; a call statement
 * passes its target chain through `statementChain` so the last call in it is marked as the statement call.
 */
export function collectCalls(
  bc: BuildContext,
  ctx: ParserRuleContext,
  context: CallNode['context'],
  stop: (c: ParserRuleContext) => boolean = stopAtNestedStatements,
): CallNode[] {
  const calls: CallNode[] = [];
  // In text order, and a chain's calls are in text order too: `a(x).b(y)` gives A before A().B.
  for (const chain of bc.chainsWithin(ctx, stop)) callsOfChain(bc, chain, context, calls);
  return calls;
}

export function callsOfChain(bc: BuildContext, chain: NameChainContext, context: CallNode['context'], calls: CallNode[] = []): CallNode[] {
  // Reads the links' first tokens directly: the generated accessors (link.LPAREN(), link.argument()) scan
  // and copy the children on every call, and this runs for every name in the unit.
  const children = chain.children;
  const head = children[0] as TerminalNode;
  const firstToken = head.symbol;
  const parts = [normalizeName(bc.exactText(head))];
  let nameEnd = firstToken;
  let afterCall = false;
  for (let i = 1; i < children.length; i++) {
    const link = children[i];
    if (!(link instanceof ChainLinkContext)) continue;
    const opener = link.children[0];
    const type = opener instanceof TerminalNode ? opener.symbol.type : -1;
    if (type === PlSqlLexer.LPAREN) {
      const closer = link.children[link.children.length - 1];
      if (!(closer instanceof TerminalNode) || closer.symbol.type !== PlSqlLexer.RPAREN) continue; // broken by an error
      let argumentCount = 0;
      let named = false;
      const args: ArgumentNode[] = [];
      for (const child of link.children) {
        if (!(child instanceof ArgumentContext || child instanceof QueryArgumentContext)) continue;
        argumentCount++;
        const second = child.children[1];
        if (second instanceof TerminalNode && second.symbol.type === PlSqlLexer.ARROW) {
          named = true;
          const value = child.children[2];
          args.push({ name: normalizeName(bc.exactText(child.children[0]!)), text: bc.textOf(value), range: bc.range(value) });
        } else {
          args.push({ text: bc.textOf(child), range: bc.range(child) });
        }
      }
      calls.push({
        kind: 'call',
        name: parts.length === 1 ? parts[0]! : parts.join('.'),
        parts: parts.slice(),
        range: bc.rangeOfTokens(firstToken, link.stop),
        nameRange: bc.rangeOfTokens(firstToken, nameEnd),
        argumentCount,
        args,
        context,
        mayBeCollectionAccess: parts.length === 1 && !afterCall && !named && argumentCount > 0,
      });
      // the call's node has its own copy of parts: the working list can change in place
      parts[parts.length - 1] += '()';
      afterCall = true;
    } else if (type === PlSqlLexer.DOT) {
      const name = link.children[1];
      if (name instanceof AnyNameContext) {
        parts.push(normalizeName(bc.exactText(name)));
        nameEnd = link.stop!;
      }
    } else if (type === PlSqlLexer.PERCENT_SIGN || type === PlSqlLexer.AT_SIGN) {
      // cursor attributes (c%rowcount) and database links do not name a different callee
      nameEnd = link.stop!;
    }
  }
  return calls;
}

/**
 * The dotted name a chain starts with, normalised, up to its first argument list: `PKG.C_PRICE` of
 * `pkg.c_price(r.id)`, `C` of `c(1).x` (a cursor in another package is named whole, not by its package).
 */
export function chainDottedName(bc: BuildContext, chain: NameChainContext): string {
  const children = chain.children;
  let name = normalizeName(bc.exactText(children[0]!));
  for (let i = 1; i < children.length; i++) {
    const link = children[i];
    if (!(link instanceof ChainLinkContext)) continue;
    const opener = link.children[0];
    if (!(opener instanceof TerminalNode) || opener.symbol.type !== PlSqlLexer.DOT) break;
    const part = link.children[1];
    if (!(part instanceof AnyNameContext)) break;
    name += `.${normalizeName(bc.exactText(part))}`;
  }
  return name;
}

function sqlKindOf(ctx: ParserRuleContext): SqlKind {
  const inner = ctx.children[0];
  if (inner instanceof SelectStatementContext || inner instanceof SubqueryContext || inner instanceof BareSubqueryContext) return 'select';
  if (inner instanceof InsertStatementContext) return 'insert';
  if (inner instanceof UpdateStatementContext) return 'update';
  if (inner instanceof DeleteStatementContext) return 'delete';
  if (inner instanceof MergeStatementContext) return 'merge';
  if (inner instanceof TransactionStatementContext) {
    switch (inner.start?.type) {
      case PlSqlLexer.COMMIT: return 'commit';
      case PlSqlLexer.ROLLBACK: return 'rollback';
      case PlSqlLexer.SAVEPOINT: return 'savepoint';
      case PlSqlLexer.SET: return 'set';
      case PlSqlLexer.LOCK: return 'lock';
      default: return 'other';
    }
  }
  return 'other';
}

/** Hints are comments on their own channel; a hint counts when it directly follows a DML keyword. */
export function hintsIn(bc: BuildContext, ctx: ParserRuleContext): HintNode[] {
  const hints: HintNode[] = [];
  if (!ctx.start || !ctx.stop) return hints;
  const all = bc.tokens.getTokens(ctx.start.tokenIndex, ctx.stop.tokenIndex);
  let previousDefault = -1;
  for (const token of all) {
    if (token.channel === HINTS_CHANNEL) {
      if (HINT_KEYWORDS.has(previousDefault)) {
        const text = (token.text ?? '').replace(/^\/\*\+/, '').replace(/\*\/$/, '').replace(/\s+/g, ' ').trim();
        hints.push({ kind: 'hint', text, range: bc.rangeOfTokens(token, token) });
      }
    } else if (token.channel === 0) {
      previousDefault = token.type;
    }
  }
  return hints;
}

/**
 * The tables and views a statement reads or writes. The names its WITH clause defines (`WITH cols AS (SELECT ...
 * FROM all_tab_cols) SELECT ... FROM cols`) are its own subqueries, not tables: their tables are listed instead.
 */
function tablesIn(bc: BuildContext, ctx: ParserRuleContext): string[] {
  const tables = new Set<string>();
  for (const target of descendants(ctx, DmlTargetContext, stopAtNestedStatements)) {
    const name = target.qualifiedName();
    if (name) tables.add(normalizeName(bc.textOf(name)));
  }
  const subqueryNames = new Set<string>();
  for (const element of descendants(ctx, FactoringElementContext, stopAtNestedStatements)) {
    const name = element.anyName(0);
    if (name) subqueryNames.add(normalizeName(bc.textOf(name)));
  }
  for (const primary of descendants(ctx, TablePrimaryContext, stopAtNestedStatements)) {
    const chain = primary.nameChain();
    if (chain && chain.chainLink().every((l: ChainLinkContext) => !l.LPAREN())) {
      const table = bc.exactText(chain).split('.').map(normalizeName).join('.');
      if (!subqueryNames.has(table)) tables.add(table);
    }
  }
  return [...tables];
}

/** Aggregate and analytic calls: a function inside one runs once per row it aggregates, not once per result row. */
const AGGREGATE = /\b(?:SUM|COUNT|AVG|MIN|MAX|LISTAGG|COLLECT|MEDIAN|STDDEV\w*|VAR\w*|XMLAGG|JSON_\w*AGG|STRING_AGG|ANY_VALUE)\s*\(|\bOVER\b/i;

/**
 * The token spans of a statement whose calls run once per execution, whatever rows it reads: the VALUES of an
 * INSERT ... VALUES (it inserts one row) and the select list of a SELECT ... INTO (it returns one row), unless
 * the select list aggregates (SUM(f(x)) calls f per row read), the block groups or is DISTINCT (the list runs for
 * every row before duplicates go). Subqueries inside are left out.
 */
function onceSpans(bc: BuildContext, ctx: ParserRuleContext): { spans: [number, number][]; nested: [number, number][] } | undefined {
  let region: ParserRuleContext | null = null;
  const inner = ctx.children[0];
  if (inner instanceof InsertStatementContext) {
    region = inner.valuesClause();
  } else {
    const into = descendants(ctx, IntoClauseContext, stopAtNestedStatements)[0];
    const block = into?.parent;
    if (into && !into.BULK() && block instanceof QueryBlockContext && !block.DISTINCT() && !block.UNIQUE() && !block.queryBlockClause().some((c) => c.children[0] instanceof GroupByClauseContext)) {
      const list = block.selectList();
      if (!AGGREGATE.test(bc.textOf(list))) region = list;
    }
  }
  if (!region?.start || !region.stop) return undefined;
  const nested = descendants(region, SubqueryContext, stopAtNestedStatements).map((s): [number, number] => [s.start!.tokenIndex, s.stop!.tokenIndex]);
  return { spans: [[region.start.tokenIndex, region.stop.tokenIndex]], nested };
}

/** Where a table function or SQL macro is called as a table (`FROM f(x)`): the chains' first tokens. */
function tableCallStarts(ctx: ParserRuleContext): Set<number> {
  const starts = new Set<number>();
  for (const primary of descendants(ctx, TablePrimaryContext, stopAtNestedStatements)) {
    const chain = primary.nameChain();
    if (chain?.start && chain.chainLink().some((l: ChainLinkContext) => l.LPAREN())) starts.add(chain.start.tokenIndex);
  }
  return starts;
}

/**
 * The calls of a SQL statement, those that run once per execution marked: see onceSpans, and a function called as
 * a table (`FROM html_table(p_table => q)`, a table function or SQL macro) returns its rows from one call.
 */
function sqlCalls(bc: BuildContext, ctx: ParserRuleContext): CallNode[] {
  const once = onceSpans(bc, ctx);
  const tableCalls = tableCallStarts(ctx);
  if (!once && tableCalls.size === 0) return collectCalls(bc, ctx, 'sql');
  const inside = (at: number, spans: [number, number][]) => spans.some(([from, to]) => at >= from && at <= to);
  const calls: CallNode[] = [];
  for (const chain of bc.chainsWithin(ctx, stopAtNestedStatements)) {
    const first = calls.length;
    callsOfChain(bc, chain, 'sql', calls);
    const at = chain.start!.tokenIndex;
    const runsOnce = tableCalls.has(at) || (once !== undefined && inside(at, once.spans) && !inside(at, once.nested));
    if (runsOnce) for (let i = first; i < calls.length; i++) calls[i]!.oncePerStatement = true;
  }
  return calls;
}

/** A SQL statement: the statement context itself or a subquery (cursor declarations, cursor FOR loops). */
export function buildSqlStatement(bc: BuildContext, ctx: SqlStatementContext | ParserRuleContext): SqlStatementNode {
  const intoClauses = descendants(ctx, IntoClauseContext, stopAtNestedStatements);
  const intoTargets: string[] = [];
  let bulkCollect = false;
  for (const into of intoClauses) {
    if (into.BULK()) bulkCollect = true;
    for (const target of into.expression()) intoTargets.push(bc.textOf(target));
  }
  return {
    kind: 'sql',
    sqlKind: ctx instanceof SubqueryContext || ctx instanceof SelectStatementContext ? 'select' : sqlKindOf(ctx),
    range: bc.range(ctx),
    hints: hintsIn(bc, ctx),
    calls: sqlCalls(bc, ctx),
    intoTargets,
    bulkCollect,
    tables: tablesIn(bc, ctx),
  };
}

