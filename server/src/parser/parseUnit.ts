/**
 * Parses one code segment (a PL/SQL unit, anonymous block or SQL statement) with the generated parser.
 *
 * - One lexer and one parser for the whole process, reset for every segment (creating them is the
 *   expensive part of a first parse).
 * - SLL prediction with a bail-out strategy first; only a segment that fails in SLL is parsed again in full
 *   LL with error recovery, which also produces the syntax errors.
 * - Conditional compilation: the segment is parsed once with every branch visible; if that fails, once per
 *   branch variant (see conditionalCompilation.ts). Each successful view is handed to `onTree`.
 * - The prediction cache (DFA) is bounded: past a state budget it is cleared, trading a short warm-up for
 *   a memory ceiling in a long-lived language server.
 */
import {
  BailErrorStrategy,
  BaseErrorListener,
  CharStream,
  CommonTokenStream,
  ParseCancellationException,
  PredictionMode,
  type ParserRuleContext,
  type RecognitionException,
  type Recognizer,
  Token,
  type ATNSimulator,
} from 'antlr4ng';
import { PlSqlLexer } from './generated/PlSqlLexer.ts';
import type { NameChainContext, PlSqlParser } from './generated/PlSqlParser.ts';
import { MAX_RULE_DEPTH, NestingTooDeep, RecordingParser } from './recordingParser.ts';
import { applyConditionalView, findConditionalStructure, type ConditionalStructure } from './conditionalCompilation.ts';
import { describeExpected, describeToken, unexpectedTokenMessage } from './syntaxErrorMessages.ts';
import { BoundedRecoveryStrategy, RecoveryAbandoned } from './boundedRecovery.ts';
import { charStreamFor } from './stringCharStream.ts';
import type { DfaFirstPredictionSimulator } from './dfaPrediction.ts';
import { SegmentLexer } from './segmentLexer.ts';
import { resolveContextualKeywords } from './contextualKeywords.ts';

/** Positions relative to the segment text: 1-based lines and columns, end column exclusive. */
export interface RelativeSyntaxError {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
}

/**
 * Moves an error from coordinates relative to some text to coordinates relative to an enclosing text in
 * which that text starts at `origin` (1-based). Columns move only on the first line.
 */
export function shiftRelative(error: RelativeSyntaxError, origin: { line: number; column: number }): RelativeSyntaxError {
  const column = (line: number, c: number) => (line === 1 ? c + origin.column - 1 : c);
  return {
    line: error.line + origin.line - 1,
    column: column(error.line, error.column),
    endLine: error.endLine + origin.line - 1,
    endColumn: column(error.endLine, error.endColumn),
    message: error.message,
  };
}

export type EntryRule = 'segment' | 'sqlplusExecute' | 'packageBodyItem';

/** What `onTree` receives for each parsed view of the segment. */
export interface ParsedView {
  tree: ParserRuleContext;
  tokens: CommonTokenStream;
  /** 'all' when every conditional-compilation branch was visible, else the branch variant number. */
  variant: 'all' | number;
  /** Every name chain of the tree, ordered by position. */
  nameChains: NameChainContext[];
}

export interface UnitParseResult<T> {
  views: T[];
  errors: RelativeSyntaxError[];
  /** True when the SLL pass failed and the segment was parsed again in LL mode. */
  usedFullContext: boolean;
}

const MAX_ERRORS_PER_SEGMENT = 25;
/** What a check-only parse records for a view that failed (nothing reads its position or text). */
const NOT_CLEAN: RelativeSyntaxError = { line: 1, column: 1, endLine: 1, endColumn: 2, message: 'does not parse' };
const DFA_STATE_BUDGET = 250_000;
const DFA_CHECK_INTERVAL = 200;

let lexer: PlSqlLexer | undefined;
let parser: RecordingParser | undefined;
let parsesSinceDfaCheck = 0;
const bail = new BailErrorStrategy();
const recover = new BoundedRecoveryStrategy();

function instances(): { lexer: PlSqlLexer; parser: RecordingParser } {
  if (!lexer || !parser) {
    lexer = new SegmentLexer(CharStream.fromString(''));
    lexer.removeErrorListeners();
    parser = new RecordingParser(new CommonTokenStream(lexer));
    parser.removeErrorListeners();
    parser.buildParseTrees = true;
  }
  return { lexer, parser };
}

class CollectingErrorListener extends BaseErrorListener {
  readonly errors: RelativeSyntaxError[] = [];

  constructor(private readonly parserRef: PlSqlParser) {
    super();
  }

