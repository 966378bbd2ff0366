/**
 * One syntax error at the end of a very large package body, in a fresh process:
 *   node dist/bench-big-body.mjs --clean|--error
 * Builds the body (bigBody.ts) from the corpus, then times its analysis (parse, model, rules: the check's work
 * on one file) and reports the process's peak resident memory. Prints one JSON line.
 */
import { performance } from 'node:perf_hooks';
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import { buildBigBody } from './bigBody.ts';
import { corpusRoot, loadCorpus } from './corpus.ts';

export interface BigBodyResult {
  variant: 'clean' | 'error';
  bytes: number;
  lines: number;
  items: number;
  errorLine: number | null;
  ms: number;
  maxRssBytes: number;
  syntaxErrors: { line: number; message: string }[];
}

const variant = process.argv.includes('--error') ? 'error' : 'clean';
const body = buildBigBody(loadCorpus(corpusRoot()), variant === 'error');
const t = performance.now();
const result = analyzeText(body.text, { unitCache: false }); // as the check parses
const ms = performance.now() - t;
const out: BigBodyResult = {
  variant,
  bytes: Buffer.byteLength(body.text),
  lines: result.lines,
  items: body.items,
  errorLine: body.errorLine ?? null,
  ms,
  // resourceUsage reports kilobytes
  maxRssBytes: process.resourceUsage().maxRSS * 1024,
  syntaxErrors: result.findings.filter((f) => f.rule === 'syntax-error').map((f) => ({ line: f.line, message: f.message })),
};
process.stdout.write(`${JSON.stringify(out)}\n`);
