/**
 * The generated parser, noting every name chain as it is parsed (and predicting through
 * dfaPrediction.ts).
 *
 * The model builder needs the calls of each statement, which live in name chains (`pkg.f(x)`). Finding
 * them by walking every statement's subtree visited each node of the tree again, with several `instanceof`
 * tests per node; the parser already creates every chain, so it hands them over in a list instead.
 */
import type { ParserRuleContext, TokenStream } from 'antlr4ng';
import { PlSqlParser, type NameChainContext } from './generated/PlSqlParser.ts';
import { DfaFirstPredictionSimulator } from './dfaPrediction.ts';

export class RecordingParser extends PlSqlParser {
  /** The chains of the current parse in the order they start (rules are entered in text order). */
  nameChains: NameChainContext[] = [];

  constructor(input: TokenStream) {
    super(input);
    // same ATN, DFA and context cache as the generated simulator; only prediction gets a fast path
    this.interpreter = new DfaFirstPredictionSimulator(this, this.atn, this.interpreter.decisionToDFA, this.interpreter.sharedContextCache);
  }

  override enterRule(context: ParserRuleContext, state: number, ruleIndex: number): void {
    super.enterRule(context, state, ruleIndex);
    if (ruleIndex === PlSqlParser.RULE_nameChain) this.nameChains.push(context as NameChainContext);
  }
}