  override syntaxError<S extends Token, T extends ATNSimulator>(
    _recognizer: Recognizer<T>,
    offendingSymbol: S | null,
    line: number,
    charPositionInLine: number,
    msg: string,
    e: RecognitionException | null,
  ): void {
    if (this.errors.length >= MAX_ERRORS_PER_SEGMENT) return;
    const expected = (e?.getExpectedTokens() ?? this.parserRef.getExpectedTokens()).toArray();
    const previous = offendingSymbol ? this.parserRef.tokenStream.LT(-1) : null;
    if (offendingSymbol && previous && unfinishedBefore(offendingSymbol, previous, msg, expected)) {
      // A statement being typed (`UPDATE t` and the next statement below it): the error is the unfinished
      // statement's, at its last token, not the next statement's, which is fine and was only read as its end.
      const wanted = describeExpected(expected, this.parserRef.vocabulary);
      const message = expected.includes(PlSqlLexer.SEMI) || !wanted
        ? `syntax error: ';' expected after ${describeToken(previous)}`
        : `syntax error: the statement is not finished after ${describeToken(previous)}: expected ${wanted}`;
      const range = tokenRange(previous, previous.line, previous.column);
      // Recovery may stop again before the same next line: one unfinished statement, one error (its first wording).
      const last = this.errors[this.errors.length - 1];
      if (last?.line === range.line && last.column === range.column) return;
      this.errors.push({ ...range, message });
      return;
    }
    let message: string;
    if (msg.startsWith('missing ')) {
      message = unexpectedTokenMessage(offendingSymbol, expected, this.parserRef.vocabulary);
    } else if (msg.startsWith('extraneous input')) {
      message = `syntax error: unexpected ${describeToken(offendingSymbol)}`;
    } else {
      message = unexpectedTokenMessage(offendingSymbol, expected, this.parserRef.vocabulary);
    }
    // An error at the end of the input points at the last token, so its range stays inside the text.
    const at = offendingSymbol?.type === PlSqlLexer.EOF ? (this.parserRef.tokenStream.LT(-1) ?? offendingSymbol) : offendingSymbol;
    this.errors.push({ ...tokenRange(at, line, charPositionInLine), message });
  }
}

/** Tokens after which a statement is expected, not missing: the error there is about what follows. */
const OPENERS = new Set([
  PlSqlLexer.SEMI, PlSqlLexer.BEGIN, PlSqlLexer.THEN, PlSqlLexer.ELSE, PlSqlLexer.LOOP, PlSqlLexer.IS, PlSqlLexer.AS,
  PlSqlLexer.DECLARE, PlSqlLexer.EXCEPTION,
]);

/**
 * The error is the previous statement's: the unexpected token starts a later line, the token before it does not
 * end a statement or open a block, and the parser did not simply find one token too many (ANTLR's "extraneous
 * input", where the token itself is the mistake). One "extraneous input" is the previous statement's too: where a
 * ';' would do. After a call statement (`log_it(x)` and, below it, `RETURN;` or `END;` or `l_total := 0;`) ANTLR
 * drops the next line's first token as one too many, because the token after it fits (`;`, or `:=` of an element
 * assignment); the ';' is what is missing (found by deleting the ';' of 1,020 statements of the corpora's package
 * bodies: 88 errors landed on the next line so).
 */
function unfinishedBefore(offending: Token, previous: Token, msg: string, expected: readonly number[]): boolean {
  if (offending.type === PlSqlLexer.EOF) return false;
  if (msg.startsWith('extraneous input') && !expected.includes(PlSqlLexer.SEMI)) return false;
  if (OPENERS.has(previous.type)) return false;
  const previousEnd = tokenRange(previous, previous.line, previous.column).endLine;
  return offending.line > previousEnd;
}

/** The 1-based range a token covers; EOF and empty tokens get a one-character range. */
export function tokenRange(token: Token | null, line: number, charPositionInLine: number) {
  const text = token && token.type !== PlSqlLexer.EOF ? (token.text ?? '') : '';
  const startLine = token?.line ?? line;
  const startColumn = (token?.column ?? charPositionInLine) + 1;
  if (!text) return { line: startLine, column: startColumn, endLine: startLine, endColumn: startColumn + 1 };
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length === 1) return { line: startLine, column: startColumn, endLine: startLine, endColumn: startColumn + text.length };
  return { line: startLine, column: startColumn, endLine: startLine + lines.length - 1, endColumn: lines[lines.length - 1]!.length + 1 };
}

