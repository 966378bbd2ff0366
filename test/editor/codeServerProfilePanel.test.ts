/**
 * The profile panel inside a real editor: code-server 4.100.3 with the packaged .vsix, driven by Playwright and
 * Debian's chromium. Opens the profile recorded by a real plsql-probe on the fixture process
 * (test/fixtures/profile/seed-recorded.plsqlprofile.json) with the extension's own "Open a saved profile"
 * command, then looks inside the webview's nested iframes: every chart drew, the finding cards and tables are
 * there, clicking a hot line opens the profiled file at that line, the confirmed hints are marked in the
 * Problems panel, a window reload restores the panel, and the webview logged no console error and no CSP
 * violation (a canary at the end proves that both would have been caught). Screenshots go to
 * test-artifacts/editor/ (a CI artifact, git-ignored).
 *
 * Needs code-server (test/editor/install-code-server.sh) and chromium; without them the test is skipped with
 * the reason, except in CI (CI=true), where it fails.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { loadProfile } from '../../server/src/profile/loadProfile.ts';
import type { ProfileDocument } from '../../server/src/profile/profileDocument.ts';
import { ensureBuilt, repoRoot } from '../cli/buildOnce.ts';
import { canvasInk } from '../profile/chromium.ts';
import { BLOCK, DOCUMENT, FILE } from '../profile/support/seedBlock.ts';
import { codeServerBinary, missingEditorTools, startCodeServer, type CodeServerSession } from './codeServerSession.ts';
import { chooseInOpenDialog, launchChromium, profileFrame, quickOpen, runCommand } from './workbench.ts';

const binary = codeServerBinary();
const missing = missingEditorTools(binary);
const skip = process.env.CI !== 'true' && missing;
const artifacts = join(repoRoot, 'test-artifacts', 'editor');
const PROFILE_NAME = 'seed-recorded.plsqlprofile.json';

let session: CodeServerSession | undefined;
let browser: BrowserContext | undefined;
let page: Page;
let workspace: string;
let packDir: string;
let doc: ProfileDocument;
/** Console errors/warnings, uncaught errors and CSP violations raised inside the webview's frames. */
const webviewProblems: string[] = [];

/**
 * Whether a console message comes from the webview. VS Code's host page (.../webview/browser/pre/index.html)
 * writes our HTML into its content frame with document.write, so messages of that document (inline code, and the
 * browser's own CSP-violation reports) carry no URL, and those of our script carry its webview resource URL. Every
 * workbench message names its workbench script (checked: none is empty), so an empty URL means the webview.
 */
const isWebviewMessage = (url: string): boolean =>
  url === '' || url.includes('/webview/') || url.includes('vscode-cdn.net') || url.startsWith('vscode-webview:');
/**
 * Chromium's warning about VS Code's own host page, which sandboxes every extension's content frame with
 * allow-scripts + allow-same-origin: it comes from the workbench, not from our page, and no extension can change it.
 */
const VSCODE_HOST_SANDBOX_WARNING = 'An iframe which has both allow-scripts and allow-same-origin for its sandbox attribute can escape its sandboxing.';

