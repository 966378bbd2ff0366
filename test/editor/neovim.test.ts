/**
 * A real third-party LSP client: Neovim (headless) starts `plsql-perf lsp --stdio`, receives the
 * diagnostics and a hover, and writes them to JSON for this test to check. Without nvim the test is skipped
 * with the reason, except in CI (CI=true), where a missing nvim fails it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, repoRoot } from '../cli/buildOnce.ts';

const nvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
const missing = nvim.status !== 0 ? 'nvim is not installed (apt-get install neovim)' : undefined;

test('Neovim receives plsql-perf diagnostics and hovers over plsql-perf lsp --stdio', { skip: process.env.CI !== 'true' && missing }, () => {
  assert.equal(missing, undefined, missing);
  ensureBuilt('dist/cli.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'plsql-perf-nvim-'));
  const out = join(dir, 'diagnostics.json');
  try {
    const run = spawnSync('nvim', ['--headless', '-u', 'NONE', '-i', 'NONE', '-n', '-c', `luafile ${join(repoRoot, 'test/editor/nvimLspDiagnostics.lua')}`], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        ...process.env,
        HOME: dir,
        XDG_STATE_HOME: dir,
        XDG_CACHE_HOME: dir,
        LSP_FILE: join(repoRoot, 'test/fixtures/lsp/ws/broken.sql'),
        LSP_CMD: `${process.execPath} ${join(repoRoot, 'bin/plsql-perf.mjs')} lsp --stdio`,
        DIAG_OUT: out,
        HOVER_LINE: '2',
        HOVER_COL: '3',
      },
    });
    assert.equal(run.status, 0, `nvim exited ${run.status}: ${run.stderr}\n${readFileSafe(out)}`);
    const result = JSON.parse(readFileSync(out, 'utf8'));
    assert.equal(result.ok, true);
    assert.deepEqual(result.diagnostics, [{
      lnum: 2, col: 2, end_lnum: 2, end_col: 8, severity: 1,
      message: "syntax error: ';' expected before 'COMMIT'", source: 'plsql-perf', code: 'syntax-error',
    }]);
    assert.match(result.hover, /\*\*syntax-error\*\* \(error\): syntax error: ';' expected before 'COMMIT'/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

function readFileSafe(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '(no output file)';
  }
}
