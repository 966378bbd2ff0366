/**
 * bin/plsql-perf.mjs compiles the bundle with a V8 code cache kept next to it: the first complete run writes
 * it, the next runs take it, a changed bundle or a damaged cache is compiled from its text again, and the
 * output is the same in every case. Each test runs a copy of bin/ and dist/cli.cjs in a folder of its own,
 * so the repository's cache is not touched.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, repoRoot } from './buildOnce.ts';
import { CHECK_INTERRUPT_BUDGET } from '../../server/src/cli/optimizationBudget.ts';
import { CHECK_HEAP_GROWING_PERCENT } from '../../server/src/cli/heapGrowth.ts';

let tmp: string;
before(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'plsql-perf-code-cache-'));
});
after(() => rmSync(tmp, { recursive: true, force: true }));

let copies = 0;
/** A copy of the command (bin/ and dist/cli.cjs) and of examples/. */
function install(): string {
  const dir = join(tmp, `copy${++copies}`);
  mkdirSync(join(dir, 'bin'), { recursive: true });
  mkdirSync(join(dir, 'dist'));
  copyFileSync(join(repoRoot, 'bin/plsql-perf.mjs'), join(dir, 'bin/plsql-perf.mjs'));
  copyFileSync(join(repoRoot, 'dist/cli.cjs'), join(dir, 'dist/cli.cjs'));
  cpSync(join(repoRoot, 'examples'), join(dir, 'examples'), { recursive: true });
  return dir;
}

interface Outcome { code: number | null; stdout: string; cache: string[] }

function run(dir: string, args: readonly string[], mode = 'trace'): Outcome {
  const r = spawnSync(process.execPath, [join(dir, 'bin/plsql-perf.mjs'), ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 120_000,
    // Flags given to node name a cache file of their own: none here, whatever runs the tests.
    env: { ...process.env, NODE_OPTIONS: '', PLSQL_PERF_CODE_CACHE: mode },
  });
  const cache = [...r.stderr.matchAll(/^plsql-perf: code cache (.*)$/gm)].map((m) => m[1]);
  return { code: r.status, stdout: r.stdout, cache };
}

const cacheFiles = (dir: string) => readdirSync(join(dir, 'dist')).filter((f) => f.endsWith('.v8cache')).sort();
const check = ['check', '--format', 'json', 'examples'];
const withoutTimings = (json: string) => json.replace(/"\w+Ms": [\d.]+/g, '"ms": 0');

test('the first run writes the cache, the next takes it (the heap flag of check is set before compiling), same output', () => {
  const dir = install();
  const first = run(dir, check);
  assert.equal(first.code, 1);
  assert.deepEqual(first.cache, ['missing', 'written']);
  assert.deepEqual(cacheFiles(dir), ['cli.cjs.check.v8cache']);
  const second = run(dir, check);
  assert.deepEqual(second.cache, ['used'], 'V8 took the cache: the flags at compile time are those it was made under');
  assert.equal(withoutTimings(second.stdout), withoutTimings(first.stdout));
  const off = run(dir, check, 'off');
  assert.deepEqual(off.cache, []);
  assert.equal(withoutTimings(off.stdout), withoutTimings(first.stdout));
  // Other commands run under other flags: a file of their own, and the check's cache stays taken.
  assert.deepEqual(run(dir, ['--version']).cache, ['missing', 'written']);
  assert.deepEqual(cacheFiles(dir), ['cli.cjs.check.v8cache', 'cli.cjs.other.v8cache']);
  assert.deepEqual(run(dir, check).cache, ['used']);
});

test('bin/plsql-perf.mjs sets the V8 flags of check to the values the bundle sets (else every cache is refused), and only for check', () => {
  const bin = readFileSync(join(repoRoot, 'bin/plsql-perf.mjs'), 'utf8');
  const constant = (name: string) => Function(`return ${/const (\w+) = ([\d_ *]+);/.exec(bin.slice(bin.indexOf(`const ${name} =`)))?.[2]}`)() as number;
  assert.equal(constant('CHECK_INTERRUPT_BUDGET'), CHECK_INTERRUPT_BUDGET);
  assert.equal(constant('CHECK_HEAP_GROWING_PERCENT'), CHECK_HEAP_GROWING_PERCENT);
  assert.ok(CHECK_INTERRUPT_BUDGET > 67_584, 'later than V8\'s default');
  // a run given its own budget keeps it: a cache file of its own, taken by its next run
  const dir = install();
  const given = (args: readonly string[]) => spawnSync(process.execPath, ['--interrupt-budget=100000', join(dir, 'bin/plsql-perf.mjs'), ...args], {
    cwd: dir, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NODE_OPTIONS: '', PLSQL_PERF_CODE_CACHE: 'trace' },
  }).stderr.match(/code cache (.*)$/gm);
  assert.deepEqual(given(check), ['code cache missing', 'code cache written']);
  assert.deepEqual(given(check), ['code cache used']);
  assert.equal(cacheFiles(dir).length, 1);
  assert.notDeepEqual(cacheFiles(dir), ['cli.cjs.check.v8cache']);
});

