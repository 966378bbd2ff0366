/**
 * ANTLR's default error recovery, bounded. At the end of the input the default strategy cannot consume
 * anything, and a loop whose body fails there can re-enter forever (seen with mutated inputs in the fuzz
 * test: the parser allocated until the heap ran out). This strategy does not try to resynchronise inside a
 * loop at EOF, and gives the parse up when recovery keeps failing at the same token.
 */
import { DefaultErrorStrategy, Token, type Parser, type RecognitionException } from 'antlr4ng';

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
