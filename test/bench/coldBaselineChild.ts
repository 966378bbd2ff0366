/**
 * The baseline's side of the cold-check measurement (coldCheck.ts), run as a whole fresh process:
 *   node dist/bench-cold-baseline.mjs FILE...
 * Reads, decodes and parses every file with the baseline parser, the work `plsql-perf check` does before
 * its rules, and prints one JSON line (files, lines, syntax errors). The parent times the whole process.
 */
import { readFileSync } from 'node:fs';
import { decodeSource } from '../../server/src/parser/decodeSource.ts';
import { parseBaseline } from './baselineParser.ts';
import { countLines } from './corpus.ts';

let lines = 0;
let errors = 0;
const files = process.argv.slice(2);
for (const file of files) {
  const text = decodeSource(readFileSync(file)).text;
  lines += countLines(text);
  errors += parseBaseline(text).errors;
}
process.stdout.write(`${JSON.stringify({ files: files.length, lines, errors })}\n`);
