/**
 * Clean-file rate of a corpus: the share of files our parser reads without a syntax error, and every failing file
 * with its first error, so grammar work can iterate on one corpus at a time.
 *
 *   node --import tsx test/bench/cleanRate.ts DIR [DIR...]     # one line per corpus, then the failures
 *   node --import tsx test/bench/cleanRate.ts --summary DIR    # rates only
 */
import { resolve } from 'node:path';
import { listCorpus, readCorpusFile } from './corpus.ts';
import { loadParser, type BenchParser, type SyntaxErrorInfo } from './driver.ts';

export interface CleanRateFailure {
  file: string;
  errors: number;
  firstError?: SyntaxErrorInfo;
  exception?: string;
}

export interface CleanRate {
  root: string;
  files: number;
  clean: number;
  /** Percentage of files with no syntax error and no exception, 0..100. */
  pct: number;
  failures: CleanRateFailure[];
}

/** Parses every corpus file under `root` (the bench's file selection) and counts the clean ones. */
export function cleanRate(parser: BenchParser, root: string): CleanRate {
  const failures: CleanRateFailure[] = [];
  const paths = listCorpus(root);
  for (const path of paths) {
    const { text } = readCorpusFile(root, path);
    try {
      const r = parser.parse(text, { model: true });
      if (r.errors > 0) failures.push({ file: path, errors: r.errors, firstError: r.firstError });
    } catch (e) {
      failures.push({ file: path, errors: 1, exception: e instanceof Error ? e.message : String(e) });
    }
  }
  const clean = paths.length - failures.length;
  return { root, files: paths.length, clean, pct: paths.length ? (100 * clean) / paths.length : 100, failures };
}

export function formatRate(r: CleanRate): string {
  return `${r.pct.toFixed(2)}% clean (${r.clean}/${r.files}) ${r.root}`;
}

export function formatFailure(f: CleanRateFailure): string {
  const where = f.firstError ? `${f.firstError.line}:${f.firstError.column} ${f.firstError.message}` : (f.exception ?? '');
  return `  ${f.file}: ${f.errors} error(s): ${where.replace(/\s+/g, ' ').slice(0, 200)}`;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const summary = argv.includes('--summary');
  const dirs = argv.filter((a) => a !== '--summary');
  if (dirs.length === 0) {
    console.error('usage: node --import tsx test/bench/cleanRate.ts [--summary] DIR [DIR...]');
    process.exitCode = 2;
    return;
  }
  const parser = await loadParser('ours');
  for (const dir of dirs) {
    const r = cleanRate(parser, resolve(dir));
    console.log(formatRate(r));
    if (!summary) for (const f of r.failures) console.log(formatFailure(f));
  }
}

if (process.argv[1] && /cleanRate\.(ts|mjs)$/.test(process.argv[1])) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
    process.exitCode = 2;
  });
}
