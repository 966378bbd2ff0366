/**
 * End-to-end tests of the built command line (`node bin/plsql-perf.mjs`), on the fixtures in test/fixtures/cli/.
 * Builds once first if dist/cli.mjs is missing or older than the sources.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, repoRoot } from './buildOnce.ts';
import { runCli, type Run } from './runCli.ts';
import { checkSarif } from './sarifCheck.ts';

const FIX = 'test/fixtures/cli';
const VALID = `${FIX}/valid_package.sql`;
const BROKEN = `${FIX}/syntax_error.sql`;
const LATIN1 = `${FIX}/latin1.sql`;
const MISSING = `${FIX}/does-not-exist.sql`;
const BROKEN_LINE = 4; // `l_count := ;`

const cli = (...args: string[]): Run => runCli(args);

function json(...args: string[]): { run: Run; report: any } {
  const run = cli('check', '--format', 'json', ...args);
  return { run, report: JSON.parse(run.stdout) };
}

before(() => {
  ensureBuilt();
  assert.equal(existsSync(join(repoRoot, MISSING)), false, `${MISSING} must not exist`);
});

test('cli: --version and --help exit 0', () => {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  const v = cli('--version');
  assert.equal(v.code, 0);
  assert.equal(v.stdout, `plsql-perf ${pkg.version}\n`);
  const h = cli('check', '--help');
  assert.equal(h.code, 0);
  assert.match(h.stdout, /^Usage: plsql-perf check \[options\] PATHS\.\.\./);
  assert.match(h.stdout, /--fail-on/);
});

test('cli: usage errors exit 2 with a reason on stderr', () => {
  for (const args of [[], ['check'], ['check', '--format', 'xml', VALID], ['check', '--nope', VALID], ['frobnicate', VALID]]) {
    const r = cli(...args);
    assert.equal(r.code, 2, `args: ${args.join(' ')}`);
    assert.match(r.stderr, /^plsql-perf: .+\n/, `args: ${args.join(' ')}`);
    assert.equal(r.stdout, '');
  }
});

test('cli: a valid package has no findings and exits 0 (json: exact top-level shape)', () => {
  const { run, report } = json(VALID);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(Object.keys(report), ['version', 'files', 'findings', 'stats', 'errors']);
  assert.equal(report.version, 1);
  assert.equal(report.files, 1);
  assert.deepEqual(report.findings, []);
  assert.deepEqual(report.errors, []);
  assert.deepEqual(Object.keys(report.stats), ['files', 'lines', 'parseMs', 'analysisMs', 'indexMs', 'callGraphMs']);
  assert.equal(report.stats.files, 1);
  // The analyzer counts the (empty) line after a final newline too: newlines + 1.
  assert.equal(report.stats.lines, readFileSync(join(repoRoot, VALID), 'utf8').split('\n').length);
  assert.equal(typeof report.stats.parseMs, 'number');
  assert.ok(report.stats.parseMs >= 0);
});

test('cli: a syntax error is reported on its line; exit 1 under the default --fail-on warning', () => {
  const { run, report } = json(BROKEN);
  assert.equal(run.code, 1, run.stderr);
  assert.ok(report.findings.length >= 1);
  const first = report.findings[0];
  assert.deepEqual(Object.keys(first), ['file', 'line', 'column', 'endLine', 'endColumn', 'rule', 'severity', 'message']);
  assert.equal(first.file, BROKEN);
  assert.equal(first.rule, 'syntax-error');
  assert.equal(first.severity, 'error');
  assert.equal(first.line, BROKEN_LINE);
  assert.ok(Number.isInteger(first.column) && first.column >= 1);
  assert.ok(first.endLine > first.line || (first.endLine === first.line && first.endColumn > first.column));
  assert.equal(typeof first.message, 'string');
  assert.ok(first.message.length > 0);
  for (const f of report.findings) assert.equal(f.file, BROKEN);
});

test('cli: --fail-on decides exit 0 or 1', () => {
  assert.equal(cli('check', '--fail-on', 'never', BROKEN).code, 0);
  assert.equal(cli('check', '--fail-on', 'error', BROKEN).code, 1);
  assert.equal(cli('check', '--fail-on', 'info', BROKEN).code, 1);
  assert.equal(cli('check', '--fail-on', 'info', VALID).code, 0);
});

test('cli: a Latin-1 file decodes and checks cleanly', () => {
  const { run, report } = json(LATIN1);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(report.findings, []);
  assert.deepEqual(report.errors, []);
  assert.equal(report.stats.lines, 7); // 6 newline-terminated lines, counted as newlines + 1
});

test('cli: a missing path is an error entry; the other files are still checked; exit 2', () => {
  const { run, report } = json(MISSING, VALID, BROKEN);
  assert.equal(run.code, 2);
  assert.deepEqual(report.errors, [{ file: MISSING, message: 'no such file or directory' }]);
  assert.equal(report.files, 2);
  assert.ok(report.findings.some((f: { file: string }) => f.file === BROKEN));
  assert.match(run.stderr, new RegExp(`cannot read ${MISSING}: no such file or directory`));
});

test('cli: a directory is walked; findings sorted by file then position', () => {
  const { run, report } = json(FIX);
  assert.equal(run.code, 1, run.stderr);
  assert.equal(report.files, 3); // README.md is not a PL/SQL file
  assert.deepEqual(report.errors, []);
  const keys = report.findings.map((f: any) => [f.file, f.line, f.column]);
  const sorted = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1] || a[2] - b[2]));
  assert.deepEqual(keys, sorted);
});

test('cli: text format lines and summary', () => {
  const r = cli('check', BROKEN, VALID);
  assert.equal(r.code, 1);
  const lines = r.stdout.trimEnd().split('\n');
  const findingLines = lines.slice(0, -1);
  assert.ok(findingLines.length >= 1);
  assert.match(findingLines[0]!, new RegExp(`^${BROKEN}:${BROKEN_LINE}:\\d+: error syntax-error \\S.*$`));
  for (const l of findingLines) assert.match(l, /^[^:]+:\d+:\d+: (error|warning|info) [a-z-]+ .+$/);
  assert.match(lines.at(-1)!, /^2 files checked, \d+ lines: \d+ findings? \(\d+ errors?, \d+ warnings?, \d+ info\); parse [\d.]+ ms, index [\d.]+ ms, call graph [\d.]+ ms, analysis [\d.]+ ms$/);
  const quiet = cli('check', '--quiet', VALID);
  assert.equal(quiet.code, 0);
  assert.equal(quiet.stdout, '');
});

test('cli: SARIF validates against the official 2.1.0 schema and matches the JSON findings', () => {
  const r = cli('check', '--format', 'sarif', BROKEN, VALID, MISSING);
  assert.equal(r.code, 2);
  const sarif = JSON.parse(r.stdout);
  assert.deepEqual(checkSarif(sarif), []);
  assert.equal(sarif.version, '2.1.0');
  assert.equal(typeof sarif.$schema, 'string');
  assert.equal(sarif.runs.length, 1);
  const run = sarif.runs[0];
  assert.equal(run.tool.driver.name, 'plsql-perf');
  assert.ok(run.tool.driver.rules.some((rule: any) => rule.id === 'syntax-error' && rule.shortDescription.text.length > 0));
  const { report } = json(BROKEN, VALID);
  assert.equal(run.results.length, report.findings.length);
  run.results.forEach((res: any, i: number) => {
    const f = report.findings[i];
    assert.equal(res.ruleId, f.rule);
    assert.equal(res.level, f.severity === 'info' ? 'note' : f.severity);
    assert.equal(res.message.text, f.message);
    const loc = res.locations[0].physicalLocation;
    assert.equal(loc.artifactLocation.uri, f.file);
    const { snippet, ...region } = loc.region;
    assert.deepEqual(region, { startLine: f.line, startColumn: f.column, endLine: f.endLine, endColumn: f.endColumn });
    assert.equal(snippet.text, readFileSync(join(repoRoot, f.file), 'utf8').split('\n')[f.line - 1]);
  });
  assert.equal(run.invocations[0].executionSuccessful, false);
  assert.match(run.invocations[0].toolExecutionNotifications[0].message.text, /does-not-exist\.sql: no such file/);
});

test('cli: Markdown checklist lines and summary table', () => {
  const r = cli('check', '--format', 'markdown', BROKEN, VALID);
  assert.equal(r.code, 1);
  const lines = r.stdout.split('\n');
  assert.equal(lines[0], '# plsql-perf review checklist');
  assert.ok(lines.includes('| rule | error | warning | info | total |'));
  assert.ok(lines.some((l) => /^\| syntax-error \| \d+ \| 0 \| 0 \| \d+ \|$/.test(l)));
  assert.ok(lines.includes(`## ${BROKEN}`));
  const items = lines.filter((l) => l.startsWith('- [ ] '));
  assert.ok(items.length >= 1);
  const first = lines.indexOf(items[0]!);
  assert.match(items[0]!, new RegExp(`^- \\[ \\] \\*\\*error\\*\\* syntax-error at line ${BROKEN_LINE}: \\S.*$`));
  assert.equal(lines[first + 1], '  - code: `l_count := ;`');
  // The rule page link is absolute, under the package's homepage (the published repository).
  const page = new URL('docs/rules/syntax-error.md', JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).homepage).href;
  assert.equal(lines[first + 2], `  - what to do: ${lines[first + 2]!.slice('  - what to do: '.length).replace(/ See .*$/, '')} See [docs/rules/syntax-error.md](${page}).`);
  for (const l of items) assert.match(l, /^- \[ \] \*\*(error|warning|info)\*\* [a-z-]+ at line \d+: .+$/);
});

test('cli: --output writes the report to a file and nothing to stdout', () => {
  const dir = mkdtempSync(join(tmpdir(), 'plsql-perf-cli-'));
  try {
    const out = join(dir, 'report.json');
    const r = cli('check', '--format', 'json', '--output', out, BROKEN);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    const report = JSON.parse(readFileSync(out, 'utf8'));
    assert.equal(report.findings[0].file, BROKEN);
    const bad = cli('check', '--output', join(dir, 'no/such/dir/r.txt'), VALID);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /cannot write/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Root reads every directory, so as root the run is repeated as user nobody (setpriv), where the
// permission check is real; as any other user it runs directly.
test('cli: a directory it may not read is reported (exit 2) and the readable files are still checked', () => {
  const asRoot = process.getuid?.() === 0;
  const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));
  if (asRoot && !setpriv) {
    assert.fail('running as root needs setpriv (util-linux) to drop to an unprivileged user for this test');
  }
  const top = mkdtempSync(join(tmpdir(), 'plsql-perf-eacces-'));
  chmodSync(top, 0o755);
  // The bundled CLI is self-contained: a copy outside the repository runs wherever the clone lives, even in
  // a directory the unprivileged user cannot enter.
  for (const file of ['bin/plsql-perf.mjs', 'dist/cli.cjs']) {
    mkdirSync(join(top, 'tool', file, '..'), { recursive: true, mode: 0o755 });
    copyFileSync(join(repoRoot, file), join(top, 'tool', file));
    chmodSync(join(top, 'tool', file), 0o644);
  }
  chmodSync(join(top, 'tool'), 0o755);
  const dir = join(top, 'work');
  mkdirSync(dir, { mode: 0o755 });
  writeFileSync(join(dir, 'ok.sql'), 'begin null; end;\n');
  chmodSync(join(dir, 'ok.sql'), 0o644);
  mkdirSync(join(dir, 'locked'));
  writeFileSync(join(dir, 'locked', 'hidden.sql'), 'begin null; end;\n');
  chmodSync(join(dir, 'locked'), 0o000);
  try {
    const command = [process.execPath, join(top, 'tool/bin/plsql-perf.mjs'), 'check', '--format', 'json', '.'];
    const r = asRoot
      ? spawnSync(setpriv!, ['--reuid=65534', '--regid=65534', '--clear-groups', ...command], { cwd: dir, encoding: 'utf8', timeout: 120_000 })
      : spawnSync(command[0]!, command.slice(1), { cwd: dir, encoding: 'utf8', timeout: 120_000 });
    assert.equal(r.status, 2, r.stderr);
    const report = JSON.parse(r.stdout);
    assert.deepEqual(report.errors, [{ file: 'locked', message: 'permission denied' }]);
    assert.equal(report.files, 1);
    assert.deepEqual(report.findings, []);
    assert.match(r.stderr, /locked: permission denied/);
  } finally {
    chmodSync(join(dir, 'locked'), 0o755);
    rmSync(top, { recursive: true, force: true });
  }
});
