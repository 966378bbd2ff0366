/**
 * Parser benchmark: our parser against the baseline (dt-sql-parser's grammars-v4 PL/SQL parser) on the corpus.
 *
 *   npm run bench                      # build, then node --expose-gc dist/bench-parse.mjs
 *   node --expose-gc dist/bench-parse.mjs [--quick] [--limit N] [--only ours|baseline]
 *   env PLSQL_PERF_CORPUS=DIR           # another corpus (default ../shared/corpus from the repository root)
 *
 * Each parser runs in fresh child processes driven by this same file (`--child KIND`): one for the cold first
 * parse (dist/bench-first-parse.mjs), one for everything else. Then short children (`--reparse-child VARIANT`)
 * time the re-parse of the largest package body, the variants in turn (reparseChild.ts), and one (`--rates-child`)
 * reads ../shared/corpus-wide and test/corpus-modern for their clean-file rates (ratesChild.ts). With both parsers,
 * the whole-process cold check of 60 utPLSQL files runs in interleaved rounds (coldCheck.ts); then a 5.5 MB package
 * body, clean and with one error in its last procedure, each in a fresh process (bigBodyChild.ts). This parent collects
 * their JSON, prints the tables and writes .bench/parse-results.json. No assertions: benchmarks report, they
 * do not fail.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runChild, type ChildResult } from './benchChild.ts';
import {
  ROUNDS,
  combineRounds,
  isReparseVariant,
  reparseVariants,
  runReparseRound,
  type InterleavedReparse,
  type ReparseRound,
  type ReparseVariant,
} from './reparseChild.ts';
import { corpusRoot, findRepoRoot, listCorpus, loadCorpus, smallFile } from './corpus.ts';
import { PARSER_KINDS, type ParserKind } from './driver.ts';
import type { FirstParseResult } from './firstParseChild.ts';
import { printReport, type BenchResults } from './benchReport.ts';
import { runRatesChild, type CorpusRate } from './ratesChild.ts';
import { runColdCheck } from './coldCheck.ts';
import type { BigBodyResult } from './bigBodyChild.ts';

export const QUICK_FILES = 150;
const CHILD_FLAGS = ['--expose-gc', '--max-old-space-size=8192'];

interface Args {
  limit: number | undefined;
  only: ParserKind | undefined;
  child: ParserKind | undefined;
  reparseChild: ReparseVariant | undefined;
  ratesChild: boolean;
  out: string | undefined;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { limit: undefined, only: undefined, child: undefined, reparseChild: undefined, ratesChild: false, out: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--quick') args.limit = QUICK_FILES;
    else if (a === '--limit') {
      args.limit = Number(value());
      if (!Number.isInteger(args.limit) || args.limit <= 0) throw new Error('--limit needs a positive integer');
    } else if (a === '--only' || a === '--child') {
      const v = value();
      if (!PARSER_KINDS.includes(v as ParserKind)) throw new Error(`${a} takes ours or baseline`);
      if (a === '--only') args.only = v as ParserKind;
      else args.child = v as ParserKind;
    } else if (a === '--reparse-child') {
      const v = value();
      if (!isReparseVariant(v)) throw new Error(`${a} takes ours, ours-trees or baseline`);
      args.reparseChild = v;
    } else if (a === '--rates-child') args.ratesChild = true;
    else if (a === '--out') args.out = value();
    else throw new Error(`unknown argument ${a} (expected --quick, --limit N, --only ours|baseline)`);
  }
  return args;
}

const self = fileURLToPath(import.meta.url);
const bundled = self.endsWith('.mjs');
const firstParseScript = join(dirname(self), bundled ? 'bench-first-parse.mjs' : 'firstParseChild.ts');
const bigBodyScript = join(dirname(self), bundled ? 'bench-big-body.mjs' : 'bigBodyChild.ts');

function runBigBody(variant: 'clean' | 'error'): BigBodyResult | { error: string } {
  process.stderr.write(`[ours] 5.5 MB package body, ${variant}, in a fresh process\n`);
  return runJsonChild<BigBodyResult>([bigBodyScript, `--${variant}`]);
}

/** Runs a child script in a fresh node process; its result is the JSON on the last line of its output. */
function runJsonChild<T>(args: readonly string[]): T | { error: string } {
  const r = spawnSync(process.execPath, [...nodeFlags(), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 << 20,
  });
  if (r.status !== 0) return { error: `exit ${r.status ?? r.signal}${r.error ? `: ${r.error.message}` : ''}` };
  try {
    return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as T;
  } catch {
    return { error: `no result: ${r.stdout.slice(0, 500)}` };
  }
}

/** Node flags for a child: the parent's own (e.g. `--import tsx` when run from source) plus ours. */
function nodeFlags(): string[] {
  return [...process.execArgv.filter((f) => !f.startsWith('--max-old-space-size') && f !== '--expose-gc'), ...CHILD_FLAGS];
}

