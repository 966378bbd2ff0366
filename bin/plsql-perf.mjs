#!/usr/bin/env node
// Command-line entry: `plsql-perf check [options] PATHS...`. The CLI itself is bundled into dist/cli.cjs by
// `npm run build`; this file compiles it with a V8 code cache kept next to it, and starts it.
//
// Why: a cold `plsql-perf check` spent about a tenth of its main thread compiling: the 2 MB bundle parsed at
// every start, then each function compiled to bytecode when first called (the generated parser's rules are
// most of that). A code cache made after a run holds the bytecode of every function that run compiled, and V8
// takes it instead of compiling. Node 20 has no code cache for ES modules (module.enableCompileCache came in
// node 22), hence a CommonJS bundle compiled here with vm.Script, the way node's own loader wraps one.
//
// The cache is an optimisation only: missing, unreadable, stale or refused, the bundle is compiled from its
// text and the run is the same. It is keyed by a hash of the bundle's text and the node build (V8 checks its
// own version, the source and its flags again and refuses a cache that does not fit, which counts as stale).
// It lives next to the bundle, so whoever may change the code is the only one who may change its cache. Where
// that folder is not writable (a package installed by root, run by a user) it lives in the user's own cache
// folder ($XDG_CACHE_HOME or ~/.cache, then plsql-perf/), taken only while that folder is the user's and no one
// else may write to it: V8 runs what a cache holds. `npm run build` makes the cache (scripts/warm-code-cache.mjs),
// so the first run after a build is as fast as the next ones.
// PLSQL_PERF_CODE_CACHE=off turns it off; PLSQL_PERF_CODE_CACHE=trace says on standard error what happened.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';

const sha1 = (data) => createHash('sha1').update(data).digest('hex');

/** Same as server/src/cli/heapGrowth.ts (test/cli/codeCache.test.ts checks that a check run's cache is taken). */
const CHECK_HEAP_GROWING_PERCENT = 50;
/** Same as server/src/cli/optimizationBudget.ts (test/cli/codeCache.test.ts checks that they agree). */
const CHECK_INTERRUPT_BUDGET = 8 * 67_584;

/**
 * Which cache file: V8 refuses a cache made under other flags than the compiling process's, so each set of
 * flags has its own. `check` sets two V8 flags once it runs (heapGrowth.ts, optimizationBudget.ts): for `check`
 * they are set here, before the bundle is compiled (the bundle sets the same values again: no change), so that the cache is made
 * and taken under the same flags. Flags given to node (the command line, NODE_OPTIONS) name a file of their own.
 */
function cacheProfile(argv) {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ').trim();
  const isCheck = argv[0] === 'check';
  if (isCheck && !/heap[-_]growing[-_]percent/.test(given)) setFlagsFromString(`--heap-growing-percent=${CHECK_HEAP_GROWING_PERCENT}`);
  if (isCheck && !/interrupt[-_]budget/.test(given)) setFlagsFromString(`--interrupt-budget=${CHECK_INTERRUPT_BUDGET}`);
  const flags = given === '' ? '' : `-${sha1(given).slice(0, 8)}`;
  return `${isCheck ? 'check' : 'other'}${flags}`;
}

/**
 * The cache file: the key (hex sha1 of the node build and the bundle), the hex sha1 of V8's data, a newline,
 * V8's data. V8 (in release builds) does not verify the data's checksum itself: damaged data made node crash
 * with a segmentation fault, so a cache whose data does not match its hash is never handed to V8.
 */
const HEADER_LENGTH = 81;

/** Cache files kept per bundle (one per set of node flags: runs under many flag sets would fill the disk). */
const MAX_CACHE_FILES = 4;

/**
 * The user's own folder for caches of bundles in folders the user may not write to; undefined when there is
 * none or it is not safe: it must be a folder of this user that no one else may write to (a cache planted by
 * someone else would run as this user).
 */
function userCacheDir(create) {
  const base = process.env.XDG_CACHE_HOME || (homedir() ? join(homedir(), '.cache') : '');
  if (base === '' || typeof process.getuid !== 'function') return undefined;
  const dir = join(base, 'plsql-perf');
  if (create) mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stats = statSync(dir);
  return stats.isDirectory() && stats.uid === process.getuid() && (stats.mode & 0o022) === 0 ? dir : undefined;
}

/**
 * Where the bundle's cache may be, in the order they are tried: next to the bundle, then in the user's folder.
 * `prefix` names every cache file of the bundle in that folder (for pruning).
 */
