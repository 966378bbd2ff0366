/**
 * Shared state of one model build: the segment's text and tokens, and the single place where segment
 * positions become file positions.
 */
import { ParserRuleContext, TerminalNode, type CommonTokenStream, type ParseTree, type Token } from 'antlr4ng';
import type { Range } from '../nodes.ts';
import { PlSqlLexer } from '../../../parser/generated/PlSqlLexer.ts';
import type { NameChainContext } from '../../../parser/generated/PlSqlParser.ts';
import { hasAstralCharacters } from '../../../parser/stringCharStream.ts';

const MULTI_LINE_TOKENS = new Set([
  PlSqlLexer.STRING, PlSqlLexer.UNTERMINATED_STRING, PlSqlLexer.DELIMITED_ID, PlSqlLexer.BLOCK_COMMENT,
  PlSqlLexer.UNTERMINATED_COMMENT, PlSqlLexer.HINT_COMMENT, PlSqlLexer.OUTER_JOIN, PlSqlLexer.WS, PlSqlLexer.EOF,
]);

export interface SegmentOrigin {
  /** 1-based file line of the segment's first character. */
  line: number;
  /** 1-based file column of the segment's first character. */
  column: number;
}

export class BuildContext {
  constructor(
    readonly text: string,
    readonly tokens: CommonTokenStream,
    readonly origin: SegmentOrigin,
    readonly conditionalView: 'all' | number,
    /** Every name chain of the tree, ordered by position (recorded by the parser). */
    private readonly nameChains: readonly NameChainContext[],
  ) {
    this.hasAstral = hasAstralCharacters(text);
  }

  /**
   * The name chains inside `ctx` (ctx itself included), in text order, leaving out those below a context
   * for which `stop` is true. The chains are found by position among the parser's list and checked
   * through their ancestors: far cheaper than walking the subtree.
   */
  chainsWithin(ctx: ParserRuleContext, stop: (c: ParserRuleContext) => boolean): NameChainContext[] {
    const out: NameChainContext[] = [];
    if (!ctx.start || !ctx.stop) return out;
    const first = ctx.start.tokenIndex;
    const last = ctx.stop.tokenIndex;
    const chains = this.nameChains;
    // first chain starting at or after `first` (binary search)
    let low = 0;
    let high = chains.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (chains[middle]!.start!.tokenIndex < first) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < chains.length && chains[i]!.start!.tokenIndex <= last; i++) {
      const chain = chains[i]!;
      if (chain === ctx) {
        out.push(chain);
        continue;
      }
      let inside = false;
      for (let p = chain.parent; p; p = p.parent) {
        if (p === ctx) {
          inside = true;
          break;
        }
        if (stop(p)) break;
      }
      if (inside) out.push(chain);
    }
    return out;
  }

  private readonly hasAstral: boolean;

  /** File position of a token's first character. */
  private startOf(token: Token): { line: number; column: number } {
    return {
      line: token.line + this.origin.line - 1,
      column: token.line === 1 ? token.column + this.origin.column : token.column + 1,
    };
  }

  /** File position just after a token's last character. */
  private endOf(token: Token): { line: number; column: number } {
    const start = this.startOf(token);
    // Only these tokens can span lines; for the rest the length is enough. (Reading `token.text` builds a
    // new string from the char stream each time: it was a visible share of the model build.)
    if (!MULTI_LINE_TOKENS.has(token.type)) return { line: start.line, column: start.column + token.stop - token.start + 1 };
    const text = token.text ?? '';
    const breaks = text.match(/\r\n|\r|\n/g);
    if (!breaks) return { line: start.line, column: start.column + text.length };
    const lastBreak = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
    return { line: start.line + breaks.length, column: text.length - lastBreak };
  }

  rangeOfTokens(first: Token, last: Token | null): Range {
    const lastToken = last && last.tokenIndex >= first.tokenIndex ? last : first;
    if (MULTI_LINE_TOKENS.has(lastToken.type)) {
      const start = this.startOf(first);
      const end = this.endOf(lastToken);
      return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
    }
    // The common case, without the intermediate position objects (ranges are built for every node).
    const lineShift = this.origin.line - 1;
    return {
      line: first.line + lineShift,
      column: first.line === 1 ? first.column + this.origin.column : first.column + 1,
      endLine: lastToken.line + lineShift,
      endColumn: (lastToken.line === 1 ? lastToken.column + this.origin.column : lastToken.column + 1) + lastToken.stop - lastToken.start + 1,
    };
  }

  /**
   * Range of a subtree. Error recovery can leave required children missing (null) or empty; such a
   * subtree gets the range of the nearest token instead of failing the build.
   */
  range(tree: ParseTree | null | undefined): Range {
    if (!tree) return this.rangeOfTokens(this.tokens.get(0), null);
    if (tree instanceof TerminalNode) return this.rangeOfTokens(tree.symbol, tree.symbol);
    const ctx = tree as ParserRuleContext;
    if (!ctx.start) return this.rangeOfTokens(this.tokens.get(0), null);
    return this.rangeOfTokens(ctx.start, ctx.stop);
  }

  /**
   * Source text of a subtree exactly as written. Slices the segment text (cheap) instead of ANTLR's
   * getText(), which rebuilds every token's text from the char stream. Token offsets count code points, so
   * a segment with characters outside the BMP falls back to getText().
   */
  exactText(tree: ParseTree | null | undefined): string {
    if (!tree) return '';
    if (this.hasAstral) return tree.getText();
    if (tree instanceof TerminalNode) return this.text.slice(tree.symbol.start, tree.symbol.stop + 1);
    const ctx = tree as ParserRuleContext;
    if (!ctx.start || !ctx.stop || ctx.stop.tokenIndex < ctx.start.tokenIndex) return '';
    // hidden tokens (comments) inside a name are not part of it
    if (ctx.stop.tokenIndex - ctx.start.tokenIndex > 0) return ctx.getText();
    return this.text.slice(ctx.start.start, ctx.stop.stop + 1);
  }

  /** Source text of a subtree with runs of whitespace folded to one space. */
  textOf(tree: ParseTree | null | undefined): string {
    if (!tree) return '';
    if (tree instanceof TerminalNode) return tree.symbol.text ?? '';
    const ctx = tree as ParserRuleContext;
    if (!ctx.start || !ctx.stop || ctx.stop.tokenIndex < ctx.start.tokenIndex) return '';
    return foldWhitespace(this.text.slice(ctx.start.start, ctx.stop.stop + 1));
  }

  /**
   * Source text of a subtree with each comment replaced by a blank, whitespace folded. For declared types: once the
   * line breaks are folded, a `-- comment` after a record's field would swallow the fields after it.
   */
  codeTextOf(tree: ParseTree | null | undefined): string {
    if (!tree || tree instanceof TerminalNode || this.hasAstral) return this.textOf(tree);
    const ctx = tree as ParserRuleContext;
    if (!ctx.start || !ctx.stop || ctx.stop.tokenIndex < ctx.start.tokenIndex) return '';
    let code = '';
    let from = ctx.start.start;
    for (let i = ctx.start.tokenIndex + 1; i < ctx.stop.tokenIndex; i++) {
      const token = this.tokens.get(i);
      if (!COMMENTS.has(token.type)) continue;
      code += `${this.text.slice(from, token.start)} `;
      from = token.stop + 1;
    }
    return foldWhitespace(code + this.text.slice(from, ctx.stop.stop + 1));
  }
}

