/**
 * The baseline: the PL/SQL parser shipped in dt-sql-parser@4.0.0-beta.4.16 (an older grammars-v4 snapshot,
 * generated for antlr4ng 2.0.11), driven the standard way: SLL with BailErrorStrategy, and on
 * ParseCancellationException a fresh LL parse with the default error strategy. Syntax errors (lexer and parser)
 * are counted by an error listener.
 *
 * The runtime classes must come from dt-sql-parser's own antlr4ng 2.0.11 (mixing runtimes breaks `instanceof`),
 * hence the deep import of its ESM build.
 */
import {
  BailErrorStrategy,
  BaseErrorListener,
  CharStreams,
  CommonTokenStream,
  DefaultErrorStrategy,
  ParseCancellationException,
  PredictionMode,
} from 'dt-sql-parser/node_modules/antlr4ng/dist/index.mjs';
import { PlSqlLexer } from 'dt-sql-parser/dist/lib/plsql/PlSqlLexer.js';
import { PlSqlParser } from 'dt-sql-parser/dist/lib/plsql/PlSqlParser.js';
import type { BenchParseResult, SyntaxErrorInfo } from './driver.ts';

class CountingListener extends BaseErrorListener {
  count = 0;
  first: SyntaxErrorInfo | undefined;
  override syntaxError(_r: unknown, _s: unknown, line: number, column: number, msg: string): void {
    this.count++;
    this.first ??= { line, column: column + 1, message: msg };
  }
}

export function parseBaseline(text: string): BenchParseResult {
  const listener = new CountingListener();
  const lexer = new PlSqlLexer(CharStreams.fromString(text));
  lexer.removeErrorListeners();
  lexer.addErrorListener(listener);
  const tokens = new CommonTokenStream(lexer);

  const sll = new PlSqlParser(tokens);
  sll.removeErrorListeners();
  sll.errorHandler = new BailErrorStrategy();
  sll.interpreter.predictionMode = PredictionMode.SLL;
  let stage: 'sll' | 'll' = 'sll';
  try {
    sll.program();
  } catch (e) {
    if (!(e instanceof ParseCancellationException)) throw e;
    stage = 'll';
    tokens.seek(0);
    const ll = new PlSqlParser(tokens);
    ll.removeErrorListeners();
    ll.addErrorListener(listener);
    ll.errorHandler = new DefaultErrorStrategy();
    ll.interpreter.predictionMode = PredictionMode.LL;
    ll.program();
  }
  return { errors: listener.count, firstError: listener.first, detail: stage };
}
