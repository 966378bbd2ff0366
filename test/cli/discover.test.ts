import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { checkFiles } from '../../server/src/cli/check.ts';
import { discoverFiles } from '../../server/src/cli/discover.ts';
import type { ProjectAnalyzer } from '../../server/src/analysis/analyzeProject.ts';

let root: string;

before(() => {
  root = mkdtempSync(join(tmpdir(), 'plsql-perf-discover-'));
  const files: Record<string, string> = {
    'a.sql': 'select 1 from dual;\n',
    'B.PKB': 'x\n',
    'sub/deeper/c.pks': 'x\n',
    'sub/d.tps': 'x\n',
    'sub/notes.txt': 'not PL/SQL\n',
    'sub/readme.md': 'not PL/SQL\n',
    '.hidden/e.sql': 'x\n',
    'node_modules/f.sql': 'x\n',
    'sub/.git/g.sql': 'x\n',
    'other/h.plsql': 'x\n',
    'odd.txt': 'explicit files of any extension are checked\n',
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  symlinkSync(join(root, 'sub'), join(root, 'sub', 'deeper', 'loop')); // a directory cycle
});

after(() => rmSync(root, { recursive: true, force: true }));

test('discover: walks directories for PL/SQL extensions, skips dot-dirs and node_modules, follows no cycles', () => {
  const d = discoverFiles(['.'], root);
  assert.deepEqual(d.errors, []);
  assert.deepEqual(
    d.files.map((f) => f.display),
    ['B.PKB', 'a.sql', 'other/h.plsql', 'sub/d.tps', 'sub/deeper/c.pks'],
  );
  assert.equal(d.files[1]!.path, join(root, 'a.sql'));
});

test('discover: explicit files of any extension; paths relative to cwd with forward slashes; duplicates once', () => {
  const d = discoverFiles(['odd.txt', 'sub', join(root, 'sub/d.tps'), 'missing.sql'], root);
  assert.deepEqual(d.files.map((f) => f.display), ['odd.txt', 'sub/d.tps', 'sub/deeper/c.pks']);
  assert.deepEqual(d.errors, [{ file: 'missing.sql', message: 'no such file or directory' }]);
  const fromSub = discoverFiles(['../a.sql'], join(root, 'sub'));
  assert.deepEqual(fromSub.files.map((f) => f.display), ['../a.sql']);
});

test('discover: a FIFO named explicitly is not a regular file', () => {
  const fifo = join(root, 'pipe.sql');
  try {
    execFileSync('mkfifo', [fifo]);
  } catch {
    return; // no mkfifo on this system
  }
  try {
    assert.deepEqual(discoverFiles(['pipe.sql'], root).errors, [{ file: 'pipe.sql', message: 'not a regular file' }]);
  } finally {
    rmSync(fifo);
  }
});

test('discover: an unreadable directory is reported and the walk goes on', { skip: process.getuid?.() === 0 ? 'running as root: permissions are not enforced' : false }, () => {
  const locked = join(root, 'locked');
  mkdirSync(locked);
  writeFileSync(join(locked, 'x.sql'), 'x\n');
  chmodSync(locked, 0o000);
  try {
    const d = discoverFiles(['.'], root);
    assert.deepEqual(d.errors, [{ file: 'locked', message: 'permission denied' }]);
    assert.ok(d.files.length >= 5);
  } finally {
    chmodSync(locked, 0o755);
    rmSync(locked, { recursive: true });
  }
});

const fakeResult = (text: string) => ({
  findings: text.includes('bad')
    ? [
        { line: 2, column: 1, endLine: 2, endColumn: 4, rule: 'syntax-error' as const, severity: 'error' as const, message: 'late' },
        { line: 1, column: 5, endLine: 1, endColumn: 6, rule: 'syntax-error' as const, severity: 'error' as const, message: 'early' },
      ]
    : [],
  lines: text.split('\n').length - 1,
  parseMs: 1.25,
});

/** A stand-in analyzer that records the order of the two passes. */
function recordingAnalyzer(calls: string[]): ProjectAnalyzer {
  return {
    index: (file) => void calls.push(`index ${basename(file)}`),
    analyze: (file, text) => {
      calls.push(`analyze ${basename(file)}`);
      if (text.startsWith('boom')) throw new RangeError('analyzer blew up');
      const { findings, lines } = fakeResult(text);
      return { findings, lines };
    },
    stats: () => ({ parseMs: 3.8, indexMs: 0, analysisMs: 0 }),
  };
}

test('check: pass 1 indexes every file before pass 2 analyzes any; findings sorted; an exception becomes an error entry', () => {
  const dir = mkdtempSync(join(tmpdir(), 'plsql-perf-check-'));
  try {
    writeFileSync(join(dir, 'z.sql'), 'bad\nbad\n');
    writeFileSync(join(dir, 'boom.sql'), 'boom\n');
    writeFileSync(join(dir, 'a.sql'), 'bad one\n');
    writeFileSync(join(dir, 'ok.sql'), Buffer.from([0x2d, 0x2d, 0x20, 0xe9, 0x0a])); // Latin-1 é
    const calls: string[] = [];
    const texts: string[] = [];
    const d = discoverFiles(['z.sql', 'boom.sql', 'a.sql', 'ok.sql', 'gone.sql'], dir);
    const analyzer = recordingAnalyzer(calls);
    const analyze = analyzer.analyze;
    analyzer.analyze = (file, text) => (texts.push(text), analyze(file, text));
    const report = checkFiles(d.files, analyzer, d.errors);
    assert.deepEqual(calls, [
      'index z.sql', 'index boom.sql', 'index a.sql', 'index ok.sql',
      'analyze z.sql', 'analyze boom.sql', 'analyze a.sql', 'analyze ok.sql',
    ]);
    assert.equal(report.files, 3);
    assert.equal(report.lines, 4);
    assert.equal(report.parseMs, 3.8);
    assert.deepEqual(report.findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.message} [${f.code}]`), [
      'a.sql:1:5 early [bad one]', 'a.sql:2:1 late []', 'z.sql:1:5 early [bad]', 'z.sql:2:1 late [bad]',
    ]);
    assert.deepEqual(report.errors, [
      { file: 'boom.sql', message: 'internal error: RangeError: analyzer blew up' },
      { file: 'gone.sql', message: 'no such file or directory' },
    ]);
    assert.ok(texts.includes('-- é\n'), 'Latin-1 file decoded as windows-1252');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('discover: paths are reported as given (./, absolute, a directory with a trailing slash)', () => {
  const d = discoverFiles(['./a.sql', 'other/', `${root}/sub/d.tps`], root);
  assert.deepEqual(d.files.map((f) => f.display), ['./a.sql', 'other/h.plsql', `${root}/sub/d.tps`]);
});

test('discover: quoted globs are expanded by the CLI itself', () => {
  const g = discoverFiles(['**/*.pks', 'sub/*', '*.{sql,PKB}'], root);
  assert.deepEqual(g.errors, []);
  // `sub/*` names no extension: only PL/SQL files (not notes.txt, readme.md); dot-dirs and node_modules skipped.
  assert.deepEqual(g.files.map((f) => f.display), ['sub/deeper/c.pks', 'sub/d.tps', 'B.PKB', 'a.sql']);
  const txt = discoverFiles(['sub/*.txt'], root);
  assert.deepEqual(txt.files.map((f) => f.display), ['sub/notes.txt']);
  const none = discoverFiles(['nowhere/**/*.sql'], root);
  assert.deepEqual(none.files, []);
  assert.deepEqual(none.errors, [{ file: 'nowhere/**/*.sql', message: 'no file matches this pattern (nowhere does not exist)' }]);
  const noMatch = discoverFiles(['sub/**/*.pkb'], root);
  assert.deepEqual(noMatch.errors, [{ file: 'sub/**/*.pkb', message: 'no file matches this pattern' }]);
});
