// Rewrite of antlr4ng's runtime for the bundle: the XPath lexer's DFA list is made when an XPath lexer is made.
//
// Why: antlr4ng's XPathLexer (for tree XPath queries, which we never run) builds `decisionsToDFA` in a static
// field initializer, so loading the runtime deserializes its ATN, large Unicode sets included: about a tenth
// of a second of profile at every start of the command line and the language server. A static getter that
// builds the same list on first use is the same for every caller (the XPathLexer constructor reads it).
//
// The rewrite is exact-text; if antlr4ng's source changes, the build fails instead of silently skipping.
const eager = `  static decisionsToDFA = _XPathLexer._ATN.decisionToState.map((ds, index) => {
    return new DFA(ds, index);
  });
`;
const lazy = `  static __decisionsToDFA;
  static get decisionsToDFA() {
    _XPathLexer.__decisionsToDFA ??= _XPathLexer._ATN.decisionToState.map((ds, index) => {
      return new DFA(ds, index);
    });
    return _XPathLexer.__decisionsToDFA;
  }
`;

export function rewriteXPathLexerDfa(source) {
  if (source.split(eager).length !== 2) throw new Error("antlr4ngLazyXPathLexer: expected one eager 'static decisionsToDFA' in XPathLexer");
  return source.replace(eager, lazy);
}
