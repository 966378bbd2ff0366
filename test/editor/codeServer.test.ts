/**
 * The packaged .vsix in a real editor: code-server 4.100.3 (VS Code 1.100.3) driven by Playwright with
 * Debian's chromium. Opens a fixture, waits for the warning squiggles, reads the Problems panel (rule and
 * line), hovers the cross-file finding, applies the safe quick fix and sees the text change, runs "Check
 * workspace" and exports the review checklist through the editor's save dialog. Screenshots go
 * to test-artifacts/editor/ (a CI artifact, git-ignored).
 *
 * Needs code-server (test/editor/install-code-server.sh, run by .ci/run) and chromium; without them the test
 * is skipped with the reason, except in CI (CI=true), where it fails.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { ensureBuilt, repoRoot } from '../cli/buildOnce.ts';
import { codeServerBinary, startCodeServer, type CodeServerSession } from './codeServerSession.ts';
import { CHROMIUM_PATH, launchChromium, quickOpen, runCommand } from './workbench.ts';

const binary = codeServerBinary();
const missing = !existsSync(binary)
  ? `code-server is not installed at ${binary} (run test/editor/install-code-server.sh)`
  : !existsSync(CHROMIUM_PATH) ? 'chromium is not installed (apt-get install chromium)' : undefined;
const artifacts = join(repoRoot, 'test-artifacts', 'editor');
const vsix = join(repoRoot, 'dist', 'plsql-perf.vsix');

let session: CodeServerSession | undefined;
let browser: BrowserContext | undefined;
let page: Page;
let workspace: string;
const timings: string[] = [];
const t0 = Date.now();
const mark = (what: string) => timings.push(`${((Date.now() - t0) / 1000).toFixed(1)} s ${what}`);

async function screenshot(name: string): Promise<void> {
  await page.screenshot({ path: join(artifacts, `${name}.png`) });
}

async function goTo(line: number, column: number): Promise<void> {
  await page.keyboard.press('Control+G');
  await page.waitForSelector('.quick-input-widget input');
  await page.keyboard.type(`${line}:${column}`);
  await page.keyboard.press('Enter');
}

const skip = process.env.CI !== 'true' && missing;

before(async () => {
  if (skip) return;
  assert.equal(missing, undefined, missing);
  mkdirSync(artifacts, { recursive: true });
  // Package the bundles as they are (building here would rewrite dist/ under the other tests' feet).
  ensureBuilt('dist/extension.cjs');
  const packaged = spawnSync('npm', ['run', 'package:vsix'], { cwd: repoRoot, encoding: 'utf8' });
  assert.equal(packaged.status, 0, `npm run package:vsix failed:\n${packaged.stdout}\n${packaged.stderr}`);
  mark('vsix packaged');
  workspace = mkdtempSync(join(tmpdir(), 'plsql-perf-e2e-'));
  cpSync(join(repoRoot, 'test/fixtures/editor-e2e'), workspace, { recursive: true });
  session = await startCodeServer(binary, vsix, workspace);
  mark('code-server up, extension installed');
  browser = await launchChromium({ width: 1400, height: 860 });
  page = browser.pages()[0] ?? (await browser.newPage());
  page.setDefaultTimeout(60_000);
  await page.goto(session.url);
  await page.waitForSelector('.monaco-workbench');
  await page.waitForSelector('.explorer-folders-view .monaco-list-row');
  mark('workbench open');
});

after(async () => {
  await browser?.close();
  await session?.stop();
  if (workspace) rmSync(workspace, { recursive: true, force: true });
  if (timings.length) console.log(`code-server e2e timeline:\n  ${timings.join('\n  ')}`);
});

test('code-server: squiggles, Problems panel, hover and a quick fix from the packaged extension', { skip, timeout: 240_000 }, async () => {
  try {
    await page.locator('.monaco-workbench').click({ position: { x: 700, y: 400 } });
    await quickOpen(page, 'billing.pkb');
    await page.waitForSelector('.squiggly-warning');
    mark('warning squiggle drawn');
    // Two warnings: the hint (line 5) and the call to tax_rate, a standalone function in another file (line 7).
    await page.waitForFunction("document.querySelectorAll('.squiggly-warning').length >= 2");

    await page.keyboard.press('Control+Shift+M');
    const rows = page.locator('.markers-panel .monaco-list-row');
    await rows.filter({ hasText: 'standalone-call-in-loop' }).first().waitFor();
    await rows.filter({ hasText: 'plan-statistics-in-code' }).first().waitFor();
    const texts = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    mark('Problems panel rows');
    const standalone = texts.find((t) => t.includes('standalone-call-in-loop'));
    const hint = texts.find((t) => t.includes('plan-statistics-in-code'));
    assert.match(standalone ?? '', /TAX_RATE is a standalone function \(tax_rate\.fnc line 1\).*plsql-perf.*\[Ln 7, Col 28\]/, texts.join('\n'));
    assert.match(hint ?? '', /gather_plan_statistics hint.*plsql-perf.*\[Ln 5, Col 12\]/, texts.join('\n'));

    // Hover on the call: the rule's explanation and where the callee is defined.
    await page.locator('.monaco-editor .view-lines').first().click();
    await goTo(7, 30);
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    // VS Code shows the diagnostic first and the server's hover under it, once it answered.
    const hover = page.locator('.monaco-hover:not(.hidden)', { hasText: /standalone-call-in-loop \(warning\)/ }).first();
    await hover.waitFor();
    const hoverText = (await hover.innerText()).replace(/\s+/g, ' ');
    assert.match(hoverText, /standalone-call-in-loop \(warning\): TAX_RATE is a standalone function/);
    assert.match(hoverText, /TAX_RATE: a schema-level standalone function defined in tax_rate\.fnc line 1/);
    mark('hover shown');
    await screenshot('problems-and-hover');

    // The safe quick fix removes the hint: the text changes and its warning goes away.
    await page.keyboard.press('Escape');
    await goTo(5, 16);
    await page.keyboard.press('Control+.');
    const actions = page.locator('.action-widget .monaco-list-row.action');
    await actions.filter({ hasText: 'Remove the gather_plan_statistics hint' }).first().waitFor();
    await screenshot('quick-fix-menu');
    // The safe fix is the preferred action: first in the menu and selected; Enter applies it.
    assert.match(await actions.first().innerText(), /Remove the gather_plan_statistics hint/);
    await page.keyboard.press('Enter');
    await page.waitForFunction("!document.querySelector('.monaco-editor .view-lines').textContent.includes('gather_plan_statistics')");
    await rows.filter({ hasText: 'plan-statistics-in-code' }).first().waitFor({ state: 'detached' });
    const line5 = (await page.locator('.monaco-editor .view-lines .view-line').nth(4).innerText()).replace(/\s+/g, ' ');
    assert.match(line5, /SELECT COUNT\(\*\) INTO l_total FROM invoices;/);
    mark('quick fix applied');
    await screenshot('after-quick-fix');

    // The status bar item is there, and "Check workspace" analyses every file through the server.
    await page.locator('.statusbar-item', { hasText: 'PL/SQL Perf' }).first().waitFor();
    await runCommand(page, 'PL/SQL Perf: Check workspace');
    const toast = page.locator('.notification-toast', { hasText: /PL\/SQL Perf: \d+ finding/ }).first();
    await toast.waitFor();
    assert.match((await toast.innerText()).replace(/\s+/g, ' '), /PL\/SQL Perf: 1 finding\(s\) in 1 of 2 files/);
    mark('check workspace reported');

    // "Export review checklist": the save dialog (code-server's own, a quick input holding the default path)
    // is accepted as offered; the Markdown lands in the workspace and opens in an editor.
    await runCommand(page, 'PL/SQL Perf: Export review checklist to Markdown');
    const dialog = page.locator('.quick-input-widget input');
    await page.waitForFunction("/plsql-perf-review\\.md$/.test(document.querySelector('.quick-input-widget input')?.value ?? '')");
    await dialog.press('Enter');
    await page.locator('.tab', { hasText: 'plsql-perf-review.md' }).first().waitFor();
    // The command opens the file only after writing it, so the tab means the file is on disk.
    const checklist = readFileSync(join(workspace, 'plsql-perf-review.md'), 'utf8');
    assert.match(checklist, /^# PL\/SQL performance review\n/);
    assert.match(checklist, /^1 finding in 1 of 2 files checked/m);
    assert.match(checklist, /^- \[ \] \[billing\.pkb:7\]\(billing\.pkb#L7\) \*\*standalone-call-in-loop\*\* \(warning\): TAX\\_RATE is a standalone function/m);
    mark('review checklist exported');
    await screenshot('review-checklist');
  } catch (error) {
    await screenshot('failure').catch(() => undefined);
    throw new Error(`${error instanceof Error ? error.message : String(error)}\ncode-server log:\n${session?.log().slice(-3000)}`);
  }
});

test('the .vsix holds bundles, grammar, rule pages, icon, README images and package files: no sources, maps or node_modules; under 3 MB', { skip }, () => {
  const listing = spawnSync('unzip', ['-Z1', vsix], { encoding: 'utf8' });
  assert.equal(listing.status, 0, listing.stderr);
  const files = listing.stdout.trim().split('\n').filter((f) => f.startsWith('extension/'));
  const unexpected = files.filter((f) => !/^extension\/(dist\/(webview\/)?[\w-]+\.(cjs|mjs|js|css)|syntaxes\/.+|docs\/rules\/[A-Za-z-]+\.md|schemas\/plsqlperf\.schema\.json|assets\/(icon\.png|activity-icon\.svg)|docs\/images\/[\w-]+\.png|package\.json|readme\.md|changelog\.md|LICENSE\.txt)$/.test(f));
  assert.deepEqual(unexpected, []);
  for (const needed of ['dist/server.cjs', 'dist/extension.cjs', 'syntaxes/plsql.tmLanguage.json', 'docs/rules/standalone-call-in-loop.md', 'assets/icon.png']) {
    assert.ok(files.includes(`extension/${needed}`), `${needed} is in the .vsix`);
  }
  assert.ok(readFileSync(vsix).length <= 3 * 1024 * 1024);
});
