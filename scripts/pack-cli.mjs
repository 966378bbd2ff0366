#!/usr/bin/env node
// Stages the `plsql-perf` npm package in packages/cli/ and packs it. The package is the bundled command line
// only (dist/cli.cjs has every dependency inlined by esbuild, so it declares none and installs offline from
// its tarball; dist/check-worker.mjs is the worker thread a run with `--jobs N` starts next to it), the profile
// page the `report` command inlines, and the rule pages `lsp` links to.
// The root package.json stays the VS Code extension's manifest.
// Usage: node scripts/pack-cli.mjs [--stage-only | --pack DIR]   (run `npm run build` first)
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const pkgDir = join(root, 'packages/cli');
const args = process.argv.slice(2);

const rootVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
const cliVersion = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).version;
if (rootVersion !== cliVersion) {
  console.error(`packages/cli/package.json has version ${cliVersion}, the extension ${rootVersion}: make them equal (the CLI prints the root's)`);
  process.exit(1);
}

const runtime = ['dist/cli.cjs', 'dist/check-worker.mjs', 'dist/webview/profile.js', 'dist/webview/profile.css'];
const missing = runtime.filter((f) => !existsSync(join(root, f)));
if (missing.length > 0) {
  console.error(`${missing.join(', ')} missing: run \`npm run build\` first`);
  process.exit(1);
}

for (const dir of ['bin', 'dist', 'docs']) rmSync(join(pkgDir, dir), { recursive: true, force: true });
mkdirSync(join(pkgDir, 'bin'), { recursive: true });
mkdirSync(join(pkgDir, 'dist/webview'), { recursive: true });
mkdirSync(join(pkgDir, 'docs/rules'), { recursive: true });
copyFileSync(join(root, 'bin/plsql-perf.mjs'), join(pkgDir, 'bin/plsql-perf.mjs'));
for (const f of runtime) copyFileSync(join(root, f), join(pkgDir, f));
for (const name of readdirSync(join(root, 'docs/rules')).filter((n) => n.endsWith('.md'))) {
  cpSync(join(root, 'docs/rules', name), join(pkgDir, 'docs/rules', name));
}
copyFileSync(join(root, 'LICENSE'), join(pkgDir, 'LICENSE'));

if (args[0] === '--pack') {
  const destination = args[1] ?? join(root, 'dist');
  mkdirSync(destination, { recursive: true });
  // --ignore-scripts: the prepack script would only stage again what was just staged.
  const packed = spawnSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', destination], { cwd: pkgDir, encoding: 'utf8' });
  if (packed.status !== 0) {
    console.error(packed.stderr);
    process.exit(1);
  }
  const [info] = JSON.parse(packed.stdout);
  console.log(join(destination, info.filename));
}
