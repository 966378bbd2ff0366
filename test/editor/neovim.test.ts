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

test('Neovim receives plsql-perf diagnostics (a cross-file standalone call) and a hover over plsql-perf lsp --stdio', { skip: process.env.CI !== 'true' && missing }, () => {
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
        LSP_FILE: join(repoRoot, 'test/fixtures/lsp/ws/orders.pkb'),
        LSP_CMD: `${process.execPath} ${join(repoRoot, 'bin/plsql-perf.mjs')} lsp --stdio`,
        DIAG_OUT: out,
        HOVER_LINE: '7',
        HOVER_COL: '28',
      },
    });
    assert.equal(run.status, 0, `nvim exited ${run.status}: ${run.stderr}\n${readFileSafe(out)}`);
    const result = JSON.parse(readFileSync(out, 'utf8'));
    assert.equal(result.ok, true);
    // The call to BY2 (a standalone function in by2.fnc, a file Neovim never opened) in a loop of 100,000.
    assert.deepEqual(result.diagnostics, [{
      lnum: 7, col: 27, end_lnum: 7, end_col: 30, severity: 1, source: 'plsql-perf', code: 'standalone-call-in-loop',
      message: 'BY2 is a standalone function (by2.fnc line 1); each call pins it in the library cache, inside a loop of about 100,000 iterations. ' +
        'Put it in a package, or call it once outside the loop.',
    }]);
    assert.match(result.hover, /`BY2`: a schema-level standalone function defined in by2\.fnc line 1/);
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
