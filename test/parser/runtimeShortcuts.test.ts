/**
 * The parser's runtime shortcuts (string char stream, one-allocation tokens, blank skipping, the lexer DFA
 * walk, one-token prediction, name-chain recording) must not change a single token or tree: each is
 * compared with stock antlr4ng on real files from the corpus, and on texts made to hit their edge cases.
 * No corpus: fails under CI=true, skips otherwise (the edge cases run either way).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { BailErrorStrategy, CharStream, CommonTokenStream, ParseCancellationException, PredictionMode, Token, type ParserRuleContext } from 'antlr4ng';
import { PlSqlLexer } from '../../server/src/parser/generated/PlSqlLexer.ts';
import { PlSqlParser, NameChainContext } from '../../server/src/parser/generated/PlSqlParser.ts';
import { SegmentLexer } from '../../server/src/parser/segmentLexer.ts';
import { RecordingParser } from '../../server/src/parser/recordingParser.ts';
import { charStreamFor, StringCharStream } from '../../server/src/parser/stringCharStream.ts';
import { segmentScript } from '../../server/src/parser/script/segmentScript.ts';
import { corpusRoot, loadCorpus } from '../bench/corpus.ts';

const EDGE_CASES = [
  "begin x := 'a''b' || q'[c]'; end;\r\n/* c\r\n */ y := 1;\r\rz := 2;",
  'select "Ä", n\'ü\', \u00a0x\f from dual -- trailing',
  'x := 1; -- no newline at the end',
  "select 'astral \u{1F600}' , y from dual",
  '   \t\n\n',
  '',
  'where a.x(+) = b.y and c( \t+ ) = d and e(+1) > f (\n+)',
  'f(a, b);',
  ')',
  '(',
];

function describeTokens(lexer: PlSqlLexer): string[] {
  const stream = new CommonTokenStream(lexer);
  stream.fill();
  return stream.getTokens().map((t) => `${t.type}/${t.channel} ${t.start}-${t.stop} ${t.line}:${t.column} ${t.type === Token.EOF ? '' : t.text}`);
}

function stockTokens(text: string): string[] {
  const lexer = new PlSqlLexer(CharStream.fromString(text));
  lexer.removeErrorListeners();
  return describeTokens(lexer);
}

function ourTokens(text: string): string[] {
  const lexer = new SegmentLexer(charStreamFor(text));
  lexer.removeErrorListeners();
  return describeTokens(lexer);
}

/** The tree as nested rule indexes and token indexes, and the name chains in it, in entry order. */
function parseWith(parser: PlSqlParser): { tree: string; chains: number[] } | null {
  parser.removeErrorListeners();
  parser.errorHandler = new BailErrorStrategy();
  parser.interpreter.predictionMode = PredictionMode.SLL;
  try {
    const tree = parser.segment();
    const chains: number[] = [];
    const shape = (ctx: ParserRuleContext): string => {
      if (ctx instanceof NameChainContext) chains.push(ctx.start!.tokenIndex);
      return `(${ctx.ruleIndex} ${ctx.children.map((c) => ('symbol' in c ? String((c as { symbol: Token }).symbol.tokenIndex) : shape(c as ParserRuleContext))).join(' ')})`;
    };
    return { tree: shape(tree), chains };
  } catch (error) {
    if (error instanceof ParseCancellationException) return null;
    throw error;
  }
}

function compareParses(text: string): void {
  const stock = parseWith(new PlSqlParser(new CommonTokenStream(new PlSqlLexer(CharStream.fromString(text)))));
  const ours = new RecordingParser(new CommonTokenStream(new SegmentLexer(charStreamFor(text))));
  const result = parseWith(ours);
  assert.deepEqual(result?.tree, stock?.tree);
  if (result) assert.deepEqual(ours.nameChains.map((c) => c.start!.tokenIndex), result.chains);
}

const corpusFiles = existsSync(corpusRoot()) ? loadCorpus().filter((_, i) => i % 12 === 0) : [];
const noCorpus = corpusFiles.length === 0 ? (process.env.CI === 'true' ? false : 'no corpus at ../shared/corpus') : false;

test('string char stream: same characters and text as antlr4ng\'s', () => {
  const text = "ab\r\ncd 'é'";
  const ours = new StringCharStream(text);
  const stock = CharStream.fromString(text);
  for (let i = 0; i <= text.length; i++) {
    for (const offset of [-1, 1, 2]) assert.equal(ours.LA(offset), stock.LA(offset), `LA(${offset}) at ${i}`);
    if (i < text.length) {
      ours.consume();
      stock.consume();
    }
  }
  assert.equal(ours.getTextFromRange(2, 5), stock.getTextFromRange(2, 5));
  assert.equal(ours.size, stock.size);
  assert.ok(charStreamFor('x \u{1F600}') instanceof StringCharStream === false, 'astral text keeps antlr4ng\'s code-point stream');
});

test('our lexer gives the same tokens as the stock lexer on edge cases', () => {
  for (const text of EDGE_CASES) assert.deepEqual(ourTokens(text), stockTokens(text), JSON.stringify(text));
});

test('our lexer and parser give the same tokens and trees as stock antlr4ng on corpus files', { skip: noCorpus }, () => {
  assert.ok(corpusFiles.length > 0, 'the corpus is missing');
  let parsed = 0;
  for (const file of corpusFiles) {
    for (const segment of segmentScript(file.text)) {
      if (segment.kind !== 'code' || segment.wrapped) continue;
      const text = file.text.slice(segment.start, segment.end);
      assert.deepEqual(ourTokens(text), stockTokens(text), `${file.path} line ${segment.line}`);
      compareParses(text);
      parsed++;
    }
  }
  assert.ok(parsed > 100, `only ${parsed} segments compared`);
});