test('a changed bundle makes the cache stale; damaged data never reaches V8; a cache V8 refuses is written anew', () => {
  const dir = install();
  const first = run(dir, check);
  assert.deepEqual(first.cache, ['missing', 'written']);
  appendFileSync(join(dir, 'dist/cli.cjs'), '\n// a rebuilt bundle\n');
  assert.deepEqual(run(dir, check).cache, ['stale', 'written']);
  assert.deepEqual(run(dir, check).cache, ['used']);

  // Damaged data with the right key: V8 would crash on it (a segmentation fault, it checks no checksum).
  const file = join(dir, 'dist/cli.cjs.check.v8cache');
  const bytes = readFileSync(file);
  bytes.fill(0x5a, 81 + 64, 81 + 4096);
  writeFileSync(file, bytes);
  const damaged = run(dir, check);
  assert.equal(damaged.code, 1);
  assert.deepEqual(damaged.cache, ['damaged', 'written']);
  assert.equal(withoutTimings(damaged.stdout), withoutTimings(first.stdout));
  assert.deepEqual(run(dir, check).cache, ['used']);

  // Whole and for this bundle, but made under other V8 flags (those of a command other than check).
  run(dir, ['--version']);
  copyFileSync(join(dir, 'dist/cli.cjs.other.v8cache'), file);
  const refused = run(dir, check);
  assert.deepEqual(refused.cache, ['refused by V8', 'written']);
  assert.equal(withoutTimings(refused.stdout), withoutTimings(first.stdout));
  assert.deepEqual(run(dir, check).cache, ['used']);
});

test('a run that ends in a usage error writes no cache', () => {
  const dir = install();
  const usage = run(dir, ['check', '--no-such-option', 'examples']);
  assert.equal(usage.code, 2);
  assert.deepEqual(usage.cache, ['missing']);
  assert.deepEqual(cacheFiles(dir), []);
});

test('at most four cache files per bundle: runs under other node flags replace the least recently written', () => {
  const dir = install();
  const withFlags = (megabytes: number) =>
    spawnSync(process.execPath, [join(dir, 'bin/plsql-perf.mjs'), '--version'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: `--max-old-space-size=${megabytes}`, PLSQL_PERF_CODE_CACHE: 'trace' },
    }).stderr;
  for (const megabytes of [1000, 1001, 1002, 1003, 1004, 1005]) assert.match(withFlags(megabytes), /code cache written/);
  assert.equal(cacheFiles(dir).length, 4);
  assert.match(withFlags(1005), /code cache used/, 'the latest is kept');
  assert.match(withFlags(1000), /code cache missing/, 'the oldest is gone');
});

test('npm run build makes the cache (scripts/warm-code-cache.mjs): the first check after a build takes it', () => {
  const dir = install();
  const warm = spawnSync(process.execPath, [join(repoRoot, 'scripts/warm-code-cache.mjs'), dir], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' }, timeout: 300_000 });
  assert.equal(warm.status, 0, warm.stderr);
  assert.match(warm.stdout, /code cache of check: written/);
  assert.deepEqual(cacheFiles(dir), ['cli.cjs.check.v8cache']);
  const first = run(dir, check);
  assert.deepEqual(first.cache, ['used']);
  assert.equal(withoutTimings(first.stdout), withoutTimings(run(dir, check, 'off').stdout));
  // made again from scratch on the next build (a run that takes a cache never writes one)
  const before = readFileSync(join(dir, 'dist/cli.cjs.check.v8cache'));
  appendFileSync(join(dir, 'dist/cli.cjs'), '\n// rebuilt\n');
  assert.equal(spawnSync(process.execPath, [join(repoRoot, 'scripts/warm-code-cache.mjs'), dir], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } }).status, 0);
  assert.notDeepEqual(readFileSync(join(dir, 'dist/cli.cjs.check.v8cache')), before);
  assert.deepEqual(run(dir, check).cache, ['used']);
});

