#!/usr/bin/env node
// Prints the packaged extension's size and fails above the 3 MB budget (issue 9).
import { statSync } from 'node:fs';

const file = process.argv[2] ?? 'dist/plsql-perf.vsix';
const budget = 3 * 1024 * 1024;
const size = statSync(file).size;
console.log(`${file}: ${(size / 1024).toFixed(0)} KiB (budget ${budget / 1024} KiB)`);
if (size > budget) {
  console.error(`${file} is larger than the 3 MB budget`);
  process.exit(1);
}
