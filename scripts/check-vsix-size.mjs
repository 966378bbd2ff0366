#!/usr/bin/env node
// Checks the packaged extension as the Marketplace and a user get it: at most 3 MB (issue 9); the icon the
// manifest names is inside; no sources (.ts, tsconfig), source maps or node_modules; a CHANGELOG; and every
// relative link and image of the packaged README resolves to a file in the package (absolute URLs are left to
// the web). Needs `unzip` (Debian package unzip). Usage: node scripts/check-vsix-size.mjs [dist/plsql-perf.vsix]
import { statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { posix } from 'node:path';

const file = process.argv[2] ?? 'dist/plsql-perf.vsix';
const budget = 3 * 1024 * 1024;
const problems = [];

const size = statSync(file).size;
console.log(`${file}: ${(size / 1024).toFixed(0)} KiB (budget ${budget / 1024} KiB)`);
if (size > budget) problems.push(`${file} is larger than the 3 MB budget`);

function unzip(args) {
  const r = spawnSync('unzip', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error || r.status !== 0) {
    console.error(`unzip ${args.join(' ')} failed: ${r.error?.message ?? r.stderr}`);
    process.exit(1);
  }
  return r.stdout;
}

const entries = new Set(unzip(['-Z1', file]).split('\n').filter((e) => e.startsWith('extension/')).map((e) => e.slice('extension/'.length)));
const manifest = JSON.parse(unzip(['-p', file, 'extension/package.json']));

if (!manifest.icon) problems.push('package.json names no icon');
else if (!entries.has(manifest.icon.replace(/^\.\//, ''))) problems.push(`the icon ${manifest.icon} is not in the package`);
for (const key of ['repository', 'bugs', 'homepage']) if (!manifest[key]) problems.push(`package.json has no ${key}`);
if (!entries.has('changelog.md') && !entries.has('CHANGELOG.md')) problems.push('no CHANGELOG in the package');

const sources = [...entries].filter((e) => /\.(ts|tsx|map)$/.test(e) || /(^|\/)tsconfig[^/]*\.json$/.test(e) || e.startsWith('node_modules/'));
for (const s of sources) problems.push(`source file in the package: ${s}`);

const readmeName = [...entries].find((e) => e.toLowerCase() === 'readme.md');
if (!readmeName) problems.push('no README in the package');
else {
  const readme = unzip(['-p', file, `extension/${readmeName}`]);
  if (/npm (ci|test|run)\b/.test(readme)) problems.push('the README shows contributor commands (npm ci / npm test / npm run)');
  for (const target of readmeTargets(readme)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue; // absolute URL, mailto:, anchor
    const path = posix.normalize(decodeURIComponent(target.replace(/[?#].*$/, '')));
    if (path.startsWith('..') || !entries.has(path)) problems.push(`README link or image does not resolve in the package: ${target}`);
  }
}

/** Link and image targets: [text](target "title"), ![alt](target), <img src="target">, [ref]: target. */
function readmeTargets(text) {
  const withoutCode = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  const targets = [];
  for (const m of withoutCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(m[1]);
  for (const m of withoutCode.matchAll(/<img[^>]+src=["']([^"']+)["']/gi)) targets.push(m[1]);
  for (const m of withoutCode.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) targets.push(m[1]);
  return targets;
}

if (problems.length > 0) {
  for (const p of problems) console.error(`${file}: ${p}`);
  process.exit(1);
}
console.log(`${file}: icon, no sources, CHANGELOG, every README link and image resolves (${entries.size} files)`);