before(async () => {
  if (skip) return;
  assert.equal(missing, undefined, missing);
  mkdirSync(artifacts, { recursive: true });
  const loaded = loadProfile(readFileSync(join(repoRoot, 'test/fixtures/profile', PROFILE_NAME), 'utf8'));
  assert.ok(loaded.ok, 'the fixture profile loads');
  doc = loaded.document;
  // The profile was recorded from the seed block of seedBlock.ts: the workspace holds that file at the same lines.
  assert.equal(doc.source.file, FILE);
  assert.equal(doc.source.text, BLOCK);

  ensureBuilt('dist/extension.cjs');
  ensureBuilt('dist/webview/profile.js');
  // A .vsix of our own (not dist/plsql-perf.vsix, which the other code-server test packages at the same time).
  packDir = mkdtempSync(join(tmpdir(), 'plsql-perf-vsix-'));
  const vsix = join(packDir, 'plsql-perf.vsix');
  const packaged = spawnSync(join(repoRoot, 'node_modules/.bin/vsce'), ['package', '--no-dependencies', '--no-rewrite-relative-links', '--readme-path', 'README.extension.md', '--out', vsix], { cwd: repoRoot, encoding: 'utf8' });
  assert.equal(packaged.status, 0, `vsce package failed:\n${packaged.stdout}\n${packaged.stderr}`);

  workspace = mkdtempSync(join(tmpdir(), 'plsql-perf-e2e-profile-'));
  mkdirSync(join(workspace, 'examples', 'profile'), { recursive: true });
  writeFileSync(join(workspace, FILE), DOCUMENT);
  writeFileSync(join(workspace, PROFILE_NAME), readFileSync(join(repoRoot, 'test/fixtures/profile', PROFILE_NAME)));
  session = await startCodeServer(binary, vsix, workspace);

  browser = await launchChromium({ width: 1500, height: 950 });
  page = browser.pages()[0] ?? (await browser.newPage());
  page.setDefaultTimeout(60_000);
  page.on('console', (m) => {
    if (m.type() === 'warning' && m.text() === VSCODE_HOST_SANDBOX_WARNING && m.location().url.includes('/webview/browser/pre/index.html')) return;
    // Chromium reports every CSP violation as a console error of the document, so this catches those too (an init
    // script's securitypolicyviolation listener would not survive VS Code's document.write of the content frame).
    if ((m.type() === 'error' || m.type() === 'warning') && isWebviewMessage(m.location().url)) webviewProblems.push(`console ${m.type()}: ${m.text()} (${m.location().url || 'webview document'})`);
  });
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

const problemSeen = (pattern: RegExp): boolean => webviewProblems.some((p) => pattern.test(p));

/** Resolves once the condition holds, checking whenever the page logs something (no fixed sleep). */
async function waitUntil(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    assert.ok(Date.now() < deadline, `condition not met; webview problems: ${webviewProblems.join('\n')}`);
    await page.waitForEvent('console', { timeout: 1000 }).catch(() => undefined);
  }
}

test('code-server: "Open a saved profile" shows the recorded profile in the panel; a hot line opens its file line', { skip, timeout: 240_000 }, async () => {
  try {
    // The profiled file first, as a user would have it open: its squiggles say the extension is active (the
    // palette lists a command only once the extension host has registered the extension).
    await page.locator('.monaco-workbench').click({ position: { x: 700, y: 400 } });
    await quickOpen(page, 'seed_patterns.sql');
    await page.waitForSelector('.squiggly-warning');

    // The extension's real command, from the palette; the file comes from VS Code's own (simple) open dialog.
    await runCommand(page, 'PL/SQL Perf: Open a saved profile');
    await chooseInOpenDialog(page, workspace, join(workspace, PROFILE_NAME));

    const frame = await profileFrame(page);
    const probe = doc.runs.find((r) => r.probe)!.probe!;
    const hprof = doc.runs.find((r) => r.hprof)!.hprof!;

    // Charts: every one the profile has data for, each with real ink on it.
    const expected = ['function-calls', 'wait-events', 'hprof-lines', ...probe.collectors.syscalls!.writes.map((_, i) => `write-sizes-${i}`)];
    if ((probe.collectors.stacks?.samples ?? 0) > 0) expected.push('flame-graph', 'sampled-time');
    const ink = await canvasInk(frame);
    assert.deepEqual(ink.map((c) => c.name).sort(), [...expected].sort());
    for (const c of ink) assert.ok(c.width > 0 && c.painted > 500 && c.colours >= 2, `chart ${c.name} is blank: ${JSON.stringify(c)}`);

    // Cards and tables.
    assert.equal(await frame.locator('[data-card]').count(), doc.cards.length);
    assert.equal(await frame.locator('[data-verdict="confirmed"]').count(), doc.cards.filter((c) => c.verdict === 'confirmed').length);
    const rows = (name: string) => frame.locator(`table[data-table="${name}"] tbody tr`).count();
    assert.equal(await rows('functions'), probe.collectors.functions!.functions.length);
    assert.equal(await rows('syscalls'), probe.collectors.syscalls!.syscalls.length);
    assert.equal(await rows('hprof-lines'), hprof.lines.length);
    const cardText = (await frame.locator('[data-card]').allInnerTexts()).join('\n');
    assert.match(cardText, /standalone-call-in-loop/);
    await screenshot('profile-panel');

    // Confirmed hints are marked on their lines: the Problems panel lists them with the measured reason.
    await page.keyboard.press('Control+Shift+M');
    // The list is virtual (rows out of view are not in the DOM): filter it to the profile's notes.
    await page.getByPlaceholder(/^Filter \(e\.g\. text/).fill('Confirmed by profile');
    const problemRows = page.locator('.markers-panel .monaco-list-row');
    const confirmed = doc.cards.filter((c) => c.verdict === 'confirmed' && c.hypothesis.line !== undefined);
    assert.ok(confirmed.length >= 3);
    for (const card of confirmed) {
      // On the hint's own range (the analyzer's finding), with the rule as its code.
      const finding = doc.staticFindings.find((f) => f.rule === card.hypothesis.rule && f.line === card.hypothesis.line)!;
      const row = problemRows.filter({ hasText: 'Confirmed by profile' }).filter({ hasText: `[Ln ${finding.line}, Col ${finding.column}]` }).first();
      await row.waitFor();
      assert.match((await row.innerText()).replace(/\s+/g, ' '), new RegExp(`plsql-perf profile ?\\(?${card.hypothesis.rule}\\)? \\[Ln ${finding.line}, Col ${finding.column}\\]`));
    }
    // Each mark's related information points at the saved profile: the evidence is one click away.
    await problemRows.filter({ hasText: `measured by ${PROFILE_NAME}` }).first().waitFor();
    assert.equal(await problemRows.filter({ hasText: `measured by ${PROFILE_NAME}` }).count(), confirmed.length);
    await screenshot('profile-confirmed-hints');

    // The hottest HPROF line: a click in the webview opens the profiled file at that line.
    const hot = [...hprof.lines].filter((l) => l.fileLine !== undefined).sort((a, b) => b.elapsedUs - a.elapsedUs)[0]!;
    await frame.click(`tr[data-hot="line"][data-line="${hot.fileLine}"]`);
    await page.locator('.tab.active', { hasText: 'seed_patterns.sql' }).first().waitFor();
    await page.locator('.statusbar-item', { hasText: `Ln ${hot.fileLine}, Col 1` }).first().waitFor();
    const lineText = (await page.locator('.monaco-editor .view-lines').first().innerText()).replace(/\s+/g, ' ');
    const expectedLine = DOCUMENT.split('\n')[hot.fileLine! - 1]!.trim().replace(/\s+/g, ' ');
    assert.ok(lineText.includes(expectedLine), `the editor shows line ${hot.fileLine}: ${expectedLine}`);
    await screenshot('profile-panel-hot-line');

    // A window reload brings the panel back from its saved state (the panel serializer), charts and all.
    // VS Code's own reload command, which stores the workbench state first (a bare page reload may not).
    const reloaded = page.waitForEvent('load');
    await runCommand(page, 'Developer: Reload Window');
    await reloaded;
    await page.waitForSelector('.monaco-workbench');
    const restored = await profileFrame(page);
    assert.equal(await restored.locator('[data-card]').count(), doc.cards.length);
    const restoredInk = await canvasInk(restored);
    assert.deepEqual(restoredInk.map((c) => c.name).sort(), [...expected].sort());
    for (const c of restoredInk) assert.ok(c.painted > 500 && c.colours >= 2, `chart ${c.name} is blank after the reload`);

    assert.deepEqual(webviewProblems, []);

    // The watch itself works here: a CSP violation and a console error raised in the webview are both caught.
    await restored.evaluate("var s = document.createElement('script'); s.textContent = 'window.__unsafe = 1'; document.body.appendChild(s); console.error('plsql-perf canary');");
    await waitUntil(() => problemSeen(/plsql-perf canary/) && problemSeen(/Content Security Policy/));
    assert.equal(await restored.evaluate('window.__unsafe === undefined'), true, 'the inline script without the nonce did not run');
  } catch (error) {
    await screenshot('profile-panel-failure').catch(() => undefined);
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nwebview problems: ${webviewProblems.join('\n')}\ncode-server log:\n${session?.log().slice(-3000)}`);
  }
});
