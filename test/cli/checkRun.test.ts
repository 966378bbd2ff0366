/**
 * End-to-end tests of the check run's options on temporary projects: configuration, suppressions, --rule,
 * globs, --files-from, --diff, the SonarQube format, control characters and the progress line.
 * The only non-syntax finding the analyzer has on every branch is `wrapped-unit` (info), so the tests use it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseUnifiedDiff } from '../../server/src/cli/gitDiff.ts';
import { createProgress } from '../../server/src/cli/progress.ts';
import { ensureBuilt } from './buildOnce.ts';
import { runCli } from './runCli.ts';

const WRAPPED = 'create or replace package body pkg_vendor wrapped\na000000\nb2\nabcd\n/\n';
const BROKEN = 'begin\n  l_count := ;\nend;\n/\n';
const CLEAN = 'begin\n  null;\nend;\n/\n';

let root: string;
const write = (rel: string, text: string | Buffer) => {
  mkdirSync(join(root, rel, '..'), { recursive: true });
  writeFileSync(join(root, rel), text);
};
const inRoot = (args: string[], input?: string) => runCli(args, { cwd: root, input });
const jsonIn = (args: string[], input?: string) => {
  const run = inRoot(['check', '--format', 'json', ...args], input);
  let report: any;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    assert.fail(`not JSON (exit ${run.code}): ${run.stdout}\n${run.stderr}`);
  }
  return { run, report };
};
const found = (report: any): string[] => report.findings.map((f: any) => `${f.file}:${f.line} ${f.rule} ${f.severity}`);

before(() => {
  ensureBuilt();
  root = mkdtempSync(join(tmpdir(), 'plsql-perf-run-'));
});
after(() => rmSync(root, { recursive: true, force: true }));

test('check: .plsqlperf.json found by walking up changes severities, turns rules off and excludes files', () => {
  write('proj/.plsqlperf.json', JSON.stringify({ rules: { 'wrapped-unit': 'error' }, exclude: ['src/generated/**'] }));
  write('proj/src/vendor.pkb', WRAPPED);
  write('proj/src/generated/gen.pkb', WRAPPED);
  const { run, report } = jsonIn(['proj/src']);
  assert.equal(run.code, 1, run.stderr);
  assert.deepEqual(found(report), ['proj/src/vendor.pkb:1 wrapped-unit error']);
  assert.equal(report.files, 1);

  write('other.json', JSON.stringify({ rules: { 'wrapped-unit': 'off' } }));
  const off = jsonIn(['--config', 'other.json', 'proj/src']);
  assert.equal(off.run.code, 0, off.run.stderr);
  assert.deepEqual(found(off.report), []);
  assert.equal(off.report.files, 2, '--config replaces the nearest file: no exclude now');
});

test('check: configuration errors exit 2 and name file, JSON pointer and what is expected', () => {
  write('bad/.plsqlperf.json', JSON.stringify({ rules: { 'wrapped-unit': { severity: 'fatal' } } }));
  write('bad/a.sql', CLEAN);
  const r = inRoot(['check', 'bad']);
  assert.equal(r.code, 2);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^plsql-perf: configuration error: .*bad\/\.plsqlperf\.json: \/rules\/wrapped-unit\/severity: expected one of "error", "warning", "info", got "fatal"\n$/);
  write('unknown.json', JSON.stringify({ rules: { 'dml-in-loops': 'off' } }));
  const u = inRoot(['check', '--config', 'unknown.json', 'bad/a.sql']);
  assert.equal(u.code, 2);
  assert.match(u.stderr, /unknown\.json: \/rules\/dml-in-loops: unknown rule "dml-in-loops" \(known rules: .*dml-in-loop.*\)/);
  const missing = inRoot(['check', '--config', 'nope.json', 'bad/a.sql']);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /configuration error: nope\.json: cannot read this configuration file: no such file$/m);
});

test('check: suppression comments hide findings; the same text in a string literal does not', () => {
  write('supp/ok.pkb', `-- plsql-perf-disable-next-line wrapped-unit -- vendor code, reviewed\n${WRAPPED}`);
  write('supp/range.pkb', `/* plsql-perf-disable wrapped-unit */\n${WRAPPED}${WRAPPED}-- plsql-perf-enable wrapped-unit\n${WRAPPED}`);
  write('supp/string.pkb', `select '-- plsql-perf-disable-next-line wrapped-unit' from dual;\n${WRAPPED}`);
  const { report } = jsonIn(['supp']);
  assert.deepEqual(found(report), ['supp/range.pkb:13 wrapped-unit info', 'supp/string.pkb:2 wrapped-unit info']);
  // The checklist lists the suppression that gives no reason (range.pkb), not the one that does (ok.pkb).
  const md = inRoot(['check', '--format', 'markdown', 'supp']).stdout.split('\n');
  const section = md.indexOf('## Suppressions without a reason');
  assert.ok(section > 0, md.join('\n'));
  assert.deepEqual(md.slice(section + 4).filter((l) => l.startsWith('- [ ]')), ['- [ ] supp/range.pkb line 1: disable wrapped-unit']);
});

test('check: suppressions and configuration on real rule findings (dml-in-loop, commit-in-loop)', () => {
  write('real/loop.sql', [
    'begin',
    '  for i in 1..100 loop',
    '    -- plsql-perf-disable-next-line dml-in-loop -- staging table, 100 rows',
    '    insert into t values (i);',
    '    update t set x = 1 where id = i;',
    "    l_sql := '-- plsql-perf-disable-next-line dml-in-loop';",
    '    delete from t where id = i;',
    '    commit;',
    '  end loop;',
    'end;',
    '/',
    '',
  ].join('\n'));
  assert.deepEqual(found(jsonIn(['real/loop.sql']).report), [
    'real/loop.sql:5 dml-in-loop warning', 'real/loop.sql:7 dml-in-loop warning', 'real/loop.sql:8 commit-in-loop warning',
  ]);
  write('real.json', JSON.stringify({ rules: { 'commit-in-loop': 'off', 'dml-in-loop': 'error' } }));
  assert.deepEqual(found(jsonIn(['--config', 'real.json', 'real/loop.sql']).report), [
    'real/loop.sql:5 dml-in-loop error', 'real/loop.sql:7 dml-in-loop error',
  ]);
  const only = jsonIn(['--rule', 'commit-in-loop', 'real/loop.sql']);
  assert.deepEqual(found(only.report), ['real/loop.sql:8 commit-in-loop warning']);
  assert.equal(only.report.findings[0].loop.iterations, 100);
});

test('check: --rule restricts the report; an unknown rule is a usage error', () => {
  write('rules/broken.sql', BROKEN);
  write('rules/vendor.pkb', WRAPPED);
  assert.deepEqual(found(jsonIn(['--rule', 'wrapped-unit', 'rules']).report), ['rules/vendor.pkb:1 wrapped-unit info']);
  assert.deepEqual(found(jsonIn(['--rule', 'syntax-error', 'rules']).report), ['rules/broken.sql:2 syntax-error error']);
  const r = inRoot(['check', '--rule', 'dml-in-loops', 'rules']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /unknown rule 'dml-in-loops' for --rule \(known rules: .*\)/);
});

test('check: quoted globs are expanded by the CLI; paths are reported as given', () => {
  write('glob/a/one.pkb', WRAPPED);
  write('glob/b/two.pkb', WRAPPED);
  write('glob/b/three.sql', WRAPPED);
  const { report } = jsonIn(['glob/**/*.pkb', './glob/b/three.sql']);
  assert.deepEqual(report.findings.map((f: any) => f.file), ['./glob/b/three.sql', 'glob/a/one.pkb', 'glob/b/two.pkb']);
  const none = jsonIn(['glob/**/*.trg']);
  assert.equal(none.run.code, 2);
  assert.deepEqual(none.report.errors, [{ file: 'glob/**/*.trg', message: 'no file matches this pattern' }]);
});

test('check: --files-from reads 1,500 paths from a file and from standard input', () => {
  const names: string[] = [];
  for (let i = 0; i < 1500; i++) {
    const name = `many/d${i % 30}/file_with_a_rather_long_name_${String(i).padStart(4, '0')}.sql`;
    write(name, i % 500 === 0 ? WRAPPED : CLEAN);
    names.push(name);
  }
  write('list.txt', `${names.join('\r\n')}\r\n\r\n`);
  const fromFile = jsonIn(['--files-from', 'list.txt']);
  assert.equal(fromFile.run.code, 0, fromFile.run.stderr);
  assert.equal(fromFile.report.files, 1500);
  assert.deepEqual(fromFile.report.errors, []);
  assert.equal(fromFile.report.findings.length, 3);
  const fromStdin = jsonIn(['--files-from', '-', 'glob/a/one.pkb'], `${names.join('\n')}\nmany/missing.sql\n`);
  assert.equal(fromStdin.run.code, 2, 'the missing file is an error');
  assert.equal(fromStdin.report.files, 1501);
  assert.deepEqual(fromStdin.report.errors, [{ file: 'many/missing.sql', message: 'no such file or directory' }]);
  assert.equal(fromStdin.run.stderr.includes('\r'), false, 'no progress line when stderr is not a terminal');
  const unreadable = inRoot(['check', '--files-from', 'no-list.txt']);
  assert.equal(unreadable.code, 2);
  assert.match(unreadable.stderr, /--files-from: cannot read no-list\.txt: no such file or directory/);
});

test('check: --diff REF reports only findings on lines changed since REF; new files count whole', () => {
  const repo = join(root, 'repo');
  mkdirSync(repo);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
  git('init', '-q');
  git('config', 'user.email', 'test@example.org');
  git('config', 'user.name', 'test');
  writeFileSync(join(repo, 'old.pkb'), `${WRAPPED}${WRAPPED}`);
  writeFileSync(join(repo, 'same.pkb'), WRAPPED);
  git('add', '.');
  git('commit', '-qm', 'base');
  const base = git('rev-parse', 'HEAD').trim();
  // Change the second unit only, commit a new file, and leave one untracked file.
  writeFileSync(join(repo, 'old.pkb'), `${WRAPPED}${WRAPPED.replace('pkg_vendor', 'pkg_vendor2')}`);
  writeFileSync(join(repo, 'added.pkb'), WRAPPED);
  git('add', 'old.pkb', 'added.pkb');
  git('commit', '-qm', 'change');
  writeFileSync(join(repo, 'untracked.pkb'), WRAPPED);
  const run = runCli(['check', '--format', 'json', '--diff', base, '.'], { cwd: repo });
  const report = JSON.parse(run.stdout);
  assert.deepEqual(found(report), ['added.pkb:1 wrapped-unit info', 'old.pkb:6 wrapped-unit info', 'untracked.pkb:1 wrapped-unit info']);
  assert.equal(report.files, 4, 'every file is still analyzed (the index needs them all)');
  const head = runCli(['check', '--format', 'json', '--diff', 'HEAD', '.'], { cwd: repo });
  assert.deepEqual(found(JSON.parse(head.stdout)), ['untracked.pkb:1 wrapped-unit info']);
  // An unstaged edit counts as a change too.
  writeFileSync(join(repo, 'same.pkb'), WRAPPED.replace('pkg_vendor', 'pkg_edited'));
  const edited = runCli(['check', '--format', 'json', '--diff', 'HEAD', '.'], { cwd: repo });
  assert.deepEqual(found(JSON.parse(edited.stdout)), ['same.pkb:1 wrapped-unit info', 'untracked.pkb:1 wrapped-unit info']);

  const unknown = runCli(['check', '--diff', 'no-such-branch', '.'], { cwd: repo });
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /--diff: unknown git revision 'no-such-branch'/);
  const notRepo = join(root, 'not-a-repo');
  mkdirSync(notRepo);
  writeFileSync(join(notRepo, 'a.sql'), CLEAN);
  const outside = runCli(['check', '--diff', 'HEAD', '.'], { cwd: notRepo, input: '' });
  assert.equal(outside.code, 2);
  assert.match(outside.stderr, /--diff: .* is not inside a git work tree/);
});

test('gitDiff: hunks of git diff --unified=0, deletions, quoted names', () => {
  const diff = [
    'diff --git a/src/p.pkb b/src/p.pkb',
    '--- a/src/p.pkb',
    '+++ b/src/p.pkb',
    '@@ -3 +3 @@ x',
    '@@ -10,2 +11,3 @@',
    '@@ -20,4 +22,0 @@',
    'diff --git "a/sp ace\\tx.sql" "b/sp ace\\tx.sql"',
    '--- "a/sp ace\\tx.sql"',
    '+++ "b/sp ace\\tx.sql"',
    '@@ -0,0 +1,2 @@',
    'diff --git a/gone.sql b/gone.sql',
    '--- a/gone.sql',
    '+++ /dev/null',
    '@@ -1,3 +0,0 @@',
  ].join('\n');
  const changed = parseUnifiedDiff(diff, '/top');
  assert.deepEqual([...changed.keys()], ['/top/src/p.pkb', '/top/sp ace\tx.sql']);
  assert.deepEqual([...(changed.get('/top/src/p.pkb') as Set<number>)], [3, 11, 12, 13]);
  assert.deepEqual([...(changed.get('/top/sp ace\tx.sql') as Set<number>)], [1, 2]);
});

test('check: sonarqube output has the 10.3+ shape with paths as given', () => {
  const r = inRoot(['check', '--format', 'sonarqube', 'rules']);
  assert.equal(r.code, 1);
  const sonar = JSON.parse(r.stdout);
  assert.deepEqual(sonar.rules.map((x: any) => x.id), ['syntax-error', 'wrapped-unit']);
  assert.deepEqual(sonar.issues.map((i: any) => [i.ruleId, i.primaryLocation.filePath, i.primaryLocation.textRange.startLine]), [
    ['syntax-error', 'rules/broken.sql', 2],
    ['wrapped-unit', 'rules/vendor.pkb', 1],
  ]);
  assert.equal(sonar.issues[0].primaryLocation.textRange.startColumn, 13, '0-based: the `;` is column 14');
});

test('check: binary input never puts raw control characters into the text or markdown report', () => {
  write('bin/blob.sql', Buffer.from([0x62, 0x65, 0x67, 0x69, 0x6e, 0x20, 0x1b, 0x5b, 0x32, 0x4a, 0x07, 0x00, 0x9b, 0x0a, 0x3b, 0x0a]));
  for (const format of ['text', 'markdown', 'sonarqube', 'json', 'sarif']) {
    const r = inRoot(['check', '--format', format, 'bin/blob.sql']);
    assert.ok(r.code === 1 || r.code === 0, `${format}: exit ${r.code} ${r.stderr}`);
    assert.doesNotMatch(r.stdout, /[\x00-\x08\x0B-\x1F\x7F-\x9F]/, format);
  }
});

test('progress: a \\r-updated line only on a terminal, throttled, cleared at the end', () => {
  const written: string[] = [];
  let now = 0;
  const progress = createProgress({ write: (s) => void written.push(s), isTTY: true, columns: 40 }, () => now);
  for (let i = 0; i < 50; i++) {
    progress.update('parsing', i, 50, `dir/file_${i}.sql`);
    now += 30;
  }
  progress.done();
  assert.ok(written.length >= 10 && written.length <= 20, `throttled to ~10/s: ${written.length}`);
  assert.ok(written.slice(0, -1).every((s) => s.startsWith('\r') && s.endsWith('\x1b[K') && s.length <= 40 + 4));
  assert.equal(written.at(-1), '\r\x1b[K');
  assert.match(written[0]!, /^\rplsql-perf: parsing 0\/50 dir\/file_0\.sql\x1b\[K$/);
  const quiet: string[] = [];
  const notTty = createProgress({ write: (s) => void quiet.push(s), isTTY: false, columns: 80 });
  notTty.update('parsing', 0, 100, 'x.sql');
  notTty.done();
  const few = createProgress({ write: (s) => void quiet.push(s), isTTY: true, columns: 80 });
  few.update('parsing', 0, 3, 'x.sql');
  few.done();
  assert.deepEqual(quiet, []);
});
