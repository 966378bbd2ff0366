#!/usr/bin/env node
// Bundles the entry points with esbuild. Each entry is one self-contained file in dist/.
import { build } from 'esbuild';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { antlr4ngFastContexts } from './antlr4ngFastContexts.mjs';

const root = new URL('..', import.meta.url).pathname;

/** Entry points; an entry whose source does not exist yet is skipped so partial checkouts still build. */
const entries = [
  // CommonJS so that bin/plsql-perf.mjs can compile it with a V8 code cache (vm.Script; node 20 has no code
  // cache for ES modules); dist/cli.mjs is the ES module face of it for code that imports the CLI.
  { in: 'server/src/cli/main.ts', out: 'dist/cli.cjs', format: 'cjs', esmFace: 'dist/cli.mjs' },
  // The worker thread of `check --jobs N`, next to dist/cli.cjs (it starts it by that relative path).
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

/** The ES module that re-exports a CommonJS bundle's exports (node finds their names in esbuild's CommonJS output). */
function writeEsmFace(e) {
  const bundle = './' + basename(e.out);
  writeFileSync(root + e.esmFace, `// The ES module face of ${bundle} (written by scripts/bundle.mjs).\nexport * from '${bundle}';\n`);
}

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
        banner: e.format === 'esm' ? { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" }
          : e.esmFace ? { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" } : {},
        // A CommonJS bundle has no import.meta: its own file's URL stands in (the worker script and the page assets are found next to it).
        define: e.esmFace ? { 'import.meta.url': '__importMetaUrl' } : {},
      }).then(() => e.esmFace && writeEsmFace(e)),
    ),
);
console.log(`bundled in ${Date.now() - started} ms`);
for (const e of entries.filter((x) => existsSync(root + x.in))) {
  console.log(`  ${e.out.padEnd(28)} ${(statSync(root + e.out).size / 1024).toFixed(0).padStart(7)} KiB`);
}
