#!/usr/bin/env node
// Command-line entry: `plsql-perf check [options] PATHS...`. The CLI itself is bundled into dist/ by `npm run build`.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/cli.mjs', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('plsql-perf: dist/cli.mjs is missing; run `npm run build` first.\n');
  process.exit(2);
}
const { main } = await import(bundle.href);
process.exitCode = await main(process.argv.slice(2));
