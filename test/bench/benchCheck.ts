/**
 * Check benchmark: `plsql-perf check` with every rule over the corpus, against the parse alone, in one process.
 *
 *   npm run bench          # (after the parser benchmark)
 *   node --expose-gc dist/bench-check.mjs [--passes N]    env PLSQL_PERF_CORPUS=DIR for another corpus
 *
 * The machine's speed swings by up to 2x for minutes at a time, so the two variants are timed in alternating
 * passes over the same files (parse, check, parse, check, ...) after one warm-up pass of each, and each reports
 * its median pass. The analysis cost is reported as a share of the parse measured in the same passes.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { analyzeProject } from '../../server/src/analysis/analyzeProject.ts';
import { discoverFiles } from '../../server/src/cli/discover.ts';
import { decodeSource } from '../../server/src/parser/decodeSource.ts';
import { parseScript } from '../../server/src/syntax/parseScript.ts';
import { corpusRoot } from './corpus.ts';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const passesArg = process.argv.indexOf('--passes');
const passes = passesArg > 0 ? Number(process.argv[passesArg + 1]) : 3;
const root = corpusRoot();
const files = discoverFiles([root], root).files;
const documents = files.map((f) => ({ file: relative(root, f.path), text: decodeSource(readFileSync(f.path)).text }));
const lines = documents.reduce((n, d) => n + d.text.split('\n').length, 0);

const gc = (globalThis as { gc?: () => void }).gc;
function parsePass(): number {
  gc?.();
  const started = performance.now();
  for (const d of documents) parseScript(d.text, { unitCache: false });
  return performance.now() - started;
}
function checkPass(): { total: number; index: number; analysis: number; parse: number; findings: number } {
  gc?.();
  const started = performance.now();
  const project = analyzeProject(documents);
  const total = performance.now() - started;
  let findings = 0;
  for (const r of project.results) if ('result' in r) findings += r.result.findings.length;
  return { total, index: project.indexMs, analysis: project.analysisMs, parse: project.parseMs, findings };
}

parsePass();
checkPass();
const parseTimes: number[] = [];
const checks: ReturnType<typeof checkPass>[] = [];
for (let i = 0; i < passes; i++) {
  parseTimes.push(parsePass());
  checks.push(checkPass());
}
const parseMs = median(parseTimes);
const check = checks.sort((a, b) => a.total - b.total)[Math.floor(checks.length / 2)]!;
const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

console.log(`\n## check: every rule over ${root} (${documents.length} files, ${fmt(lines)} lines; median of ${passes} alternating passes)\n`);
console.log('| variant | ms | lines/s |');
console.log('|---|---|---|');
console.log(`| parse + syntax model only | ${fmt(parseMs)} | ${fmt(lines / (parseMs / 1000))} |`);
console.log(`| check: parse + index + semantic layer + all rules | ${fmt(check.total)} | ${fmt(lines / (check.total / 1000))} |`);
console.log(`\nin the check pass: parse ${fmt(check.parse)} ms, index ${fmt(check.index)} ms, semantic layer + rules ${fmt(check.analysis)} ms, ${check.findings} findings`);
// The share is taken inside one check pass (same minutes, same files): robust to the machine's swings.
console.log(`analysis cost (index + semantic layer + rules) as a share of the parse in the same pass: ` +
  `${(100 * (check.index + check.analysis) / check.parse).toFixed(0)}% (target: at most 100%); ` +
  `check pass / parse-only pass: ${(check.total / parseMs).toFixed(2)}x`);
