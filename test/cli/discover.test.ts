import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { checkFiles } from '../../server/src/cli/check.ts';
import { discoverFiles } from '../../server/src/cli/discover.ts';
import type { Analyze } from '../../server/src/cli/check.ts';

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

const fakeResult: Analyze = (text) => ({
  findings: text.includes('bad')
    ? [
        { line: 2, column: 1, endLine: 2, endColumn: 4, rule: 'syntax-error', severity: 'error', message: 'late' },
        { line: 1, column: 5, endLine: 1, endColumn: 6, rule: 'syntax-error', severity: 'error', message: 'early' },
      ]
    : [],
  lines: text.split('\n').length - 1,
  parseMs: 1.25,
});

test('check: findings carry the file, are sorted by file then position; an analyzer exception becomes an error entry', () => {
  const dir = mkdtempSync(join(tmpdir(), 'plsql-perf-check-'));
  try {
    writeFileSync(join(dir, 'z.sql'), 'bad\nbad\n');
    writeFileSync(join(dir, 'boom.sql'), 'boom\n');
    writeFileSync(join(dir, 'a.sql'), 'bad one\n');
    writeFileSync(join(dir, 'ok.sql'), Buffer.from([0x2d, 0x2d, 0x20, 0xe9, 0x0a])); // Latin-1 é
    const seen: string[] = [];
    const d = discoverFiles(['z.sql', 'boom.sql', 'a.sql', 'ok.sql', 'gone.sql'], dir);
    const report = checkFiles(d.files, (text) => {
      seen.push(text);
      if (text.startsWith('boom')) throw new RangeError('analyzer blew up');
      return fakeResult(text);
    }, d.errors);
    assert.equal(report.files, 3);
    assert.equal(report.lines, 4);
    assert.equal(report.parseMs, 3.8);
    assert.deepEqual(report.findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.message}`), [
      'a.sql:1:5 early', 'a.sql:2:1 late', 'z.sql:1:5 early', 'z.sql:2:1 late',
    ]);
    assert.deepEqual(report.errors, [
      { file: 'boom.sql', message: 'internal error: RangeError: analyzer blew up' },
      { file: 'gone.sql', message: 'no such file or directory' },
    ]);
    assert.ok(seen.includes('-- é\n'), 'Latin-1 file decoded as windows-1252');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