function runEntry(p: PlSqlParser, entry: EntryRule): ParserRuleContext {
  switch (entry) {
    case 'segment': return p.segment();
    case 'sqlplusExecute': return p.sqlplusExecute();
    case 'packageBodyItem': return p.packageBodyItem();
  }
}

/**
 * Parses the token stream from its start: SLL first, LL with recovery on failure. `errors` null means the
 * caller only wants to know whether the view parses (the all-branches view of conditional compilation): a
 * failed SLL pass then ends it, without the costly recovering LL pass whose errors would be thrown away.
 */
function parseView(tokens: CommonTokenStream, entry: EntryRule, errors: RelativeSyntaxError[] | null) {
  const { parser: p } = instances();
  p.errorHandler = bail;
  tokens.seek(0);
  p.tokenStream = tokens;
  p.interpreter.predictionMode = PredictionMode.SLL;
  p.nameChains = [];
  try {
    return { tree: runEntry(p, entry), tokens, failed: false, usedFullContext: false, nameChains: p.nameChains };
  } catch (error) {
    if (error instanceof NestingTooDeep) return tooDeep(error, errors, tokens);
    if (!(error instanceof ParseCancellationException)) throw error;
  }
  if (!errors) return { tree: null, tokens, failed: true, usedFullContext: false, nameChains: [] };
  // The recovering strategy is shared between parses: reset() clears its error-recovery state too.
  p.errorHandler = recover;
  tokens.seek(0);
  p.reset();
  p.tokenStream = tokens;
  p.interpreter.predictionMode = PredictionMode.LL;
  p.nameChains = [];
  const listener = new CollectingErrorListener(p);
  p.addErrorListener(listener);
  try {
    const tree = runEntry(p, entry);
    if (errors) errors.push(...listener.errors);
    return { tree, tokens, failed: listener.errors.length > 0, usedFullContext: true, nameChains: p.nameChains };
  } catch (error) {
    if (error instanceof NestingTooDeep) return tooDeep(error, errors, tokens);
    if (!(error instanceof RecoveryAbandoned)) throw error;
    // no usable tree: keep the errors; the segment contributes no model
    if (errors) errors.push(...listener.errors);
    return { tree: null, tokens, failed: true, usedFullContext: true, nameChains: [] };
  } finally {
    p.removeErrorListeners();
  }
}

/**
 * Parentheses nest more cheaply than anything else (one token each), and a decision at an opening parenthesis
 * looks ahead through all the parentheses after it (is it a query?): n nested parentheses cost O(n^2) in
 * prediction before the depth guard of the parser is reached. They are counted first instead; the limit is
 * where the parser's guard would stop anyway.
 */
const MAX_PAREN_DEPTH = Math.floor(MAX_RULE_DEPTH / 4);

function parenthesesTooDeep(tokens: readonly Token[]): Token | null {
  let depth = 0;
  for (const token of tokens) {
    if (token.channel !== Token.DEFAULT_CHANNEL) continue;
    if (token.type === PlSqlLexer.LPAREN) {
      if (++depth > MAX_PAREN_DEPTH) return token;
    } else if (token.type === PlSqlLexer.RPAREN && depth > 0) depth--;
  }
  return null;
}

/** The unit nests deeper than the parser goes: one error, no tree (the other units of the file are unaffected). */
function tooDeep(error: NestingTooDeep, errors: RelativeSyntaxError[] | null, tokens: CommonTokenStream) {
  errors?.push({
    line: error.line, column: error.column, endLine: error.line, endColumn: error.column + 1,
    message: `${error.message}: this unit is not analysed`,
  });
  return { tree: null, tokens, failed: true, usedFullContext: false, nameChains: [] };
}

function boundPredictionCache(p: PlSqlParser): void {
  if (++parsesSinceDfaCheck < DFA_CHECK_INTERVAL) return;
  parsesSinceDfaCheck = 0;
  let states = 0;
  for (const dfa of p.interpreter.decisionToDFA) states += dfa.length;
  if (states > DFA_STATE_BUDGET) p.interpreter.clearDFA();
}

/**
 * SQL*Plus scripts use a substitution variable at the start of a line to switch the rest of the line on
 * or off (`&if_11g  , case ...`, defined elsewhere as '' or '--'). Its value is unknown here; the line is
 * analysed as if the variable were empty, so its code still reaches the rules.
 */
