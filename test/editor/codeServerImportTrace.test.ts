/**
 * "PL/SQL Perf: Import a trace" inside a real editor: code-server 4.100.3 with the packaged .vsix, driven by
 * Playwright and Debian's chromium. With proc_by2.prc open (BY2 defined in by2.fnc next to it), the user picks
 * seed 000's published DTrace counts in VS Code's own open dialog and leaves the iteration count to the
 * analyzer: the panel opens with the confirmed standalone-call-in-loop card and its ratio, the "Imported
 * traces" section, and the hint on line 6 is marked in the Problems panel as confirmed by the profile.
 * Screenshots go to test-artifacts/editor/.
 *
 * Needs code-server (test/editor/install-code-server.sh) and chromium; without them the test is skipped with
 * the reason, except in CI (CI=true), where it fails.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { loadProfile } from '../../server/src/profile/loadProfile.ts';
import { ensureBuilt, repoRoot } from '../cli/buildOnce.ts';
import { codeServerBinary, missingEditorTools, startCodeServer, type CodeServerSession } from './codeServerSession.ts';
import { chooseInOpenDialog, launchChromium, profileFrame, quickOpen, runCommand } from './workbench.ts';

const binary = codeServerBinary();
const missing = missingEditorTools(binary);
const skip = process.env.CI !== 'true' && missing;
const artifacts = join(repoRoot, 'test-artifacts', 'editor');
const TRACE = 'seed-000-fcalls-proc.txt';

let session: CodeServerSession | undefined;
let browser: BrowserContext | undefined;
let page: Page;
let workspace: string;
let packDir: string;

before(async () => {
  if (skip) return;
  assert.equal(missing, undefined, missing);
  mkdirSync(artifacts, { recursive: true });
  ensureBuilt('dist/extension.cjs');
  ensureBuilt('dist/webview/profile.js');
  packDir = mkdtempSync(join(tmpdir(), 'plsql-perf-vsix-import-'));
  const vsix = join(packDir, 'plsql-perf.vsix');
  const packaged = spawnSync(join(repoRoot, 'node_modules/.bin/vsce'), ['package', '--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links', '--out', vsix], { cwd: repoRoot, encoding: 'utf8' });
  assert.equal(packaged.status, 0, `vsce package failed:\n${packaged.stdout}\n${packaged.stderr}`);

  workspace = mkdtempSync(join(tmpdir(), 'plsql-perf-e2e-import-'));
  for (const name of ['proc_by2.prc', 'by2.fnc']) copyFileSync(join(repoRoot, 'examples', name), join(workspace, name));
  mkdirSync(join(workspace, 'traces'));
  copyFileSync(join(repoRoot, 'test/fixtures/profile/import', TRACE), join(workspace, 'traces', TRACE));
  session = await startCodeServer(binary, vsix, workspace);
  browser = await launchChromium({ width: 1500, height: 950 });
  page = browser.pages()[0] ?? (await browser.newPage());
  page.setDefaultTimeout(60_000);
  await page.goto(session.url);
  await page.waitForSelector('.monaco-workbench');
  await page.waitForSelector('.explorer-folders-view .monaco-list-row');
});

after(async () => {
  await browser?.close();
  await session?.stop();
  for (const dir of [workspace, packDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

async function screenshot(name: string): Promise<void> {
  await page.screenshot({ path: join(artifacts, `${name}.png`) });
}

test('code-server: "Import a trace" on proc_by2.prc opens the panel with the confirmed card and marks line 6', { skip, timeout: 240_000 }, async () => {
  try {
    await page.locator('.monaco-workbench').click({ position: { x: 700, y: 400 } });
    await quickOpen(page, 'proc_by2.prc');
    // The standalone-call hint needs the workspace index (BY2 is in by2.fnc): its squiggle says the server is ready.
    await page.waitForSelector('.squiggly-error, .squiggly-warning');

    await runCommand(page, 'PL/SQL Perf: Import a trace');
    await chooseInOpenDialog(page, workspace, join(workspace, 'traces', TRACE));
    // The iteration count: left empty, so the analyzer's loop estimate (1,000,000) is compared with.
    await page.locator('.quick-input-widget', { hasText: 'loop iterations' }).first().waitFor();
    await page.keyboard.press('Enter');

    const frame = await profileFrame(page);
    const card = frame.locator('[data-card]', { hasText: 'standalone-call-in-loop' }).first();
    await card.waitFor();
    assert.equal(await card.getAttribute('data-verdict'), 'confirmed');
    assert.match((await card.innerText()).replace(/\s+/g, ' '), /1,000,002 kgiPinObject calls for 1,000,000 expected calls \(the loop runs about 1,000,000 times\): 1,000,002 \/ 1,000,000 = 1\.00 pins per iteration/);
    assert.match(await frame.locator('[data-list="traces"]').innerText(), /traces\/seed-000-fcalls-proc\.txt: dtrace dtrace-aggregation \(detected\)/);
    await screenshot('import-trace-panel');

    // Saved like a recorded profile, and valid.
    const saved = readdirSync(join(workspace, '.plsql-perf', 'profiles')).filter((f) => f.startsWith('proc_by2-import-'));
    assert.equal(saved.length, 1);
    const loaded = loadProfile(readFileSync(join(workspace, '.plsql-perf', 'profiles', saved[0]!), 'utf8'));
    assert.ok(loaded.ok, loaded.ok ? '' : loaded.errors.join('\n'));

    // The hint is marked on its own range, as for a recorded profile.
    await page.keyboard.press('Control+Shift+M');
    await page.getByPlaceholder(/^Filter \(e\.g\. text/).fill('Confirmed by profile');
    const row = page.locator('.markers-panel .monaco-list-row').filter({ hasText: 'Confirmed by profile' }).filter({ hasText: '[Ln 6, Col 10]' }).first();
    await row.waitFor();
    assert.match((await row.innerText()).replace(/\s+/g, ' '), /standalone-call-in-loop/);
    await screenshot('import-trace-confirmed-hint');
  } catch (error) {
    await screenshot('import-trace-failure').catch(() => undefined);
    throw new Error(`${error instanceof Error ? error.message : String(error)}\ncode-server log:\n${session?.log().slice(-3000)}`);
  }
});