function runFirstParse(kind: ParserKind, file: string): FirstParseResult | { error: string } {
  process.stderr.write(`[${kind}] cold first parse in a fresh process\n`);
  return runJsonChild<FirstParseResult>([firstParseScript, '--parser', kind, '--file', file]);
}

/** The re-parse rounds, the variants in turn, each round in a fresh process. */
function runReparse(kinds: readonly ParserKind[], limit: number | undefined, tmp: string): InterleavedReparse | { error: string } | undefined {
  const rounds: ReparseRound[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const variant of reparseVariants(kinds)) {
      process.stderr.write(`[${variant}] re-parse round ${round}/${ROUNDS}\n`);
      const out = join(tmp, `reparse-${variant}-${round}.json`);
      const args = [...nodeFlags(), self, '--reparse-child', variant, '--out', out, ...(limit ? ['--limit', String(limit)] : [])];
      const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit'] });
      if (r.status !== 0) return { error: `${variant} round ${round}: exit ${r.status ?? r.signal}${r.error ? `: ${r.error.message}` : ''}` };
      const result = JSON.parse(readFileSync(out, 'utf8')) as ReparseRound | null;
      if (!result) return undefined;
      rounds.push(result);
    }
  }
  return combineRounds(rounds);
}

function runMeasurements(kind: ParserKind, limit: number | undefined, tmp: string): ChildResult | { error: string } {
  const out = join(tmp, `${kind}.json`);
  const args = [...nodeFlags(), self, '--child', kind, '--out', out, ...(limit ? ['--limit', String(limit)] : [])];
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) return { error: `exit ${r.status ?? r.signal}${r.error ? `: ${r.error.message}` : ''}` };
  try {
    return JSON.parse(readFileSync(out, 'utf8')) as ChildResult;
  } catch (e) {
    return { error: `no result: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** Clean-file rates of the other corpora, ours only, in a fresh process. */
function runRates(tmp: string): CorpusRate[] | { error: string } {
  const out = join(tmp, 'rates.json');
  const r = spawnSync(process.execPath, [...nodeFlags(), self, '--rates-child', '--out', out], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) return { error: `exit ${r.status ?? r.signal}${r.error ? `: ${r.error.message}` : ''}` };
  return JSON.parse(readFileSync(out, 'utf8')) as CorpusRate[];
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.child) {
    const result = await runChild(args.child, args.limit);
    writeFileSync(args.out ?? `${args.child}.json`, JSON.stringify(result));
    return;
  }
  if (args.ratesChild) {
    writeFileSync(args.out ?? 'rates.json', JSON.stringify(await runRatesChild()));
    return;
  }
  if (args.reparseChild) {
    const result = await runReparseRound(args.reparseChild, args.limit);
    writeFileSync(args.out ?? 'reparse.json', JSON.stringify(result ?? null));
    return;
  }

  const root = corpusRoot();
  let paths: string[];
  try {
    paths = listCorpus(root);
  } catch (e) {
    console.error(`bench: cannot read the corpus at ${root} (${e instanceof Error ? e.message : String(e)}); set PLSQL_PERF_CORPUS`);
    process.exitCode = 2;
    return;
  }
  const corpus = loadCorpus(root, args.limit);
  const small = smallFile(corpus);
  console.error(`bench: ${corpus.length} of ${paths.length} corpus files from ${root}${args.limit ? ` (--limit ${args.limit})` : ''}`);

  const kinds = args.only ? [args.only] : PARSER_KINDS;
  const tmp = mkdtempSync(join(tmpdir(), 'plsql-perf-bench-'));
  const results: BenchResults = {
    date: new Date().toISOString(),
    node: process.version,
    corpus: root,
    limit: args.limit ?? null,
    firstParseFile: small?.path ?? null,
    parsers: {},
  };
  try {
    for (const kind of kinds) {
      const firstParse = small ? runFirstParse(kind, join(root, small.path)) : { error: 'empty corpus' };
      const measurements = runMeasurements(kind, args.limit, tmp);
      results.parsers[kind] = { firstParse, measurements };
    }
    const reparse = runReparse(kinds, args.limit, tmp);
    if (reparse) results.reparse = reparse;
    if (kinds.includes('ours')) results.rates = runRates(tmp);
    if (kinds.length === PARSER_KINDS.length) results.coldCheck = runColdCheck(root);
    if (kinds.includes('ours')) results.bigBody = (['clean', 'error'] as const).map((v) => runBigBody(v));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }

  printReport(results);
  const outDir = join(findRepoRoot(), '.bench');
  mkdirSync(outDir, { recursive: true });
  const outFile = join(outDir, 'parse-results.json');
  writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nfull results: ${outFile}`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exitCode = 2;
});
