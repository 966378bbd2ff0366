/**
 * The generated parser, noting every name chain as it is parsed (and predicting through
 * dfaPrediction.ts), with a bound on how deeply rules may nest.
 *
 * The model builder needs the calls of each statement, which live in name chains (`pkg.f(x)`). Finding
 * them by walking every statement's subtree visited each node of the tree again, with several `instanceof`
 * tests per node; the parser already creates every chain, so it hands them over in a list instead.
 *
 * Nesting: the generated parser is recursive descent, and so are the model builders and everything that walks
 * the tree. A thousand nested IFs or a few thousand nested parentheses used to overflow the call stack, and the
 * RangeError took the whole file with it. Past MAX_RULE_DEPTH nested rule invocations the parse stops with
 * NestingTooDeep, which the caller reports as an error of that unit alone. Real code stays far below: each IF
 * level costs two rule levels, each parenthesis about four.
 *
 * Statements and declarations are where error recovery resumes (statementRecovery.ts): their rules catch the
 * StatementAbort of an error inside them and return the part that was parsed.
 */
import type { ParserRuleContext, TokenStream } from 'antlr4ng';
import { PlSqlParser, type DeclareItemContext, type NameChainContext, type StatementContext } from './generated/PlSqlParser.ts';
import { DfaFirstPredictionSimulator } from './dfaPrediction.ts';
import { StatementAbort } from './statementRecovery.ts';

export const MAX_RULE_DEPTH = 1500;

/** The parse went deeper than MAX_RULE_DEPTH rule invocations; `line` is where (1-based, in the parsed text). */
export class NestingTooDeep extends Error {
  constructor(readonly line: number, readonly column: number) {
    super(`nesting too deep at line ${line}`);
    this.name = 'NestingTooDeep';
  }
}

export class RecordingParser extends PlSqlParser {
  /** The chains of the current parse in the order they start (rules are entered in text order). */
  nameChains: NameChainContext[] = [];
  private depth = 0;

  constructor(input: TokenStream) {
    super(input);
    // same ATN, DFA and context cache as the generated simulator; only prediction gets a fast path
    this.interpreter = new DfaFirstPredictionSimulator(this, this.atn, this.interpreter.decisionToDFA, this.interpreter.sharedContextCache);
  }

  override reset(): void {
    super.reset();
    this.depth = 0;
  }

  override enterRule(context: ParserRuleContext, state: number, ruleIndex: number): void {
    // Thrown before the rule is entered: generated code calls exitRule() only for a rule whose enterRule returned.
    if (this.depth >= MAX_RULE_DEPTH) {
      const at = this.getCurrentToken();
      throw new NestingTooDeep(at.line, at.column + 1);
    }
    this.depth++;
    super.enterRule(context, state, ruleIndex);
    if (ruleIndex === PlSqlParser.RULE_nameChain) this.nameChains.push(context as NameChainContext);
  }

  override exitRule(): void {
    this.depth--;
    super.exitRule();
  }

  override statement(): StatementContext {
    return this.resumingAfterErrors(() => super.statement());
  }

  override declareItem(): DeclareItemContext {
    return this.resumingAfterErrors(() => super.declareItem());
  }

  private resumingAfterErrors<T extends ParserRuleContext>(rule: () => T): T {
    try {
      return rule();
    } catch (error) {
      // the abort is this rule's when its context was the innermost statement (now exited: its parent is current)
      if (!(error instanceof StatementAbort) || error.context.parent !== this.context) throw error;
      this.tokenStream.seek(error.resumeIndex);
      return error.context as T;
    }
  }
}
