/**
 * antlr4ng's lexer DFA walk without an allocation per character.
 *
 * LexerATNSimulator.execATN records the last accepting position in a new object every time the DFA passes
 * an accepting state, which is every character of an identifier or a number: a 160 kB package body made
 * over 100,000 of them. This walk keeps that position in locals and stores it once, in one object per
 * simulator that is reused (failOrAccept reads it at once and nothing keeps it), then hands over to
 * antlr4ng's own failOrAccept, exactly as execATN does. Everything else (building DFA states on a miss,
 * actions, errors) is antlr4ng's code.
 *
 * execATN is private in antlr4ng's typings, so the method is installed on the prototype rather than
 * declared as an override.
 */
import { ATNSimulator, LexerATNSimulator, Token, type ATNConfigSet, type CharStream, type DFAState } from 'antlr4ng';

interface AcceptedPosition {
  index: number;
  line: number;
  column: number;
  dfaState: DFAState;
}

/** The parts of LexerATNSimulator this walk uses that its typings keep private. */
interface SimulatorInternals {
  line: number;
  column: number;
  options: { minDFAEdge: number; maxDFAEdge: number };
  prevAccept: AcceptedPosition | undefined;
  /** Ours: the one position object this simulator reuses. */
  reusableAccept?: AcceptedPosition;
  computeTargetState(input: CharStream, s: DFAState, t: number): DFAState;
  failOrAccept(input: CharStream, reach: ATNConfigSet, t: number): number;
}

const LINE_FEED = 10;

function execATN(this: SimulatorInternals, input: CharStream, startState: DFAState): number {
  const { minDFAEdge, maxDFAEdge } = this.options;
  let state = startState;
  let accepted: DFAState | undefined;
  let acceptedIndex = 0;
  let acceptedLine = 0;
  let acceptedColumn = 0;
  if (state.isAcceptState) {
    accepted = state;
    acceptedIndex = input.index;
    acceptedLine = this.line;
    acceptedColumn = this.column;
  }
  let t = input.LA(1);
  for (;;) {
    let target = t >= minDFAEdge && t <= maxDFAEdge ? state.edges[t - minDFAEdge] : undefined;
    target ??= this.computeTargetState(input, state, t);
    if (target === ATNSimulator.ERROR) break;
    if (t !== Token.EOF) {
      if (t === LINE_FEED) {
        this.line += 1;
        this.column = 0;
      } else {
        this.column += 1;
      }
      input.consume();
    }
    if (target.isAcceptState) {
      accepted = target;
      acceptedIndex = input.index;
      acceptedLine = this.line;
      acceptedColumn = this.column;
      if (t === Token.EOF) break;
    }
    t = input.LA(1);
    state = target;
  }
  if (accepted) {
    const position = (this.reusableAccept ??= { index: 0, line: 0, column: 0, dfaState: accepted });
    position.index = acceptedIndex;
    position.line = acceptedLine;
    position.column = acceptedColumn;
    position.dfaState = accepted;
    this.prevAccept = position;
  } else {
    this.prevAccept = undefined;
  }
  return this.failOrAccept(input, state.configs, t);
}

export class AllocationFreeLexerSimulator extends LexerATNSimulator {}

Object.defineProperty(AllocationFreeLexerSimulator.prototype, 'execATN', { value: execATN, writable: true, configurable: true });
