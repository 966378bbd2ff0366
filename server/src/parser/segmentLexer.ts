/**
 * The generated lexer with a cheaper token (and the DFA walk of lexerSimulator.ts).
 *
 * antlr4ng's Lexer.emit() allocates three objects per token: a [source, input] pair, an options object and
 * the CommonToken that copies the options out of it. On a dense 160 kB package body that was a tenth of the
 * lexing time and much of its garbage. Here every token of one input shares one pair and is built in one
 * allocation. Our lexer grammar has no actions that set a token's text, so the text always comes from the
 * input (the Lexer's private text override is never set).
 */
import { Token, type CharStream, type TokenSource, type WritableToken } from 'antlr4ng';
import { PlSqlLexer } from './generated/PlSqlLexer.ts';
import { AllocationFreeLexerSimulator } from './lexerSimulator.ts';
import { inlineMleBodyLength } from './mleInlineBody.ts';
import { otherDelimiterQQuoteLength } from './qQuote.ts';
import { sqlPrefixLineLength } from './sqlPrefixLine.ts';

type SourcePair = [TokenSource | null, CharStream | null];

export class SegmentToken implements WritableToken {
  tokenIndex = -1;
  private explicitText: string | undefined = undefined;

  constructor(
    /** Named and shaped like CommonToken's, which the error strategy copies into the tokens it conjures. */
    readonly source: SourcePair,
    public type: number,
    public channel: number,
    public start: number,
    public stop: number,
    public line: number,
    public column: number,
  ) {}

  get tokenSource(): TokenSource | null {
    return this.source[0];
  }

  get inputStream(): CharStream | null {
    return this.source[1];
  }

  set inputStream(input: CharStream | null) {
    this.source[1] = input;
  }

  get text(): string | undefined {
    if (this.explicitText !== undefined) return this.explicitText;
    const input = this.source[1];
    if (!input) return undefined;
    return this.start < input.size && this.stop < input.size ? input.getTextFromRange(this.start, this.stop) : '<EOF>';
  }

  set text(text: string | undefined) {
    this.explicitText = text;
  }

  setText(text: string | null): void {
    this.explicitText = text ?? undefined;
  }

  setType(type: number): void {
    this.type = type;
  }

  setLine(line: number): void {
    this.line = line;
  }

  setCharPositionInLine(column: number): void {
    this.column = column;
  }

  setChannel(channel: number): void {
    this.channel = channel;
  }

  setTokenIndex(index: number): void {
    this.tokenIndex = index;
  }

  toString(): string {
    const text = (this.text ?? '<no text>').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');
    const channel = this.channel > 0 ? `,channel=${this.channel}` : '';
    return `[@${this.tokenIndex},${this.start}:${this.stop}='${text}',<${this.type}>${channel},${this.line}:${this.column}]`;
  }
}

const CH_LPAREN = 40;

/**
 * Characters that always lex as one single-character token, so the DFA can be skipped for them: `,` `;`
 * and `)` start no other rule, and `(` starts only the outer-join marker `(+)` besides LPAREN.
 * test/parser/runtimeShortcuts.test.ts compares the result with the stock lexer on the corpus.
 */
const SINGLE_CHARACTER_TOKENS = (() => {
  const table = new Int32Array(128);
  table[44] = PlSqlLexer.COMMA;
  table[59] = PlSqlLexer.SEMI;
  table[41] = PlSqlLexer.RPAREN;
  table[CH_LPAREN] = PlSqlLexer.LPAREN;
  return table;
})();

/**
 * `5.`: a number may end in its decimal point (`x / 100.`). The grammar's NUMBER cannot say so without taking the
 * `1.` of a range `1..10`, so the form is read here: digits, a point, and then neither a point, a digit, an
 * exponent nor a type suffix (those forms the grammar reads). The length, or 0.
 */
function trailingDotNumberLength(input: CharStream): number {
  let k = 2;
  let c = input.LA(k);
  while (c >= 48 && c <= 57) c = input.LA(++k);
  if (c !== 46) return 0;
  const after = input.LA(k + 1) | 0x20;
  if (after === 46 || (after >= 48 && after <= 57) || after === 101 || after === 100 || after === 102) return 0;
  return k;
}

/** `(`, blanks, `+`: the start of OUTER_JOIN `( + )`, which the DFA must decide. */
function mayStartOuterJoin(input: CharStream): boolean {
  let k = 2;
  let c = input.LA(k);
  while (c === 32 || c === 9) c = input.LA(++k);
  return c === 43;
}

// Where the lexer is in `MLE LANGUAGE JAVASCRIPT [PURE]` (0: elsewhere).
const MLE_SEEN = 1;
const MLE_LANGUAGE = 2;
const MLE_LANGUAGE_NAMED = 3;

export class SegmentLexer extends PlSqlLexer {
  private pair: SourcePair = [null, null];
  private mleStage = 0;

  constructor(input: CharStream) {
    super(input);
    // same ATN and DFA as the generated simulator; see lexerSimulator.ts
    this.interpreter = new AllocationFreeLexerSimulator(this, this.atn, this.interpreter.decisionToDFA, this.interpreter.sharedContextCache);
  }

