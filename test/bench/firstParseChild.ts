/**
 * Cold first parse, run by the benchmark in a fresh process:
 *   node dist/bench-first-parse.mjs --parser ours|baseline --file PATH
 * Reads and decodes the file first (not timed), then times the dynamic import of the parser module and the first
 * parse. Prints one JSON line on stdout.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { decodeSource } from '../../server/src/parser/decodeSource.ts';
import { countLines } from './corpus.ts';
import { loadParser, PARSER_KINDS, type ParserKind } from './driver.ts';

export interface FirstParseResult {
  parser: ParserKind;
  file: string;
  lines: number;
  moduleLoadMs: number;
  firstParseMs: number;
  /** moduleLoadMs + firstParseMs. */
  totalMs: number;
  /** From process start (performance.timeOrigin) to the end of the first parse. */
  sinceProcessStartMs: number;
  errors: number;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const kind = arg('--parser') as ParserKind | undefined;
const file = arg('--file');
if (!kind || !PARSER_KINDS.includes(kind) || !file) {
  process.stderr.write('usage: bench-first-parse --parser ours|baseline --file PATH\n');
  process.exit(2);
}
const text = decodeSource(readFileSync(file)).text;

const t0 = performance.now();
const parser = await loadParser(kind);
const t1 = performance.now();
const result = parser.parse(text, { unitCache: false });
const t2 = performance.now();

const out: FirstParseResult = {
  parser: kind,
  file,
  lines: countLines(text),
  moduleLoadMs: t1 - t0,
  firstParseMs: t2 - t1,
  totalMs: t2 - t0,
  sinceProcessStartMs: t2,
  errors: result.errors,
};
process.stdout.write(`${JSON.stringify(out)}\n`);
