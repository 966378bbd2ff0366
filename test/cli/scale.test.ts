/**
 * The checker at scale: `--jobs N` gives the report `--jobs 1` gives (over code with cross-file findings),
 * `--cache FILE` gives it too (unchanged, after a file another depends on changes, after the configuration
 * changes, with a damaged cache), threads and the main thread give it keeping every parse until the second pass
 * and analyzing each file as it parses it (the default for much code), and `--max-file-size` skips a file too large
 * with a clear error.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, parseSize } from '../../server/src/cli/args.ts';
import { PARALLEL_MIN_BYTES, planFor, SINGLE_THREAD_MAX_BYTES } from '../../server/src/cli/scale/runChecks.ts';
import { checkInParallel } from '../../server/src/cli/scale/checkParallel.ts';
import { checkFiles } from '../../server/src/cli/check.ts';
import { discoverFiles } from '../../server/src/cli/discover.ts';
import { createProjectAnalyzer } from '../../server/src/analysis/analyzeProject.ts';
import { ensureBuilt, repoRoot } from './buildOnce.ts';
import { runCli } from './runCli.ts';

const CORPUS = join(repoRoot, '../shared/corpus');

let root: string;
before(() => {
  ensureBuilt();
  root = mkdtempSync(join(tmpdir(), 'plsql-perf-scale-'));
});
after(() => rmSync(root, { recursive: true, force: true }));

/** A report without its timings (which differ run to run). */
function checkJson(args: string[], cwd = root, env?: NodeJS.ProcessEnv): { code: number | null; report: any; stderr: string; stats: any } {
  const run = runCli(['check', '--format', 'json', '--fail-on', 'never', ...args], { cwd, env });
  let report: any;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    assert.fail(`not JSON (exit ${run.code}): ${run.stdout.slice(0, 500)}\n${run.stderr}`);
  }
  const { stats, ...rest } = report;
  return { code: run.code, report: { ...rest, lines: stats.lines }, stderr: run.stderr, stats };
}

/** Some of the corpus's projects, whole (their packages call each other), and the examples. */
function corpusSlice(): string[] {
  const projects = existsSync(CORPUS) ? readdirSync(CORPUS).sort().slice(0, 6) : [];
  return projects.map((p) => join(CORPUS, p));
}

test('--jobs 2 and --jobs 4 check on that many worker threads and report exactly what --jobs 1 reports (examples/ and a slice of the corpus)', () => {
  const paths = [join(repoRoot, 'examples'), ...corpusSlice()];
  const one = checkJson(['--jobs', '1', ...paths]);
  assert.ok(one.report.findings.some((f: any) => f.related?.some((r: any) => r.file !== f.file)), 'cross-file findings are part of the comparison');
  assert.ok(one.report.files > 50, `${one.report.files} files`);
  for (const jobs of ['2', '4']) {
    // The run's trace (runTrace.ts) names the worker thread that answered each file: `--jobs N` of a run small
    // enough to keep every parse once went to the main thread alone, with the same report.
    const traceFile = join(root, `trace-jobs-${jobs}.json`);
    const many = checkJson(['--jobs', jobs, ...paths], root, { ...process.env, PLSQL_PERF_TRACE_SCALE: traceFile });
    assert.equal(many.stderr, one.stderr, `--jobs ${jobs}`);
    assert.deepEqual(many.report, one.report, `--jobs ${jobs}`);
    const { trace } = JSON.parse(readFileSync(traceFile, 'utf8')) as { trace: { pass?: number; worker?: number }[] };
    const workers = new Set(trace.filter((e) => e.pass === 1).map((e) => e.worker));
    assert.deepEqual([...workers].sort(), Array.from({ length: Number(jobs) }, (_, i) => i), `--jobs ${jobs}: first-pass files answered by each worker thread`);
  }
});

