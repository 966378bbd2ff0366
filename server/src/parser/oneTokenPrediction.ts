/**
 * ANTLR's prediction with a fast path for decisions the next token settles.
 *
 * Every decision that is not LL(1) in the grammar goes through adaptivePredict, even when its DFA already
 * maps the next token straight to an answer, which is nearly always the case once the DFA is warm (keywords
 * that double as names, like SET or EXCEPTION, make a decision non-LL(1) for every other token too).
 * antlr4ng then allocates a prediction-state object and a merge cache, and marks and seeks the token
 * stream, per call: on a dense package body that was a tenth of the parse. Here a DFA edge from the start
 * state that ends in a plain accept state is answered directly; it is the first step of execATN, which
 * would return the same alternative. Everything else goes to antlr4ng unchanged.
 */
import { ATNSimulator, ParserATNSimulator, PredictionMode, type ParserRuleContext, type TokenStream } from 'antlr4ng';

export class OneTokenPredictionSimulator extends ParserATNSimulator {
  override adaptivePredict(input: TokenStream, decision: number, outerContext: ParserRuleContext | null): number {
    const dfa = this.decisionToDFA[decision]!;
    const start = dfa.isPrecedenceDfa ? undefined : dfa.s0;
    if (start) {
      // edges are shifted by one so that EOF (-1) maps to 0
      const target = start.edges[input.LA(1) + 1];
      if (
        target !== undefined && target !== ATNSimulator.ERROR && target.isAcceptState && target.predicates === null &&
        (!target.requiresFullContext || this.predictionMode === PredictionMode.SLL)
      ) {
        return target.prediction;
      }
    }
    return super.adaptivePredict(input, decision, outerContext);
  }
}
