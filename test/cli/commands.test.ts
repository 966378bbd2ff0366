/**
 * What a new user meets first on the command line: `--help` names every command, each command has its own
 * `--help` (exit 0), slips get one clear message, and `.sql` scripts written for another database are skipped
 * (said per file with --verbose) unless --no-dialect-check.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, repoRoot } from './buildOnce.ts';
import { runCli } from './runCli.ts';

before(() => ensureBuilt());

test('--help lists every command with one line each; each command has its own --help (exit 0)', () => {
  const top = runCli(['--help']);
  assert.equal(top.code, 0);
  for (const command of ['check', 'report', 'lsp']) {
    assert.equal(top.stdout.split('\n').filter((l) => l.startsWith(`  ${command} `)).length, 1, `${command} in:\n${top.stdout}`);
    const own = runCli([command, '--help']);
    assert.equal(own.code, 0, `${command} --help: ${own.stderr}`);
    assert.match(own.stdout, new RegExp(`^Usage: plsql-perf ${command}\\b`));
    assert.equal(own.stderr, '');
  }
  assert.equal(runCli([]).code, 2);
  assert.match(runCli([]).stderr, /no command given \(expected `check`, `report`, `lsp`\)/);
});

test('a glob that matches nothing is said once, and says so', () => {
  const run = runCli(['check', 'nowhere/**/*.sql']);
  assert.equal(run.code, 2);
  const all = run.stdout + run.stderr;
  assert.equal(all.split('nowhere/**/*.sql').length - 1, 1, all);
  assert.match(all, /nowhere\/\*\*\/\*\.sql: error: no file matches this pattern \(nowhere does not exist\)/);
});

test('--config naming a missing file says which file and what is wrong', () => {
  const run = runCli(['check', '--config', 'missing.json', 'examples']);
  assert.equal(run.code, 2);
  assert.equal(run.stderr, 'plsql-perf: configuration error: missing.json: cannot read this configuration file: no such file\n');
});

test('dialect check: PostgreSQL, T-SQL and MySQL .sql scripts are skipped (a note each with --verbose); Oracle ones are checked', () => {
  const dir = mkdtempSync(join(tmpdir(), 'plsql-perf-dialects-'));
  try {
    cpSync(join(repoRoot, 'test/fixtures/dialects'), dir, { recursive: true });
    // A PL/SQL finding in an Oracle .sql file next to the foreign ones.
    writeFileSync(join(dir, 'oracle-loop.sql'), 'BEGIN\n  FOR r IN (SELECT id FROM orders) LOOP\n    UPDATE orders SET done = 1 WHERE id = r.id;\n  END LOOP;\nEND;\n/\n');
    const run = runCli(['check', '--format', 'json', '--verbose', '.'], { cwd: dir });
    const report = JSON.parse(run.stdout) as { files: number; findings: { file: string; rule: string }[]; errors: unknown[] };
    assert.deepEqual(report.errors, []);
    assert.equal(report.files, 4, 'ansi-plain, oracle-anonymous-block, oracle-loop, oracle-tricky');
    assert.deepEqual([...new Set(report.findings.map((f) => f.file))].filter((f) => !/^(oracle|ansi)/.test(f)), []);
    assert.ok(report.findings.some((f) => f.file === 'oracle-loop.sql' && f.rule === 'dml-in-loop'), JSON.stringify(report.findings));
    const notes = run.stderr.split('\n').filter((l) => l.includes('skipped'));
    assert.deepEqual(notes.map((l) => l.replace(/ \(.*$/, '')).sort(), [
      'plsql-perf: skipped mysql-procedures.sql: written for MySQL',
      'plsql-perf: skipped mysql-tables.sql: written for MySQL',
      'plsql-perf: skipped postgresql-do-block.sql: written for PostgreSQL',
      'plsql-perf: skipped postgresql-functions.sql: written for PostgreSQL',
      'plsql-perf: skipped tsql-procedures.sql: written for SQL Server',
    ]);
    assert.match(run.stderr, /skipped postgresql-functions\.sql: written for PostgreSQL \(`LANGUAGE plpgsql`/);
    // Without --verbose no note; with --no-dialect-check every file is checked (and the foreign ones get syntax errors).
    assert.doesNotMatch(runCli(['check', '.'], { cwd: dir }).stderr, /skipped/);
    const all = JSON.parse(runCli(['check', '--format', 'json', '--no-dialect-check', '.'], { cwd: dir }).stdout) as { files: number; findings: { file: string; rule: string }[] };
    assert.equal(all.files, 9);
    assert.ok(all.findings.some((f) => f.file === 'tsql-procedures.sql' && f.rule === 'syntax-error'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