test('--cache: unchanged code is not parsed again; a changed callee, a changed config and a damaged cache give the fresh report', () => {
  const project = join(root, 'cached');
  cpSync(join(repoRoot, 'examples'), project, { recursive: true });
  const cache = join(root, 'check-cache.json');
  const fresh = () => checkJson(['--jobs', '1', 'cached'], root);

  const first = checkJson(['--cache', cache, 'cached']);
  assert.deepEqual(first.report, fresh().report);
  assert.ok(first.stats.parseMs > 0);
  const crossFile = first.report.findings.filter((f: any) => f.rule === 'standalone-call-in-loop');
  assert.ok(crossFile.length > 0, 'the examples call BY2 in by2.fnc from other files');

  for (const jobs of ['1', '2']) {
    const again = checkJson(['--cache', cache, '--jobs', jobs, 'cached']);
    assert.deepEqual(again.report, first.report, `unchanged, --jobs ${jobs}`);
    assert.equal(again.stats.parseMs, 0, 'nothing was parsed: every file came from the cache');
  }

  // The callee changes: BY2 becomes a procedure of a package, so its callers' findings change although their
  // own text did not.
  const by2 = join(project, 'by2.fnc');
  writeFileSync(by2, readFileSync(by2, 'utf8').replace(/function\s+by2/i, 'function by2_renamed'));
  const afterCallee = checkJson(['--cache', cache, 'cached']);
  assert.deepEqual(afterCallee.report, fresh().report);
  assert.notDeepEqual(afterCallee.report.findings, first.report.findings, 'the renamed callee changes the report');

  // The configuration changes: the whole cache is void.
  writeFileSync(join(project, '.plsqlperf.json'), JSON.stringify({ rules: { 'standalone-call-in-loop': 'off' } }));
  const afterConfig = checkJson(['--cache', cache, 'cached']);
  assert.deepEqual(afterConfig.report, fresh().report);
  assert.ok(afterConfig.stats.parseMs > 0);
  assert.ok(!afterConfig.report.findings.some((f: any) => f.rule === 'standalone-call-in-loop'));

  // A damaged cache: a warning, the fresh report, and a good cache again afterwards.
  const damages: ((good: string) => string)[] = [
    (good) => good.slice(0, good.length / 2), // cut short
    (good) => {
      const data = JSON.parse(good);
      const first = Object.keys(data.files)[0]!;
      data.files[first].entries = null; // an entry of the right run, damaged
      return JSON.stringify(data);
    },
    () => '[]',
  ];
  for (const damage of damages) {
    writeFileSync(cache, damage(readFileSync(cache, 'utf8')));
    const damaged = checkJson(['--cache', cache, 'cached']);
    assert.match(damaged.stderr, /cache .*(not valid JSON|damaged)|is not a plsql-perf check cache/);
    assert.deepEqual(damaged.report, fresh().report);
    const repaired = checkJson(['--cache', cache, 'cached']);
    assert.equal(repaired.stderr, '');
    assert.equal(repaired.stats.parseMs, 0);
  }
});

test('--cache with the dialect check: a file is skipped as another dialect exactly when a fresh run skips it; an unchanged run leaves the cache file alone', () => {
  const project = join(root, 'dialects');
  mkdirSync(project, { recursive: true });
  const oracle = "create or replace procedure p is\nbegin\n  for r in (select id from t) loop\n    update t set x = 1 where id = r.id;\n  end loop;\nend;\n/\n";
  const tsql = 'SELECT TOP 5 name FROM sys.tables\nGO\nSET NOCOUNT ON\nGO\n';
  writeFileSync(join(project, 'ora.sql'), oracle);
  writeFileSync(join(project, 'tsql.sql'), tsql);
  const cache = join(root, 'dialect-cache.json');
  const fresh = (...extra: string[]) => checkJson(['--jobs', '1', ...extra, 'dialects'], root).report;
  const cached = (...extra: string[]) => checkJson(['--cache', cache, ...extra, 'dialects'], root);

  // Checked as it is with --no-dialect-check, so the cache holds the T-SQL file's result...
  const all = cached('--no-dialect-check');
  assert.deepEqual(all.report, fresh('--no-dialect-check'));
  assert.equal(all.report.files, 2);
  // ...which does not make it Oracle for a run with the dialect check.
  const checked = cached();
  assert.deepEqual(checked.report, fresh());
  assert.equal(checked.report.files, 1);
  assert.ok(checked.report.findings.length > 0, 'the Oracle file has findings');
  const again = cached('--verbose');
  assert.deepEqual(again.report, checked.report);
  assert.match(again.stderr, /skipped dialects\/tsql\.sql: written for SQL Server/);

  // Unchanged: the cache file is not written again (same file, same bytes).
  const before = statSync(cache);
  const bytes = readFileSync(cache);
  assert.deepEqual(cached().report, checked.report);
  const after = statSync(cache);
  assert.equal(after.ino, before.ino);
  assert.equal(after.mtimeMs, before.mtimeMs);
  assert.deepEqual(readFileSync(cache), bytes);

  // The Oracle file becomes T-SQL: skipped, although the cache knew it as Oracle.
  writeFileSync(join(project, 'ora.sql'), tsql);
  const changed = cached();
  assert.deepEqual(changed.report, fresh());
  assert.equal(changed.report.files, 0);
});

