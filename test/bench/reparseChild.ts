/**
 * The re-parse of the largest package body, measured in rounds that alternate between the parsers.
 *
 * On a shared machine the speed changes by up to 2x from one minute to the next. Measured once per parser,
 * minutes apart, the two would be compared at different machine speeds (one run of this benchmark had the
 * baseline at 72 ms, another at 148 ms). So the parent runs ROUNDS short child processes per parser, in
 * turn (ours, baseline, ours, baseline, ...), each timing RUNS_PER_ROUND re-parses: both parsers sample
 * the same stretch of time, each in its own heap.
 *
 * Warm-up in each child, untimed: ours parses the whole corpus once (the state of a language server that has
 * seen many files), then the file itself; the baseline parses the file itself (its corpus pass takes
 * minutes). Both parse the file WARMUP_RUNS times, so the first timed run does not pay for the warm-up's
 * garbage or for compiling the file's paths.
 */
import { performance } from 'node:perf_hooks';
import { corpusRoot, largestPackageBody, loadCorpus } from './corpus.ts';
import { loadParser, type ParserKind } from './driver.ts';
import { median } from './stats.ts';

export const ROUNDS = 4;
export const RUNS_PER_ROUND = 5;
export const REPARSE_RUNS = ROUNDS * RUNS_PER_ROUND;
const WARMUP_RUNS = 3;

/** ours = parse + syntax model; ours-trees = parse trees only (the baseline's work). */
export type ReparseVariant = 'ours' | 'ours-trees' | 'baseline';

export interface ReparseVariantResult {
  medianMs: number;
  maxMs: number;
  errors: number;
}

export interface InterleavedReparse {
  file: string;
  lines: number;
  runs: number;
  variants: Partial<Record<ReparseVariant, ReparseVariantResult>>;
}

/** What one child reports: the file and, per variant, its run times. */
export interface ReparseRound {
  file: string;
  lines: number;
  times: Partial<Record<ReparseVariant, number[]>>;
  errors: Partial<Record<ReparseVariant, number>>;
}

/** One round in a fresh process: warm up one parser, then time its re-parses (ours: with and without the model, in turn). */
export async function runReparseRound(kind: ParserKind, limit: number | undefined): Promise<ReparseRound | undefined> {
  const corpus = loadCorpus(corpusRoot(), limit);
  const largest = largestPackageBody(corpus);
  if (!largest) return undefined;
  const parser = await loadParser(kind);
  if (kind === 'ours') for (const f of corpus) parser.parse(f.text);
  const variants: [ReparseVariant, boolean][] = kind === 'ours' ? [['ours', true], ['ours-trees', false]] : [['baseline', false]];
  for (let i = 0; i < WARMUP_RUNS; i++) for (const [, model] of variants) parser.parse(largest.text, { unitCache: false, model });
  const round: ReparseRound = { file: largest.path, lines: largest.lines, times: {}, errors: {} };
  for (let i = 0; i < RUNS_PER_ROUND; i++) {
    for (const [variant, model] of variants) {
      const t = performance.now();
      round.errors[variant] = parser.parse(largest.text, { unitCache: false, model }).errors;
      (round.times[variant] ??= []).push(performance.now() - t);
    }
  }
  return round;
}

/** The rounds' times pooled per variant. */
export function combineRounds(rounds: readonly ReparseRound[]): InterleavedReparse | undefined {
  const first = rounds[0];
  if (!first) return undefined;
  const times: Partial<Record<ReparseVariant, number[]>> = {};
  const errors: Partial<Record<ReparseVariant, number>> = {};
  for (const round of rounds) {
    for (const [variant, list] of Object.entries(round.times) as [ReparseVariant, number[]][]) (times[variant] ??= []).push(...list);
    Object.assign(errors, round.errors);
  }
  const variants: InterleavedReparse['variants'] = {};
  let runs = 0;
  for (const [variant, list] of Object.entries(times) as [ReparseVariant, number[]][]) {
    variants[variant] = { medianMs: median(list), maxMs: Math.max(...list), errors: errors[variant] ?? 0 };
    runs = Math.max(runs, list.length);
  }
  return { file: first.file, lines: first.lines, runs, variants };
}