function hideLinePrefixSubstitutions(tokens: Token[]): void {
  let previousLine = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.channel !== 0) continue;
    const next = tokens[i + 1];
    if (
      token.type === PlSqlLexer.SUBSTITUTION &&
      token.line > previousLine &&
      next && next.channel === 0 && next.line === token.line && next.type !== PlSqlLexer.DOT &&
      next.start > token.stop + 1
    ) {
      (token as { channel: number }).channel = 1;
    }
    previousLine = token.line;
  }
}

/**
 * Whether the text parses without a syntax error. Only the SLL pass runs: no recovering LL pass, no error
 * messages, no model; the cheap question a caller asks before deciding to parse more text.
 */
export function parsesCleanly(text: string, entry: EntryRule): boolean {
  const result = parseSegmentText(text, entry, () => true, true);
  return result.errors.length === 0 && result.views.length > 0;
}

export function parseSegmentText<T>(
  text: string,
  entry: EntryRule,
  onView: (view: ParsedView) => T,
  checkOnly = false,
): UnitParseResult<T> {
  const { lexer: l, parser: p } = instances();
  l.inputStream = charStreamFor(text);
  const tokens = new CommonTokenStream(l);
  tokens.fill();
  // Channel changes made by the conditional-compilation pass are seen by the stream, which filters by
  // channel when it is read.
  // Every token but EOF: the passes below move tokens off the default channel, and EOF must stay on it.
  const all = tokens.getTokens();
  const tokenList = all.slice(0, all.length > 0 && all[all.length - 1]!.type === Token.EOF ? -1 : all.length);
  hideLinePrefixSubstitutions(tokenList);
  resolveContextualKeywords(tokenList);
  const errors: RelativeSyntaxError[] = [];
  const views: T[] = [];
  const tooDeepAt = parenthesesTooDeep(tokenList);
  if (tooDeepAt) {
    tooDeep(new NestingTooDeep(tooDeepAt.line, tooDeepAt.column + 1), errors, tokens);
    releaseInput(l, p);
    return { views, errors, usedFullContext: false };
  }
  const structure: ConditionalStructure | null = findConditionalStructure(tokenList);
  let usedFullContext = false;

  if (structure) {
    for (const problem of structure.problems) {
      errors.push({ ...tokenRange(problem.token, problem.token.line, problem.token.column), message: problem.message });
    }
    const originalChannels = tokenList.map((t) => t.channel);
    applyConditionalView(tokenList, structure, originalChannels, 'all');
    const all = parseView(tokens, entry, null);
    usedFullContext ||= all.usedFullContext;
    if (!all.failed && all.tree) {
      views.push(onView({ tree: all.tree, tokens: all.tokens, variant: 'all', nameChains: all.nameChains }));
    } else {
      for (let variant = 0; variant < structure.variantCount; variant++) {
        applyConditionalView(tokenList, structure, originalChannels, variant);
        const variantErrors: RelativeSyntaxError[] = [];
        const result = parseView(tokens, entry, checkOnly ? null : variantErrors);
        if (checkOnly && result.failed) variantErrors.push(NOT_CLEAN);
        usedFullContext ||= result.usedFullContext;
        for (const error of variantErrors) {
          const duplicate = errors.some((e) => e.line === error.line && e.column === error.column && e.message === error.message);
          if (!duplicate) errors.push(error);
        }
        if (result.tree) views.push(onView({ tree: result.tree, tokens: result.tokens, variant, nameChains: result.nameChains }));
      }
    }
  } else {
    const result = parseView(tokens, entry, checkOnly ? null : errors);
    if (checkOnly && result.failed) errors.push(NOT_CLEAN);
    usedFullContext = result.usedFullContext;
    if (result.tree) views.push(onView({ tree: result.tree, tokens: result.tokens, variant: 'all', nameChains: result.nameChains }));
  }
  boundPredictionCache(p);
  releaseInput(l, p);
  return { views, errors, usedFullContext };
}

/**
 * The lexer and parser live as long as the process; left alone they hold the last unit's text, every token and
 * (through the recorded name chains) its whole parse tree until the next parse. For a unit of 300,000
 * statements that was most of the check's memory, kept after its model was built.
 */
function releaseInput(l: PlSqlLexer, p: RecordingParser): void {
  p.nameChains = [];
  (p.interpreter as DfaFirstPredictionSimulator).forgetLastPrediction();
  p.tokenStream = emptyTokens ??= new CommonTokenStream(new SegmentLexer(CharStream.fromString('')));
  l.inputStream = CharStream.fromString('');
}

let emptyTokens: CommonTokenStream | undefined;