const COMMENTS = new Set([PlSqlLexer.LINE_COMMENT, PlSqlLexer.BLOCK_COMMENT, PlSqlLexer.UNTERMINATED_COMMENT]);

/** Oracle name resolution: unquoted names are upper case; quoted names keep their case without quotes. */
/** Runs of whitespace folded to one space, trimmed. Most texts have none: they are returned without a regex. */
export function foldWhitespace(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c <= 32 || c >= 127) return text.replace(/\s+/g, ' ').trim();
  }
  return text;
}

export function normalizeName(text: string): string {
  if (text.startsWith('"') && text.endsWith('"') && text.length >= 2) return text.slice(1, -1).replace(/""/g, '"');
  return text.toUpperCase();
}

/** Direct children of a context that are rule contexts of the given class. */
export function childrenOf<T extends ParserRuleContext>(ctx: ParserRuleContext, type: new (...args: never[]) => T): T[] {
  const out: T[] = [];
  for (const child of ctx.children) if (child instanceof type) out.push(child);
  return out;
}

export function firstChild<T extends ParserRuleContext>(ctx: ParserRuleContext, type: new (...args: never[]) => T): T | undefined {
  for (const child of ctx.children) if (child instanceof type) return child;
  return undefined;
}

/** Token types of a context's direct terminal children, in order. */
export function terminalTypes(ctx: ParserRuleContext): number[] {
  const out: number[] = [];
  for (const child of ctx.children) if (child instanceof TerminalNode) out.push(child.symbol.type);
  return out;
}

export function hasTerminal(ctx: ParserRuleContext, type: number): boolean {
  for (const child of ctx.children) if (child instanceof TerminalNode && child.symbol.type === type) return true;
  return false;
}

/** Every descendant context of a class, not descending into contexts for which `stop` returns true. */
export function descendants<T extends ParserRuleContext>(
  ctx: ParserRuleContext,
  type: new (...args: never[]) => T,
  stop: (c: ParserRuleContext) => boolean = () => false,
  out: T[] = [],
): T[] {
  // instanceof, not ruleIndex: ruleIndex is a getter on every generated class, a megamorphic call.
  const walk = (node: ParserRuleContext) => {
    for (const child of node.children) {
      if (!(child instanceof ParserRuleContext)) continue;
      if (child instanceof type) out.push(child);
      if (!stop(child)) walk(child);
    }
  };
  walk(ctx);
  return out;
}