// As root every folder is writable: the read-only install is run as user nobody (setpriv), as cli.test.ts does.
test('an install folder the user may not write to: the cache goes to the user\'s own cache folder, never to one others may write', () => {
  const asRoot = process.getuid?.() === 0;
  const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));
  if (asRoot && !setpriv) assert.fail('running as root needs setpriv (util-linux) to drop to an unprivileged user for this test');
  const top = mkdtempSync(join(tmpdir(), 'plsql-perf-ro-install-'));
  try {
    chmodSync(top, 0o755);
    const dir = join(top, 'tool');
    for (const file of ['bin/plsql-perf.mjs', 'dist/cli.cjs']) {
      mkdirSync(join(dir, file, '..'), { recursive: true, mode: 0o755 });
      copyFileSync(join(repoRoot, file), join(dir, file));
      chmodSync(join(dir, file), 0o644);
    }
    for (const sub of ['', 'bin', 'dist']) chmodSync(join(dir, sub), 0o555);
    cpSync(join(repoRoot, 'examples'), join(top, 'examples'), { recursive: true });
    const home = join(top, 'home');
    mkdirSync(home, { mode: 0o755 });
    if (asRoot) chownSync(home, 65534, 65534);
    const as = (env: Record<string, string>) => {
      const command = [process.execPath, join(dir, 'bin/plsql-perf.mjs'), ...check];
      const options = { cwd: top, encoding: 'utf8' as const, timeout: 120_000, env: { PATH: process.env.PATH ?? '', PLSQL_PERF_CODE_CACHE: 'trace', ...env } };
      const r = asRoot
        ? spawnSync(setpriv!, ['--reuid=65534', '--regid=65534', '--clear-groups', ...command], options)
        : spawnSync(command[0]!, command.slice(1), options);
      return { code: r.status, stdout: r.stdout, cache: [...r.stderr.matchAll(/^plsql-perf: code cache (.*)$/gm)].map((m) => m[1]) };
    };
    const first = as({ HOME: home });
    assert.equal(first.code, 1, 'the run itself is not affected');
    assert.deepEqual(first.cache, ['missing', 'written to the user cache folder']);
    const folder = join(home, '.cache/plsql-perf');
    assert.equal(statSync(folder).mode & 0o777, 0o700);
    assert.equal(readdirSync(folder).filter((f) => f.endsWith('.check.v8cache')).length, 1);
    const second = as({ HOME: home });
    assert.deepEqual(second.cache, ['missing', 'used']);
    assert.equal(withoutTimings(second.stdout), withoutTimings(first.stdout));
    assert.deepEqual(readdirSync(join(dir, 'dist')).sort(), ['cli.cjs'], 'nothing written next to the bundle');

    // A cache folder others may write to is never read nor written: a planted cache would run as this user.
    if (asRoot) {
      chmodSync(folder, 0o777);
      const shared = as({ HOME: home });
      assert.deepEqual(shared.cache, ['missing', 'not written: no cache folder of this user']);
      assert.equal(withoutTimings(shared.stdout), withoutTimings(first.stdout));
    }
    // No home to write to: the run goes on without a cache.
    const homeless = as({ HOME: '/nonexistent/home' });
    assert.equal(homeless.code, 1);
    assert.equal(homeless.cache[0], 'missing');
    assert.match(homeless.cache.at(-1)!, /^not written: /);
    assert.equal(withoutTimings(homeless.stdout), withoutTimings(first.stdout));
  } finally {
    rmSync(top, { recursive: true, force: true });
  }
});

test('a run with a file above 8 MB checks it under a tighter heap growth and sets the check\'s back: its cache is taken next time', () => {
  const dir = install();
  // 9 MB, mostly one comment: quick to check, large enough for the tighter growth (heapGrowth.ts)
  writeFileSync(join(dir, 'large.sql'), `-- ${'x'.repeat(9 * 1024 * 1024)}\nbegin\n  null;\nend;\n/\n`);
  const large = ['check', '--format', 'json', 'large.sql'];
  const first = run(dir, large);
  assert.equal(first.code, 0);
  assert.deepEqual(first.cache, ['missing', 'written']);
  const second = run(dir, large);
  assert.deepEqual(second.cache, ['used'], 'made under the flags it is taken under');
  assert.equal(withoutTimings(second.stdout), withoutTimings(first.stdout));
});