test('--max-file-size: a file over the limit is reported as not checked (exit 2) and the others are checked', () => {
  const dir = join(root, 'sizes');
  cpSync(join(repoRoot, 'examples/by2.fnc'), join(dir, 'small.fnc'), { recursive: true });
  writeFileSync(join(dir, 'big.sql'), 'begin\n  null;\nend;\n/\n'.repeat(100));
  const lowered = runCli(['check', '--format', 'json', '--max-file-size', '1KB', 'sizes'], { cwd: root });
  assert.equal(lowered.code, 2, lowered.stderr);
  const report = JSON.parse(lowered.stdout);
  assert.deepEqual(report.errors, [{ file: 'sizes/big.sql', message: 'not checked: the file is 2.1 KB, over the --max-file-size limit of 1.0 KB (raise it with --max-file-size)' }]);
  assert.equal(report.files, 1);
  assert.match(lowered.stderr, /sizes\/big\.sql: not checked/);

  // A sparse 60 MB file under the default limit of 50 MB: never read, no V8 error.
  truncateSync(join(dir, 'big.sql'), 60 * 1024 * 1024);
  const sparse = runCli(['check', 'sizes'], { cwd: root });
  assert.equal(sparse.code, 2, sparse.stderr);
  // the text report lists the files it could not check itself (standard error carries them for the other formats)
  assert.match(sparse.stdout, /sizes\/big\.sql: error: not checked: the file is 60\.0 MB, over the --max-file-size limit of 50\.0 MB/);
  assert.doesNotMatch(sparse.stderr, /Invalid string length|internal error/);
});

test('without --jobs: threads on 3 cores or more once there is 1 MB of code, else the main thread (above 32 MB without keeping every parse); --jobs N as given', () => {
  const MB = 1024 * 1024;
  const mainKeeping = { threads: 0, keepsParses: true };
  const mainPerFile = { threads: 0, keepsParses: false };
  assert.deepEqual(planFor(undefined, 22 * MB, 2), mainKeeping, 'two cores: one thread is faster (measured in the scale bench)');
  assert.deepEqual(planFor(undefined, SINGLE_THREAD_MAX_BYTES, 2), mainKeeping);
  assert.deepEqual(planFor(undefined, SINGLE_THREAD_MAX_BYTES + 1, 2), mainPerFile, 'two cores, much code: one thread, memory bounded');
  assert.deepEqual(planFor(undefined, 88 * MB, 1), mainPerFile);
  assert.deepEqual(planFor(undefined, 1 * MB, 1), mainKeeping);
  assert.deepEqual(planFor(undefined, 22 * MB, 4), { threads: 4, keepsParses: true }, 'threads keep the parses of what fits in memory');
  assert.deepEqual(planFor(undefined, SINGLE_THREAD_MAX_BYTES + 1, 4), { threads: 4, keepsParses: false });
  assert.deepEqual(planFor(undefined, PARALLEL_MIN_BYTES - 1, 8), mainKeeping, 'too little code to pay for starting threads');
  assert.deepEqual(planFor(undefined, PARALLEL_MIN_BYTES, 8), { threads: 8, keepsParses: true });
  assert.deepEqual(planFor(1, 64 * MB, 8), mainKeeping, '--jobs 1 is today\'s single thread whatever the size');
  assert.deepEqual(planFor(3, 1, 2), { threads: 3, keepsParses: true });
  assert.deepEqual(planFor(3, 64 * MB, 2), { threads: 3, keepsParses: false });
});

