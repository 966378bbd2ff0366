/**
 * `plsql-perf check --fix` on a copy of examples/: exactly the lines with a safe fix change, the changes are
 * printed, and a second check no longer reports those findings. Also the rules of the rewrite itself: edits
 * that overlap are not applied together, and a file that is not UTF-8 is left alone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, repoRoot } from './buildOnce.ts';
import { runCli } from './runCli.ts';
import { applyTextEdits } from '../../server/src/cli/applyFixes.ts';
import { parseArgs } from '../../server/src/cli/args.ts';

const range = (line: number, column: number, endLine: number, endColumn: number) => ({ line, column, endLine, endColumn });

test('--fix on a copy of examples/ changes exactly the expected lines; checking again shows them gone', () => {
  ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'plsql-perf-fix-'));
  try {
    cpSync(join(repoRoot, 'examples'), dir, { recursive: true });
    const before = new Map(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
    const first = runCli(['check', '--fix', '-f', 'json', '--fail-on', 'never', '.'], { cwd: dir });
    assert.equal(first.code, 0, first.stderr);
    const changes = first.stderr.split('\n').filter((l) => l.includes(': fixed '));
    assert.deepEqual(changes.map((l) => l.replace(/^plsql-perf: /, '').replace(/: fixed ([a-z-]+):.*$/, ' $1')).sort(), [
      'billing_pkg.pkb:25:24 plan-statistics-in-code',
      'blob_export.prc:10:13 utl-file-small-buffer',
      'tuning_leftovers.sql:8:10 plan-statistics-in-code',
    ]);
    // exactly those lines differ, and nothing else in any file
    const changedLines: string[] = [];
    for (const [file, old] of before) {
      const now = readFileSync(join(dir, file), 'utf8').split('\n');
      old.split('\n').forEach((line, i) => {
        if (now[i] !== line) changedLines.push(`${file}:${i + 1}: ${now[i]!.trim()}`);
      });
      assert.equal(now.length, old.split('\n').length, `${file} keeps its line count`);
    }
    assert.equal(changedLines.length, 3, changedLines.join('\n'));
    assert.ok(changedLines.some((l) => /^blob_export\.prc:10: .*32767/.test(l)), changedLines.join('\n'));
    assert.ok(changedLines.filter((l) => l.startsWith('billing_pkg') || l.startsWith('tuning')).every((l) => !/gather_plan_statistics/i.test(l)));
    // the report of the --fix run lists what is left, not what was fixed
    const left = JSON.parse(first.stdout) as { findings: { file: string; line: number; rule: string }[] };
    assert.ok(!left.findings.some((f) => f.file === 'blob_export.prc' && f.line === 10 && f.rule === 'utl-file-small-buffer'));

    const second = runCli(['check', '-f', 'json', '--fail-on', 'never', '.'], { cwd: dir });
    const again = JSON.parse(second.stdout) as { findings: { file: string; line: number; rule: string; fix?: { kind: string } }[] };
    assert.deepEqual(again.findings.filter((f) => f.fix?.kind === 'safe'), []);
    assert.ok(!again.findings.some((f) => f.rule === 'syntax-error'));
    assert.deepEqual(again.findings.map((f) => `${f.file}:${f.line}:${f.rule}`).sort(), left.findings.map((f) => `${f.file}:${f.line}:${f.rule}`).sort());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('--fix leaves a file that is not UTF-8 alone and says why', () => {
  ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'plsql-perf-fix-'));
  try {
    const text = "-- caf\u00e9\nbegin\n  select /*+ gather_plan_statistics */ count(*) into :n from t;\nend;\n/\n";
    writeFileSync(join(dir, 'latin1.sql'), Buffer.from(text, 'latin1'));
    const run = runCli(['check', '--fix', '--fail-on', 'never', 'latin1.sql'], { cwd: dir });
    assert.match(run.stderr, /latin1\.sql: not fixed: only UTF-8 files are rewritten/);
    assert.deepEqual(readFileSync(join(dir, 'latin1.sql')), Buffer.from(text, 'latin1'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('edits apply from a 1-based range; overlapping edits are refused', () => {
  assert.equal(applyTextEdits('ab\ncdef\n', [{ range: range(2, 2, 2, 4), newText: 'X' }]), 'ab\ncXf\n');
  assert.equal(applyTextEdits('abcdef', [{ range: range(1, 1, 1, 3), newText: '' }, { range: range(1, 2, 1, 4), newText: '' }]), undefined);
  assert.equal(parseArgs(['check', '--fix', 'x']).kind, 'check');
  const parsed = parseArgs(['check', '--fix', 'x']);
  assert.ok(parsed.kind === 'check' && parsed.options.fix === true);
});