function cachePlaces(bundleFile, profile) {
  const beside = { dir: dirname(bundleFile), prefix: `${basename(bundleFile)}.` };
  // In the user's folder the name starts with a hash of the bundle's path: each install has its own files.
  const own = (dir) => ({ dir, prefix: `${sha1(bundleFile).slice(0, 16)}.${basename(bundleFile)}.` });
  const places = [beside, { dir: undefined, own }];
  return places.map((place) => ({
    /** The cache file; undefined when the place is the user's folder and it is missing or not safe. */
    file(create) {
      let at = place;
      if (place.own) {
        const dir = userCacheDir(create);
        if (dir === undefined) return undefined;
        at = place.own(dir);
      }
      this.dir = at.dir;
      this.prefix = at.prefix;
      return join(at.dir, `${at.prefix}${profile}.v8cache`);
    },
  }));
}

/** Removes the least recently written cache files of the bundle beyond MAX_CACHE_FILES. */
function pruneCaches(dir, prefix) {
  const caches = readdirSync(dir)
    .filter((name) => name.startsWith(prefix) && name.endsWith('.v8cache'))
    .map((name) => ({ path: join(dir, name), written: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.written - a.written);
  for (const old of caches.slice(MAX_CACHE_FILES)) rmSync(old.path, { force: true });
}

/** Compiles and runs the bundle as a CommonJS module; returns its exports and the function that saves its cache. */
function loadWithCodeCache(bundleUrl, argv) {
  const file = fileURLToPath(bundleUrl);
  const source = readFileSync(file, 'utf8');
  const mode = process.env.PLSQL_PERF_CODE_CACHE;
  const enabled = mode !== 'off';
  const trace = mode === 'trace' ? (what) => process.stderr.write(`plsql-perf: code cache ${what}\n`) : () => {};
  const profile = cacheProfile(argv); // also sets check's heap flag, with or without a cache
  const places = enabled ? cachePlaces(file, profile) : [];
  const key = enabled ? sha1(`${process.version} ${process.arch}\n${source}`) : '';

  let cachedData;
  let taken;
  for (const place of places) {
    let cacheFile;
    try {
      cacheFile = place.file(false);
      if (cacheFile === undefined) continue;
      const bytes = readFileSync(cacheFile);
      const data = bytes.subarray(HEADER_LENGTH);
      if (bytes.subarray(0, 40).toString('latin1') !== key) trace('stale');
      else if (bytes.subarray(40, 80).toString('latin1') !== sha1(data)) trace('damaged');
      else {
        cachedData = data;
        taken = place;
        break;
      }
    } catch {
      if (place === places[0]) trace('missing'); // the user's folder is only a second place: no word when it has none
    }
  }
  // The same wrapper as node's CommonJS loader, on the first line so that line numbers stay those of the file.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) { ${source}\n})`, {
    filename: file,
    cachedData,
  });
  const used = cachedData !== undefined && !script.cachedDataRejected;
  if (cachedData !== undefined) trace(used ? 'used' : 'refused by V8');
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));

  /** Writes the cache to one place, whole or not at all (also with runs in parallel). */
  const write = (place, data) => {
    const cacheFile = place.file(true);
    if (cacheFile === undefined) throw new Error('no cache folder of this user');
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    try {
      writeFileSync(temporary, Buffer.concat([Buffer.from(`${key}${sha1(data)}\n`, 'latin1'), data]));
      renameSync(temporary, cacheFile);
    } catch (err) {
      rmSync(temporary, { force: true });
      throw err;
    }
    pruneCaches(place.dir, place.prefix);
  };

  /**
   * After the run, so that the cache holds every function the run compiled; only after a run that did its work
   * (exit 0 or 1: a usage error compiles little of what the next run needs). Next to the bundle, else (that
   * folder is not writable) in the user's folder; a cache V8 refused is written where it was found. Never fails
   * the command.
   */
  const saveCodeCache = (exitCode) => {
    if (!enabled || used || (exitCode !== 0 && exitCode !== 1)) return;
    let data;
    try {
      data = script.createCachedData();
    } catch (err) {
      trace(`not written: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    const order = taken === undefined ? places : [taken, ...places.filter((p) => p !== taken)];
    for (const [i, place] of order.entries()) {
      try {
        write(place, data);
        trace(place === places[0] ? 'written' : 'written to the user cache folder');
        return;
      } catch (err) {
        if (i === order.length - 1) trace(`not written: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  };
  return { exports: module.exports, saveCodeCache };
}

const bundle = new URL('../dist/cli.cjs', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('plsql-perf: dist/cli.cjs is missing; run `npm run build` first.\n');
  process.exit(2);
}
const argv = process.argv.slice(2);
const { exports, saveCodeCache } = loadWithCodeCache(bundle, argv);
process.exitCode = await exports.main(argv);
saveCodeCache(process.exitCode);
