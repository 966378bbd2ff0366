/**
 * What conditional compilation costs: a unit whose every-branch view does not parse is parsed once per variant
 * (parser/conditionalCompilation.ts). Measured per corpus file with $IF directives, warm: the file as it is
 * against each variant alone (its text with the other branches and the directives blanked out, lines kept).
 * The target is at most twice the longest variant.
 *
 * The texts are timed in rounds (the file, then each variant, per round) and each text's median taken: timed
 * one after the other, a slow stretch of the shared machine fell on one text only, and a file that costs 1.2x
 * its variant showed as 2x to 5x from one run to the next.
 */
import { performance } from 'node:perf_hooks';
import { CharStream, CommonTokenStream, Token } from 'antlr4ng';
import { PlSqlLexer } from '../../server/src/parser/generated/PlSqlLexer.ts';
import { applyConditionalView, findConditionalStructure } from '../../server/src/parser/conditionalCompilation.ts';
import type { CorpusFile } from './corpus.ts';
import type { BenchParser } from './driver.ts';
import { median } from './stats.ts';

const ROUNDS = 9;

export interface VariantCost {
  file: string;
  variants: number;
  wholeMs: number;
  longestVariantMs: number;
  /** wholeMs / longestVariantMs. */
  ratio: number;
}

/** The text of each variant: every character of a token the variant hides becomes a blank. */
export function variantTexts(text: string): string[] {
  const stream = new CommonTokenStream(new PlSqlLexer(CharStream.fromString(text)));
  stream.fill();
  const tokens = stream.getTokens().filter((t) => t.type !== Token.EOF);
  const structure = findConditionalStructure(tokens);
  if (!structure) return [];
  const original = tokens.map((t) => t.channel);
  const out: string[] = [];
  for (let v = 0; v < structure.variantCount; v++) {
    applyConditionalView(tokens, structure, original, v);
    const chars = text.split('');
    tokens.forEach((t, i) => {
      if (t.channel === original[i]) return;
      for (let c = t.start; c <= t.stop; c++) if (chars[c] !== '\n' && chars[c] !== '\r') chars[c] = ' ';
    });
    out.push(chars.join(''));
  }
  return out;
}

/** The median time of each text, timed in interleaved rounds. */
function timeInRounds(parser: BenchParser, texts: readonly string[]): number[] {
  const times = texts.map((): number[] => []);
  for (let round = 0; round < ROUNDS; round++) {
    texts.forEach((text, i) => {
      const t = performance.now();
      parser.parse(text, { unitCache: false });
      times[i]!.push(performance.now() - t);
    });
  }
  return times.map(median);
}

/** Files with directives whose cost is measured, most expensive ratio first. */
export function measureVariantCosts(parser: BenchParser, corpus: readonly CorpusFile[]): VariantCost[] {
  const costs: VariantCost[] = [];
  for (const file of corpus) {
    if (!/\$if\b/i.test(file.text)) continue;
    const variants = variantTexts(file.text);
    if (variants.length < 2) continue;
    const [wholeMs, ...variantMs] = timeInRounds(parser, [file.text, ...variants]);
    const longestVariantMs = Math.max(...variantMs);
    costs.push({ file: file.path, variants: variants.length, wholeMs, longestVariantMs, ratio: wholeMs / longestVariantMs });
  }
  return costs.sort((a, b) => b.ratio - a.ratio);
}
