/**
 * ANTLR's prediction with a fast path through the existing DFA.
 *
 * Every decision that is not LL(1) in the grammar goes through adaptivePredict, even when its DFA already
 * holds the path for the next tokens, which is nearly always the case once the DFA is warm (keywords that
 * double as names, like SET or EXCEPTION, make a decision non-LL(1) for every other token too). antlr4ng
 * then allocates a prediction-state object and a merge cache, and marks, consumes and seeks the token
 * stream, per call: on a dense package body that was a tenth of the parse. Here the DFA's existing edges
 * are followed by peeking ahead (LA(k)) until a plain accept state answers, which are the same steps
 * execATN takes and the same alternative it returns. A missing edge, an error state, predicates, or a
 * state that asks for full-context prediction in LL mode go to antlr4ng unchanged, which then starts over.
 */
import { ATNSimulator, ParserATNSimulator, PredictionMode, Token, type ParserRuleContext, type TokenStream } from 'antlr4ng';

/** Peeking k tokens ahead costs O(k) in a CommonTokenStream; deeper decisions take antlr4ng's path. */
const MAX_PEEK = 6;

export class DfaFirstPredictionSimulator extends ParserATNSimulator {
  /**
   * antlr4ng keeps the last prediction's input and outer context, that is the last unit's tokens and parse tree,
   * until the next prediction: the check drops them once a unit's model is built.
   */
  forgetLastPrediction(): void {
    this.predictionState = undefined;
  }

  override adaptivePredict(input: TokenStream, decision: number, outerContext: ParserRuleContext | null): number {
    const dfa = this.decisionToDFA[decision]!;
    let state = dfa.isPrecedenceDfa ? undefined : dfa.s0;
    let k = 1;
    let t = input.LA(1);
    for (let depth = 0; state !== undefined && depth < MAX_PEEK; depth++) {
      // edges are shifted by one so that EOF (-1) maps to 0
      const target = state.edges[t + 1];
      if (target === undefined || target === ATNSimulator.ERROR) break;
      if (target.requiresFullContext && this.predictionMode !== PredictionMode.SLL) break;
      if (target.isAcceptState) {
        if (target.predicates === null) return target.prediction;
        break;
      }
      state = target;
      if (t !== Token.EOF) t = input.LA(++k);
    }
    return super.adaptivePredict(input, decision, outerContext);
  }
}
