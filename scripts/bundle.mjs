#!/usr/bin/env node
// Bundles the entry points with esbuild. Each entry is one self-contained file in dist/.
import { build } from 'esbuild';
import { existsSync, statSync } from 'node:fs';
import { antlr4ngFastContexts } from './antlr4ngFastContexts.mjs';

const root = new URL('..', import.meta.url).pathname;

/** Entry points; an entry whose source does not exist yet is skipped so partial checkouts still build. */
const entries = [
  { in: 'server/src/cli/main.ts', out: 'dist/cli.mjs', format: 'esm' },
  // The worker thread of `check --jobs N`, next to dist/cli.mjs (it starts it by that relative path).
  { in: 'server/src/cli/scale/checkWorker.ts', out: 'dist/check-worker.mjs', format: 'esm' },
  { in: 'test/bench/benchParse.ts', out: 'dist/bench-parse.mjs', format: 'esm' },
  { in: 'test/bench/firstParseChild.ts', out: 'dist/bench-first-parse.mjs', format: 'esm' },
  { in: 'test/bench/benchCheck.ts', out: 'dist/bench-check.mjs', format: 'esm' },
  { in: 'test/bench/benchScale.ts', out: 'dist/bench-scale.mjs', format: 'esm' },
  { in: 'test/bench/benchMemory.ts', out: 'dist/bench-memory.mjs', format: 'esm' },
  { in: 'test/bench/coldBaselineChild.ts', out: 'dist/bench-cold-baseline.mjs', format: 'esm' },
  { in: 'test/bench/bigBodyChild.ts', out: 'dist/bench-big-body.mjs', format: 'esm' },
  { in: 'server/src/lsp/main.ts', out: 'dist/server.cjs', format: 'cjs' },
  { in: 'test/bench/benchLsp.ts', out: 'dist/bench-lsp.mjs', format: 'esm' },
  { in: 'test/bench/benchSoak.ts', out: 'dist/bench-soak.mjs', format: 'esm' },
  { in: 'extension/src/extension.ts', out: 'dist/extension.cjs', format: 'cjs', external: ['vscode'] },
  // The profile page (panel and standalone report): one browser script with chart.js inside, and its style.
  { in: 'media/profile/main.ts', out: 'dist/webview/profile.js', format: 'iife', platform: 'browser' },
  { in: 'media/profile/profile.css', out: 'dist/webview/profile.css', platform: 'browser' },
];

const started = Date.now();
await Promise.all(
  entries
    .filter((e) => existsSync(root + e.in))
    .map((e) =>
      build({
        absWorkingDir: root,
        entryPoints: [e.in],
        outfile: e.out,
        bundle: true,
        platform: e.platform ?? 'node',
        target: e.platform === 'browser' ? 'es2022' : 'node20',
        format: e.format,
        sourcemap: 'linked',
        minify: e.platform === 'browser',
        // Node bundles drop whitespace and simplify syntax (names kept): V8 compiles a smaller text at every start.
        ...(e.platform === 'browser' ? {} : { minifyWhitespace: true, minifySyntax: true }),
        external: e.external ?? [],
        // jsonc-parser's UMD main loads its parts with a require() esbuild cannot follow: bundle its ESM build
        alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
        logLevel: 'warning',
        plugins: e.platform === 'browser' ? [] : [antlr4ngFastContexts],
        // ESM bundles of CommonJS dependencies need a require() in scope.
        banner: e.format === 'esm' ? { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" } : {},
      }),
    ),
);
console.log(`bundled in ${Date.now() - started} ms`);
for (const e of entries.filter((x) => existsSync(root + x.in))) {
  console.log(`  ${e.out.padEnd(28)} ${(statSync(root + e.out).size / 1024).toFixed(0).padStart(7)} KiB`);
}
