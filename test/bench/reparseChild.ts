/**
 * The re-parse of the largest package body, measured in rounds that alternate between the variants.
 *
 * On a shared machine the speed changes by up to 2x from one minute to the next. Measured once per parser,
 * minutes apart, the parsers would be compared at different machine speeds (one run of this benchmark had
 * the baseline at 72 ms, another at 148 ms). So the parent runs ROUNDS short child processes per variant,
 * in turn (ours with the model, ours to trees only, the baseline, then again), each timing RUNS_PER_ROUND
 * re-parses: every variant samples the same stretch of time, each in its own heap. Ours to trees only
 * runs in a process that builds no models at all, as the baseline's does.
 *
 * Warm-up in each child, untimed: ours parses the whole corpus once in the same mode (the state of a
 * process that has seen many files); the baseline does not (its corpus pass takes minutes). Each then
 * parses the file WARMUP_RUNS times, so the first timed run does not pay for the warm-up's garbage or for
 * compiling the file's paths.
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

/** The variants to time for the parsers of a run. */
export function reparseVariants(kinds: readonly ParserKind[]): ReparseVariant[] {
  return kinds.flatMap((kind): ReparseVariant[] => (kind === 'ours' ? ['ours', 'ours-trees'] : ['baseline']));
}

export function isReparseVariant(value: string): value is ReparseVariant {
  return value === 'ours' || value === 'ours-trees' || value === 'baseline';
}

/** One round in a fresh process: warm up, then time the re-parses of one variant. */
export async function runReparseRound(variant: ReparseVariant, limit: number | undefined): Promise<ReparseRound | undefined> {
  const corpus = loadCorpus(corpusRoot(), limit);
  const largest = largestPackageBody(corpus);
  if (!largest) return undefined;
  const parser = await loadParser(variant === 'baseline' ? 'baseline' : 'ours');
  const options = { unitCache: false, model: variant === 'ours' };
  if (variant !== 'baseline') for (const f of corpus) parser.parse(f.text, options);
  for (let i = 0; i < WARMUP_RUNS; i++) parser.parse(largest.text, options);
  const times: number[] = [];
  let errors = 0;
  for (let i = 0; i < RUNS_PER_ROUND; i++) {
    const t = performance.now();
    errors = parser.parse(largest.text, options).errors;
    times.push(performance.now() - t);
  }
  return { file: largest.path, lines: largest.lines, times: { [variant]: times }, errors: { [variant]: errors } };
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
