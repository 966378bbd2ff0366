// Bundles a mutation suite (a test/rules/*.ts entry) once per Stryker sandbox, for both runners: the in-process
// runner (mutation-runner.mjs) and the command runner's per-mutant command (mutation-suite.mjs). Stryker instruments
// every mutant of a file at once (mutant switching), so one bundle serves every mutant of a sandbox.
// The bundle and its chunks sit beside the entry, so the tests' `import.meta.url` paths resolve as in source.
import { build } from 'esbuild';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `<dir>/.<name>.mjs` (the entry) and its `.<name>-chunk-*.mjs` chunks unless the entry exists, and returns the
 * entry's path. Chunks are written first and the entry last, renamed into place, so a runner that starts at the same
 * time in the same sandbox never imports half a bundle.
 */
export async function bundleSuiteOnce(entryPoint, name, plugins = []) {
  const dir = dirname(entryPoint);
  const bundle = join(dir, `.${name}.mjs`);
  if (existsSync(bundle)) return bundle;
  const result = await build({
    entryPoints: [entryPoint],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    splitting: true,
    outdir: dir,
    entryNames: `.${name}-[hash]`,
    chunkNames: `.${name}-chunk-[hash]`,
    outExtension: { '.js': '.mjs' },
    packages: 'external',
    write: false,
    logLevel: 'error',
    plugins,
  });
  const entry = result.outputFiles.find((f) => basename(f.path).startsWith(`.${name}-`) && !basename(f.path).includes('-chunk-'));
  for (const file of result.outputFiles) if (file !== entry) writeFileSync(file.path, file.contents);
  const temporary = `${bundle}.${process.pid}`;
  writeFileSync(temporary, entry.contents);
  renameSync(temporary, bundle);
  return bundle;
}