  /**
   * Spaces, tabs and line breaks between tokens are skipped here, before the DFA: the WS rule would skip
   * them too, but through the whole match-and-accept machinery, once per gap between two tokens (half of
   * all matches). Line and column move exactly as the lexer's own consume() moves them. Rarer blanks
   * (form feed, Unicode spaces) are left to the WS rule.
   */
  override nextToken(): Token {
    const input = this.inputStream;
    const simulator = this.interpreter;
    for (;;) {
      const c = input.LA(1);
      if (c === 32 || c === 9 || c === 13) {
        simulator.column += 1;
      } else if (c === 10) {
        simulator.line += 1;
        simulator.column = 0;
      } else {
        break;
      }
      input.consume();
    }
    const c = input.LA(1);
    if (this.mleStage === MLE_LANGUAGE_NAMED) {
      const length = inlineMleBodyLength((k) => input.LA(k + 1));
      if (length > 0) return this.emitWhole(PlSqlLexer.MLE_CODE, Token.DEFAULT_CHANNEL, length);
    }
    const single = c >= 0 && c < SINGLE_CHARACTER_TOKENS.length ? SINGLE_CHARACTER_TOKENS[c]! : 0;
    if (c === Token.EOF || (single !== 0 && !(c === CH_LPAREN && mayStartOuterJoin(input)))) {
      // A token that is always this one character (no rule can match longer from here), or the end: the
      // DFA caches no edge for EOF, so there every segment would pay a simulation over all lexer rules.
      this.tokenStartCharIndex = input.index;
      this.currentTokenStartLine = simulator.line;
      this.currentTokenColumn = simulator.column;
      this.type = c === Token.EOF ? Token.EOF : single;
      this.channel = Token.DEFAULT_CHANNEL;
      if (c !== Token.EOF) {
        input.consume();
        simulator.column += 1;
      }
      return this.emit();
    }
    if (c >= 48 && c <= 57) {
      const length = trailingDotNumberLength(input);
      if (length > 0) return this.emitWhole(PlSqlLexer.NUMBER, Token.DEFAULT_CHANNEL, length);
    } else if ((c | 0x20) === 113 || (c | 0x20) === 110) {
      const length = otherDelimiterQQuoteLength(input);
      if (length > 0) return this.emitWhole(PlSqlLexer.STRING, Token.DEFAULT_CHANNEL, length);
    } else if (c === 35) {
      const length = sqlPrefixLineLength(input);
      if (length > 0) return this.emitWhole(PlSqlLexer.LINE_COMMENT, Token.HIDDEN_CHANNEL, length);
    }
    return super.nextToken();
  }

  /**
   * A token the grammar cannot express, read here: a q-quoted literal with any delimiter (qQuote.ts) or a
   * SQL*Plus `#` line (sqlPrefixLine.ts).
   */
  private emitWhole(type: number, channel: number, length: number): Token {
    const input = this.inputStream;
    const simulator = this.interpreter;
    this.tokenStartCharIndex = input.index;
    this.currentTokenStartLine = simulator.line;
    this.currentTokenColumn = simulator.column;
    this.type = type;
    this.channel = channel;
    for (let k = 0; k < length; k++) {
      if (input.LA(1) === 10) {
        simulator.line += 1;
        simulator.column = 0;
      } else {
        simulator.column += 1;
      }
      input.consume();
    }
    return this.emit();
  }

  override emit(): Token {
    const token = new SegmentToken(
      this.sourcePair(), this.type, this.channel, this.tokenStartCharIndex, this.getCharIndex() - 1,
      this.currentTokenStartLine, this.currentTokenColumn,
    );
    if ((this.mleStage !== 0 || this.type === PlSqlLexer.MLE) && this.channel === Token.DEFAULT_CHANNEL) this.followMle(this.type);
    this.emitToken(token);
    return token;
  }

  override reset(seekBack?: boolean): void {
    super.reset(seekBack);
    this.mleStage = 0;
  }

  /** Follows `MLE LANGUAGE name [PURE]`, after which an inline body with any delimiter may start (mleInlineBody.ts). */
  private followMle(type: number): void {
    if (type === PlSqlLexer.MLE) this.mleStage = MLE_SEEN;
    else if (this.mleStage === MLE_SEEN && type === PlSqlLexer.LANGUAGE) this.mleStage = MLE_LANGUAGE;
    else if ((this.mleStage === MLE_LANGUAGE || this.mleStage === MLE_LANGUAGE_NAMED) && type === PlSqlLexer.ID) this.mleStage = MLE_LANGUAGE_NAMED;
    else this.mleStage = 0;
  }

  /** The [lexer, input] pair every token of the current input shares. */
  private sourcePair(): SourcePair {
    const input = this.inputStream;
    if (this.pair[1] !== input) this.pair = [this, input];
    return this.pair;
  }

  override emitEOF(): Token {
    const input = this.inputStream;
    const eof = new SegmentToken(this.sourcePair(), Token.EOF, Token.DEFAULT_CHANNEL, input.index, input.index - 1, this.line, this.column);
    this.emitToken(eof);
    return eof;
  }
}
