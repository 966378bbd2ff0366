#!/usr/bin/env node
// The command StrykerJS runs for each mutant (stryker.config.json): test/rules/mutationSuite.ts, bundled once per
// sandbox with esbuild. Stryker instruments every mutant of a file at once (mutant switching) and picks the active
// one through an environment variable, so the sandbox's code is the same for every mutant: one bundle serves them
// all and each run skips tsx's start-up and transpiling (seconds per mutant on a loaded 2-core machine).
// The bundle and its chunks sit in test/rules/ itself, so the tests' `import.meta.url` paths resolve as in source.
import { build } from 'esbuild';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const rulesTests = new URL('../test/rules/', import.meta.url).pathname;
const bundle = join(rulesTests, '.mutation-suite.mjs');

if (!existsSync(bundle)) {
  const result = await build({
    entryPoints: [join(rulesTests, 'mutationSuite.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    splitting: true,
    outdir: rulesTests,
    entryNames: '.mutation-suite-[hash]',
    chunkNames: '.mutation-chunk-[hash]',
    outExtension: { '.js': '.mjs' },
    packages: 'external',
    write: false,
    logLevel: 'error',
  });
  // chunks first, the entry last under its final name (renamed, so a concurrent run never reads half a file)
  const entry = result.outputFiles.find((f) => basename(f.path).startsWith('.mutation-suite-'));
  for (const file of result.outputFiles) if (file !== entry) writeFileSync(file.path, file.contents);
  const temporary = `${bundle}.${process.pid}`;
  writeFileSync(temporary, entry.contents);
  renameSync(temporary, bundle);
}
await import(bundle);
