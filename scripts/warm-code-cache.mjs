#!/usr/bin/env node
// Makes the V8 code cache of `plsql-perf check` at build time (`npm run build` runs it last), so that the first
// check after a build is as fast as the next ones: bin/plsql-perf.mjs writes the cache after a complete run,
// and without this the first run of every build (and of the benchmark's cold start) compiled the whole bundle.
// The training run checks examples/ and the rule fixtures (test/rules/): between them they reach most of the
// grammar and every rule, so the cache holds the code a check of real code runs. A cache made earlier is
// removed first (a cache is only written by a run that did not take one).
//
// The cache is an optimisation: if this fails, the build goes on and the first run makes the cache.
// Usage: node scripts/warm-code-cache.mjs [INSTALL_DIR]   (a folder with bin/plsql-perf.mjs and dist/cli.cjs;
// default: this repository)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const install = process.argv[2] ?? root;
const training = ['examples', 'test/rules'].map((p) => join(root, p)).filter((p) => existsSync(p));

const dist = join(install, 'dist');
for (const name of readdirSync(dist).filter((n) => /^cli\.cjs\.check.*\.v8cache$/.test(n))) rmSync(join(dist, name), { force: true });

// The cache is made under the flags a plain `plsql-perf check` runs with: none given to node.
const env = { ...process.env, NODE_OPTIONS: '', PLSQL_PERF_CODE_CACHE: 'trace' };
const run = spawnSync(process.execPath, [join(install, 'bin/plsql-perf.mjs'), 'check', '--quiet', '--format', 'json', '--fail-on', 'never', ...training], {
  env,
  encoding: 'utf8',
  maxBuffer: 256 << 20,
  timeout: 300_000,
});
const said = [...(run.stderr ?? '').matchAll(/code cache (.*)/g)].map((m) => m[1]).join(', ');
if (run.status === 0 && said.endsWith('written')) {
  console.log(`code cache of check: written (trained on ${training.map((p) => p.slice(root.length)).join(', ')})`);
} else {
  console.warn(`code cache of check: not made (exit ${run.status ?? run.signal}${said ? `, ${said}` : ''}); the first check will make it`);
}
