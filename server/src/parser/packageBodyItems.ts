/**
 * Splits a package body into its items (declarations, subprograms, the initialisation part) by scanning
 * tokens, without the parser. Used when a package body has syntax errors: each item is then parsed on its
 * own, so an error in one subprogram cannot make the parser misread the subprograms after it.
 *
 * The scan follows PL/SQL's block structure: BEGIN, CASE, IF and LOOP open, END closes (END IF, END LOOP
 * and END CASE close their opener); a subprogram ends at the ';' after the END of its body, a forward
 * declaration or call specification at its first ';', any other declaration at its ';'.
 */
import { CharStream, CommonTokenStream, type Token } from 'antlr4ng';
import { PlSqlLexer } from './generated/PlSqlLexer.ts';

export interface BodyItem {
  kind: 'declaration' | 'initialization';
  /** Character offsets in the segment text (end exclusive). */
  start: number;
  end: number;
}

export interface PackageBodyLayout {
  /** Everything up to and including IS/AS: `CREATE OR REPLACE PACKAGE BODY x AS`. */
  headerEnd: number;
  items: BodyItem[];
}

const OPENERS = new Set([PlSqlLexer.BEGIN, PlSqlLexer.CASE, PlSqlLexer.IF, PlSqlLexer.LOOP]);

function defaultTokens(text: string): Token[] {
  const lexer = new PlSqlLexer(CharStream.fromString(text));
  lexer.removeErrorListeners();
  const stream = new CommonTokenStream(lexer);
  stream.fill();
  return stream.getTokens().filter((t) => t.channel === 0 && t.type !== PlSqlLexer.EOF);
}

class Scanner {
  constructor(private readonly tokens: Token[]) {}

  type(i: number): number {
    return this.tokens[i]?.type ?? PlSqlLexer.EOF;
  }

  /** From BEGIN (or another opener) to just after the END that closes it, plus its label and ';'. */
  skipBlock(i: number): number {
    let depth = 0;
    for (; i < this.tokens.length; i++) {
      const type = this.type(i);
      if (type === PlSqlLexer.END) {
        depth--;
        const next = this.type(i + 1);
        if (next === PlSqlLexer.IF || next === PlSqlLexer.LOOP || next === PlSqlLexer.CASE) i++;
        if (depth === 0) {
          i++;
          while (i < this.tokens.length && this.type(i) !== PlSqlLexer.SEMI && !OPENERS.has(this.type(i))) i++;
          return this.type(i) === PlSqlLexer.SEMI ? i + 1 : i;
        }
      } else if (OPENERS.has(type)) {
        depth++;
      }
    }
    return i;
  }

  /** From PROCEDURE/FUNCTION to just after the subprogram (body, forward declaration or call spec). */
  skipSubprogram(i: number): number {
    let parens = 0;
    for (i++; i < this.tokens.length; i++) {
      const type = this.type(i);
      if (type === PlSqlLexer.LPAREN) parens++;
      else if (type === PlSqlLexer.RPAREN) parens--;
      else if (parens === 0 && type === PlSqlLexer.SEMI) return i + 1;
      else if (parens === 0 && (type === PlSqlLexer.IS || type === PlSqlLexer.AS)) return this.skipDeclarationsAndBody(i + 1);
    }
    return i;
  }

  private skipDeclarationsAndBody(i: number): number {
    if (this.type(i) === PlSqlLexer.LANGUAGE || this.type(i) === PlSqlLexer.EXTERNAL) return this.skipToSemicolon(i);
    while (i < this.tokens.length) {
      const type = this.type(i);
      if (type === PlSqlLexer.BEGIN) return this.skipBlock(i);
      if (type === PlSqlLexer.PROCEDURE || type === PlSqlLexer.FUNCTION) i = this.skipSubprogram(i);
      else i = this.skipToSemicolon(i);
    }
    return i;
  }

  skipToSemicolon(i: number): number {
    let parens = 0;
    for (; i < this.tokens.length; i++) {
      const type = this.type(i);
      if (type === PlSqlLexer.LPAREN) parens++;
      else if (type === PlSqlLexer.RPAREN) parens--;
      else if (parens <= 0 && type === PlSqlLexer.SEMI) return i + 1;
    }
    return i;
  }
}

/** Returns null when the text is not a package body or its items cannot be told apart. */
export function splitPackageBody(text: string): PackageBodyLayout | null {
  const tokens = defaultTokens(text);
  let i = 0;
  if (tokens[i]?.type !== PlSqlLexer.CREATE) return null;
  while (i < tokens.length && tokens[i]!.type !== PlSqlLexer.PACKAGE) i++;
  if (tokens[i + 1]?.type !== PlSqlLexer.BODY) return null;
  while (i < tokens.length && tokens[i]!.type !== PlSqlLexer.IS && tokens[i]!.type !== PlSqlLexer.AS) i++;
  if (i >= tokens.length) return null;
  const headerEnd = tokens[i]!.stop + 1;
  const scanner = new Scanner(tokens);
  const items: BodyItem[] = [];
  i++;
  while (i < tokens.length) {
    const type = tokens[i]!.type;
    if (type === PlSqlLexer.END) break; // the package's own END
    const start = i;
    if (type === PlSqlLexer.BEGIN) {
      // initialisation part: up to the package's final END label? ;
      const last = tokens.length - 1;
      items.push({ kind: 'initialization', start: tokens[start]!.start, end: tokens[last]!.stop + 1 });
      return { headerEnd, items };
    }
    i = type === PlSqlLexer.PROCEDURE || type === PlSqlLexer.FUNCTION ? scanner.skipSubprogram(i) : scanner.skipToSemicolon(i);
    if (i <= start) return null;
    items.push({ kind: 'declaration', start: tokens[start]!.start, end: tokens[Math.min(i, tokens.length) - 1]!.stop + 1 });
  }
  return { headerEnd, items };
}