test('threads and the main thread, keeping every parse until the second pass or analyzing each file as it parses it, report exactly what --jobs 1 reports', async () => {
  const discovery = discoverFiles([join(repoRoot, 'examples'), ...corpusSlice()], root);
  const keeping = checkFiles(discovery.files, createProjectAnalyzer({}, { findingsOnly: true }), discovery.errors);
  assert.ok(keeping.findings.some((f) => f.related?.some((r) => r.file !== f.file)), 'cross-file findings are part of the comparison');
  const timeless = (report: typeof keeping) => ({ ...report, parseMs: 0, analysisMs: 0, indexMs: 0, callGraphMs: 0 });
  const traceFile = join(root, 'trace.json');
  process.env.PLSQL_PERF_TRACE_SCALE = traceFile;
  try {
    for (const threads of [0, 2]) {
      for (const keepsParses of [true, false]) {
        const how = `threads ${threads}, keepsParses ${keepsParses}`;
        const report = await checkInParallel(discovery.files, { config: {}, threads, keepsParses }, discovery.errors);
        assert.deepEqual(timeless(report), timeless(keeping), how);
        // Where each file was parsed and analyzed (runTrace.ts): kept parses are analyzed by the thread that made
        // them, and never parsed again; without them only the files that call into others come back, parsed again.
        const requests = (JSON.parse(readFileSync(traceFile, 'utf8')) as { trace: { pass?: number; worker?: number; file?: number; parseMs?: number }[] }).trace.filter((e) => e.pass !== undefined);
        const first = new Map(requests.filter((e) => e.pass === 1).map((e) => [e.file, e.worker]));
        const second = requests.filter((e) => e.pass === 2);
        if (keepsParses) {
          assert.equal(second.length, first.size, `${how}: every file parsed is analyzed in the second pass`);
          assert.ok(second.every((e) => e.parseMs === 0 && e.worker === first.get(e.file)), `${how}: on the thread that parsed it, without parsing it again`);
        } else {
          assert.ok(second.length > 0 && second.length < first.size / 2, `${how}: ${second.length} of ${first.size} files analyzed again`);
          // a file whose lookups named what another file may define kept its parse (definedNames.ts): analyzed where
          // it was parsed, not parsed again; the others (their functions called from another file's SQL) parsed again
          const kept = second.filter((e) => e.parseMs === 0);
          assert.ok(kept.every((e) => e.worker === first.get(e.file)), `${how}: a kept parse is analyzed on the thread that made it`);
          assert.ok(kept.length >= second.length * 0.8, `${how}: ${kept.length} of the ${second.length} files analyzed again were kept, not parsed again`);
        }
      }
    }
  } finally {
    delete process.env.PLSQL_PERF_TRACE_SCALE;
  }
});

test('args: --jobs, --cache and --max-file-size', () => {
  const parsed = parseArgs(['check', '-j', '3', '--cache', 'c.json', '--max-file-size=2MB', 'src']);
  assert.equal(parsed.kind, 'check');
  if (parsed.kind !== 'check') return;
  assert.equal(parsed.options.jobs, 3);
  assert.equal(parsed.options.cache, 'c.json');
  assert.equal(parsed.options.maxFileSize, 2 * 1024 * 1024);
  for (const bad of [['--jobs', '0'], ['--jobs', 'many'], ['--max-file-size', '-1'], ['--max-file-size', '12 parsecs']]) {
    assert.equal(parseArgs(['check', ...bad, 'src']).kind, 'usage-error', bad.join(' '));
  }
  assert.equal(parseSize('800 kb'), 800 * 1024);
  assert.equal(parseSize('1g'), 1024 ** 3);
  assert.equal(parseSize('1000000'), 1000000);
});
