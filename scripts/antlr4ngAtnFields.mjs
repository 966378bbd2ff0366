// Rewrite of antlr4ng's runtime for the bundle: ATNState and Transition set their fields in their constructors.
//
// Why: the same as for ParserRuleContext (antlr4ngFastContexts.mjs). Both are base classes of many classes
// (14 kinds of ATN state, 10 of transition), and a class field initializer in the base class sees every
// subclass's object shape: V8's define-property inline cache turns megamorphic, and each of the tens of
// thousands of states and transitions the ATN deserializer makes at every start takes the slow path. Plain
// assignments in the constructor, in the same order, give the same objects (no getters or setters on those
// names; `target` was declared and then assigned by the constructor anyway).
//
// The rewrites are exact-text; if antlr4ng's source changes, the build fails instead of silently skipping.
const rewrites = [
  [
    `  static stateType = _ATNState.INVALID_STATE_NUMBER;
  stateNumber = 0;
  ruleIndex = 0;
  // at runtime, we don't have Rule objects
  epsilonOnlyTransitions = false;
  /** Used to cache lookahead during parsing, not used during construction */
  nextTokenWithinRule;
  /** Track the transitions emanating from this ATN state. */
  transitions = [];
`,
    `  static stateType = _ATNState.INVALID_STATE_NUMBER;
  constructor() {
    this.stateNumber = 0;
    this.ruleIndex = 0;
    this.epsilonOnlyTransitions = false;
    this.nextTokenWithinRule = undefined;
    this.transitions = [];
  }
`,
  ],
  [
    `  /** The target of this transition. */
  target;
  constructor(target) {
`,
    `  constructor(target) {
`,
  ],
];

export function rewriteAtnFields(source) {
  let text = source;
  for (const [from, to] of rewrites) {
    if (text.split(from).length !== 2) throw new Error(`antlr4ngAtnFields: expected one '${from.trim().split('\n')[0]}'`);
    text = text.replace(from, to);
  }
  return text;
}
