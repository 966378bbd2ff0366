/**
 * One parser's measurements, run in its own fresh process so heaps and JIT state never mix:
 * heap before anything, module load, a cold pass over the corpus, a warm pass (timed per file), forced-GC heap,
 * and (ours) the edit re-parse of the largest package body with the unit cache on. The full re-parse of that
 * body is measured for both parsers side by side in reparseChild.ts.
 */
import { performance } from 'node:perf_hooks';
import { corpusRoot, largestPackageBody, loadCorpus, type CorpusFile } from './corpus.ts';
import { loadParser, type BenchParser, type BenchParseResult, type ParserKind, type SyntaxErrorInfo } from './driver.ts';
import { median, percentile } from './stats.ts';
import { REPARSE_RUNS } from './reparseChild.ts';
import { measureVariantCosts, type VariantCost } from './conditionalVariants.ts';

const WARM_PASSES = 3;

export interface FileResult {
  file: string;
  lines: number;
  encoding: string;
  errors: number;
  firstError?: SyntaxErrorInfo;
  exception?: string;
  detail?: string;
  coldMs: number;
  warmMs: number;
}

export interface ReparseResult {
  file: string;
  lines: number;
  runs: number;
  medianMs: number;
  maxMs: number;
  errors: number;
}

export interface EditReparseResult extends ReparseResult {
  /** 1-based line that was changed (the line after the first `begin` of the first procedure/function). */
  editedLine: number;
  /** Syntax errors of the edited text (should equal the unedited count). */
  editedErrors: number;
}

export interface ChildResult {
  parser: ParserKind;
  node: string;
  corpus: string;
  files: number;
  lines: number;
  zeroErrorFiles: number;
  pctZeroErrors: number;
  exceptions: number;
  moduleLoadMs: number;
  cold: { totalMs: number; linesPerSec: number };
  warm: { totalMs: number; linesPerSec: number; p50Ms: number; p95Ms: number; maxMs: number; maxFile: string };
  heap: { beforeBytes: number; afterWarmBytes: number; retainedBytes: number };
  /** Ours only: the same warm pass, parsing to trees without the syntax model (the baseline's work). */
  treesOnly?: { warmLinesPerSec: number };
  editReparse?: EditReparseResult;
  /** Ours only: files with conditional compilation parsed as they are against their longest variant alone. */
  conditionalVariants?: VariantCost[];
  /** Files with at least one syntax error (or an exception). */
  failures: { file: string; errors: number; firstError?: SyntaxErrorInfo; exception?: string }[];
  perFile: FileResult[];
}

function gc(): void {
  const g = (globalThis as { gc?: () => void }).gc;
  if (!g) throw new Error('run with node --expose-gc');
  g();
  g();
}

function heapUsed(): number {
  gc();
  return process.memoryUsage().heapUsed;
}

const MAX_MESSAGE = 240;

function safeParse(parser: BenchParser, text: string, unitCache = false, model = true): BenchParseResult & { exception?: string } {
  try {
    const r = parser.parse(text, { unitCache, model });
    if (r.firstError && r.firstError.message.length > MAX_MESSAGE) {
      r.firstError = { ...r.firstError, message: `${r.firstError.message.slice(0, MAX_MESSAGE)}…` };
    }
    return r;
  } catch (e) {
    const err = e instanceof Error ? `${e.name}: ${e.message}\n${e.stack ?? ''}` : String(e);
    return { errors: 1, firstError: undefined, exception: err };
  }
}

function progress(kind: string, phase: string, i: number, n: number): void {
  if (i % 200 === 0 || i === n) process.stderr.write(`[${kind}] ${phase} ${i}/${n}\n`);
}

