/**
 * Error recovery by statement: an error inside a PL/SQL statement or declaration ends that statement at its
 * own end, and parsing goes on with the next one.
 *
 * ANTLR's own recovery resynchronises inside the rule that failed, which often leaves the parser in the middle
 * of the statement in a state that does not fit the rest of it: `x := ;` followed by `y := 1;` reported the
 * second line too (the `;` was taken as the end of the expression's recovery, then `y` as the missing `;`'s
 * place). Here the first error of a statement is reported, the parse of that statement is abandoned
 * (StatementAbort unwinds to the statement or declaration rule, see recordingParser.ts), and the tokens up to
 * its end are skipped: found by the block structure from the statement's first token, so an error in the
 * condition of an IF skips to after its END IF, not to the first `;` inside it.
 */
import { Token, type CommonTokenStream, type ParserRuleContext } from 'antlr4ng';
import { PlSqlLexer } from './generated/PlSqlLexer.ts';
import { DeclareItemContext, StatementContext } from './generated/PlSqlParser.ts';

/** Unwinds the parse to the statement or declaration `context`, to resume at token `resumeIndex`. */
export class StatementAbort extends Error {
  constructor(readonly context: ParserRuleContext, readonly resumeIndex: number) {
    super('statement abandoned after a syntax error');
  }
}

/** The innermost statement or declaration the parser is in, if any. */
export function recoveryScope(context: ParserRuleContext | null): ParserRuleContext | null {
  for (let c = context; c; c = c.parent as ParserRuleContext | null) {
    if (c instanceof StatementContext || c instanceof DeclareItemContext) return c;
  }
  return null;
}

type Opener = 'declare' | 'block' | 'control';

/**
 * The index of the token after the statement that starts at token `start`: after its closing `;`, or at the END
 * (or end of input) that closes the block around it when the statement never ends. `errorIndex` is where the
 * error is; the result is always past it or at it, and past `start`.
 */
export function statementEnd(stream: CommonTokenStream, start: number, errorIndex: number): number {
  const tokens = stream.getTokens();
  const open: Opener[] = [];
  let parens = 0;
  let afterEnd = false;
  let inSubprogramHeader = false;
  let i = start;
  for (; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.channel !== Token.DEFAULT_CHANNEL) continue;
    const type = token.type;
    if (type === Token.EOF) break;
    const wasAfterEnd = afterEnd;
    afterEnd = false;
    if (type === PlSqlLexer.LPAREN) parens++;
    else if (type === PlSqlLexer.RPAREN) parens = Math.max(0, parens - 1);
    // no statement has a ';' inside parentheses: one there means a parenthesis was never closed
    else if (type === PlSqlLexer.SEMI) parens = 0;
    if (parens > 0) continue;
    switch (type) {
      case PlSqlLexer.SEMI:
        inSubprogramHeader = false;
        if (open.length === 0 && i >= errorIndex) return i + 1;
        break;
      case PlSqlLexer.END:
        // the END of the block around the statement: the statement ends before it
        if (open.length === 0 && i > start && i >= errorIndex) return i;
        open.pop();
        afterEnd = true;
        break;
      case PlSqlLexer.IF:
      case PlSqlLexer.LOOP:
      case PlSqlLexer.CASE:
        if (!wasAfterEnd) open.push('control');
        break;
      case PlSqlLexer.DECLARE:
        open.push('declare');
        break;
      case PlSqlLexer.PROCEDURE:
      case PlSqlLexer.FUNCTION:
        inSubprogramHeader = true;
        break;
      case PlSqlLexer.IS:
      case PlSqlLexer.AS:
        if (inSubprogramHeader) open.push('declare');
        inSubprogramHeader = false;
        break;
      case PlSqlLexer.BEGIN:
        if (open[open.length - 1] === 'declare') open[open.length - 1] = 'block';
        else open.push('block');
        break;
      default:
        break;
    }
  }
  // the input ended inside the statement: resume at EOF
  return Math.max(i, start + 1);
}
