/**
 * ANTLR's default error recovery, bounded, and by statement.
 *
 * Inside a PL/SQL statement or declaration, the first error abandons that statement (statementRecovery.ts):
 * one error per statement, and the next statement parses as if the broken one were not there. Elsewhere
 * (unit headers, SQL statements at the top level) ANTLR's recovery runs, bounded: at the end of the input the
 * default strategy cannot consume anything, and a loop whose body fails there can re-enter forever (seen with
 * mutated inputs in the fuzz test: the parser allocated until the heap ran out). This strategy does not try to
 * resynchronise inside a loop at EOF, and gives the parse up when recovery keeps failing at the same token.
 */
import { DefaultErrorStrategy, InputMismatchException, Token, type CommonTokenStream, type Parser, type RecognitionException } from 'antlr4ng';
import { PlSqlLexer } from './generated/PlSqlLexer.ts';
import { recoveryScope, statementEnd, StatementAbort } from './statementRecovery.ts';

/** Thrown when recovery makes no progress; the caller keeps the errors reported so far. */
export class RecoveryAbandoned extends Error {
  constructor() {
    super('error recovery made no progress');
  }
}

const MAX_RECOVERIES_AT_ONE_TOKEN = 32;

export class BoundedRecoveryStrategy extends DefaultErrorStrategy {
  private lastIndex = -1;
  private recoveriesAtIndex = 0;

  override reset(recognizer: Parser): void {
    super.reset(recognizer);
    this.lastIndex = -1;
    this.recoveriesAtIndex = 0;
  }

  override sync(recognizer: Parser): void {
    if (recognizer.inputStream.LA(1) === Token.EOF) return;
    super.sync(recognizer);
  }

  override reportError(recognizer: Parser, e: RecognitionException): void {
    super.reportError(recognizer, e);
    this.abandonStatement(recognizer);
  }

  override reportUnwantedToken(recognizer: Parser): void {
    super.reportUnwantedToken(recognizer);
    this.abandonStatement(recognizer);
  }

  override reportMissingToken(recognizer: Parser): void {
    super.reportMissingToken(recognizer);
    this.abandonStatement(recognizer);
  }

  /** Inside a statement a token is not conjured or dropped: the mismatch ends the statement (reportError). */
  override recoverInline(recognizer: Parser): Token {
    if (!recoveryScope(recognizer.context)) return super.recoverInline(recognizer);
    throw new InputMismatchException(recognizer);
  }

  /** After the statement's error has been reported: skip to its end and unwind to its rule. */
  private abandonStatement(recognizer: Parser): void {
    const scope = recoveryScope(recognizer.context);
    if (!scope?.start) return;
    const stream = recognizer.tokenStream as CommonTokenStream;
    const errorIndex = stream.index;
    const offending = stream.LT(1);
    const previous = stream.LT(-1);
    let resume: number;
    if (
      offending && previous && offending.line > previous.line && offending.type !== Token.EOF &&
      recognizer.getExpectedTokens().contains(PlSqlLexer.SEMI)
    ) {
      // a ';' missing at the end of a line: the statement ends there and the next line is the next statement
      resume = Math.max(errorIndex, scope.start.tokenIndex + 1);
    } else {
      resume = statementEnd(stream, scope.start.tokenIndex, errorIndex);
    }
    this.endErrorCondition(recognizer);
    throw new StatementAbort(scope, resume);
  }

  override recover(recognizer: Parser, e: RecognitionException): void {
    const index = recognizer.inputStream.index;
    if (index === this.lastIndex) {
      if (++this.recoveriesAtIndex > MAX_RECOVERIES_AT_ONE_TOKEN) throw new RecoveryAbandoned();
    } else {
      this.lastIndex = index;
      this.recoveriesAtIndex = 0;
    }
    super.recover(recognizer, e);
  }
}