/** Offsets of the start of each line (0-based line index -> offset). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The 0-based index of the line after the first `begin` of the first procedure or function of the package body. */
export function findEditLine(text: string): number | undefined {
  const lines = text.split('\n');
  const body = lines.findIndex((l) => /\bpackage\s+body\b/i.test(l));
  if (body < 0) return undefined;
  const proc = lines.findIndex((l, i) => i > body && /^\s*(procedure|function)\s+["\w$#]+/i.test(l));
  if (proc < 0) return undefined;
  const begin = lines.findIndex((l, i) => i > proc && /^\s*begin\b/i.test(l));
  if (begin < 0 || begin + 1 >= lines.length) return undefined;
  return begin + 1;
}

/** The text with `null; /* edit N *\/ ` put in front of the given line: a real, unique change to one line. */
export function editedText(text: string, starts: readonly number[], line: number, n: number): string {
  const at = starts[line]!;
  return `${text.slice(0, at)}null; /* edit ${n} */ ${text.slice(at)}`;
}

function editReparse(parser: BenchParser, file: CorpusFile): EditReparseResult | undefined {
  const line = findEditLine(file.text);
  if (line === undefined) return undefined;
  const starts = lineStarts(file.text);
  const primed = safeParse(parser, file.text, true); // fills the unit cache
  const times: number[] = [];
  let editedErrors = 0;
  for (let i = 0; i < REPARSE_RUNS; i++) {
    const text = editedText(file.text, starts, line, i);
    const t = performance.now();
    editedErrors = safeParse(parser, text, true).errors;
    times.push(performance.now() - t);
  }
  return {
    file: file.path,
    lines: file.lines,
    runs: REPARSE_RUNS,
    medianMs: median(times),
    maxMs: Math.max(...times),
    errors: primed.errors,
    editedLine: line + 1,
    editedErrors,
  };
}

export async function runChild(kind: ParserKind, limit: number | undefined): Promise<ChildResult> {
  const beforeBytes = heapUsed();
  const root = corpusRoot();
  const corpus = loadCorpus(root, limit);
  const lines = corpus.reduce((s, f) => s + f.lines, 0);

  const t0 = performance.now();
  const parser = await loadParser(kind);
  const moduleLoadMs = performance.now() - t0;

  const perFile: FileResult[] = corpus.map((f) => ({ file: f.path, lines: f.lines, encoding: f.encoding, errors: 0, coldMs: 0, warmMs: 0 }));

  gc();
  let coldTotal = 0;
  corpus.forEach((f, i) => {
    const t = performance.now();
    const r = safeParse(parser, f.text);
    const ms = performance.now() - t;
    coldTotal += ms;
    const pf = perFile[i]!;
    pf.coldMs = ms;
    pf.errors = r.errors;
    if (r.firstError) pf.firstError = r.firstError;
    if (r.exception) pf.exception = r.exception;
    if (r.detail) pf.detail = r.detail;
    progress(kind, 'cold', i + 1, corpus.length);
  });

  // Ours runs the warm pass WARM_PASSES times and reports the median pass (and each file's median time):
  // on a shared machine one slow minute would otherwise decide the number. The baseline's pass takes
  // minutes and runs once.
  const passes = kind === 'ours' ? WARM_PASSES : 1;
  const passTotals: number[] = [];
  const fileTimes: number[][] = corpus.map(() => []);
  for (let pass = 0; pass < passes; pass++) {
    gc();
    let total = 0;
    corpus.forEach((f, i) => {
      const t = performance.now();
      safeParse(parser, f.text);
      const ms = performance.now() - t;
      total += ms;
      fileTimes[i]!.push(ms);
      progress(kind, passes > 1 ? `warm ${pass + 1}/${passes}` : 'warm', i + 1, corpus.length);
    });
    passTotals.push(total);
  }
  const warmTotal = median(passTotals);
  perFile.forEach((p, i) => (p.warmMs = median(fileTimes[i]!)));
  const afterWarmBytes = heapUsed();

  const warmSorted = perFile.map((p) => p.warmMs).sort((a, b) => a - b);
  const slowest = perFile.reduce((a, b) => (b.warmMs > a.warmMs ? b : a), perFile[0] ?? { file: '', warmMs: NaN } as FileResult);

  const largest = largestPackageBody(corpus);
  if (largest && kind === 'ours') process.stderr.write(`[${kind}] edit re-parse ${largest.path}\n`);
  const editResult = largest && kind === 'ours' ? editReparse(parser, largest) : undefined;
  let treesOnly: ChildResult['treesOnly'];
  if (kind === 'ours') {
    process.stderr.write(`[${kind}] warm passes, trees only\n`);
    const treeTotals: number[] = [];
    for (let pass = 0; pass < WARM_PASSES; pass++) {
      gc();
      const t = performance.now();
      for (const f of corpus) safeParse(parser, f.text, false, false);
      treeTotals.push(performance.now() - t);
    }
    treesOnly = { warmLinesPerSec: lines / (median(treeTotals) / 1000) };
  }
  let conditionalVariants: VariantCost[] | undefined;
  if (kind === 'ours') {
    process.stderr.write(`[${kind}] conditional compilation: files against their longest variant\n`);
    conditionalVariants = measureVariantCosts(parser, corpus);
  }

  const zeroErrorFiles = perFile.filter((p) => p.errors === 0).length;
  return {
    parser: kind,
    node: process.version,
    corpus: root,
    files: corpus.length,
    lines,
    zeroErrorFiles,
    pctZeroErrors: corpus.length ? (100 * zeroErrorFiles) / corpus.length : NaN,
    exceptions: perFile.filter((p) => p.exception).length,
    moduleLoadMs,
    cold: { totalMs: coldTotal, linesPerSec: lines / (coldTotal / 1000) },
    warm: {
      totalMs: warmTotal,
      linesPerSec: lines / (warmTotal / 1000),
      p50Ms: percentile(warmSorted, 50),
      p95Ms: percentile(warmSorted, 95),
      maxMs: slowest.warmMs,
      maxFile: slowest.file,
    },
    heap: { beforeBytes, afterWarmBytes, retainedBytes: afterWarmBytes - beforeBytes },
    ...(editResult ? { editReparse: editResult } : {}),
    ...(treesOnly ? { treesOnly } : {}),
    ...(conditionalVariants ? { conditionalVariants } : {}),
    failures: perFile
      .filter((p) => p.errors > 0 || p.exception)
      .map((p) => ({ file: p.file, errors: p.errors, ...(p.firstError ? { firstError: p.firstError } : {}), ...(p.exception ? { exception: p.exception } : {}) })),
    perFile,
  };
}
