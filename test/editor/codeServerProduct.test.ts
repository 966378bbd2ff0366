/**
 * What a new user meets in the editor (issue 17), in code-server 4.100.3 with the packaged .vsix, driven by
 * Playwright and Debian's chromium: a PostgreSQL `.sql` script stays silent (no squiggle, no lens) next to an
 * Oracle `.sql` script that gets both, and both keep VS Code's own SQL language; the Explorer's context menu
 * opens a saved profile and compares two; the PL/SQL Perf view lists a configured connection and the saved
 * profiles, and its Add connection form checks each field as it is typed; and in Restricted Mode (workspace trust
 * on, folder not trusted) a profile still opens.
 * Screenshots go to test-artifacts/editor/ (the ones in docs/images/ were taken by this test).
 *
 * Needs code-server (test/editor/install-code-server.sh) and chromium; without them the test is skipped with the
 * reason, except in CI (CI=true), where it fails.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { ensureBuilt, repoRoot } from '../cli/buildOnce.ts';
import { codeServerBinary, missingEditorTools, startCodeServer, type CodeServerOptions, type CodeServerSession } from './codeServerSession.ts';
import { launchChromium, runCommand } from './workbench.ts';

const binary = codeServerBinary();
const missing = missingEditorTools(binary);
const skip = process.env.CI !== 'true' && missing;
const artifacts = join(repoRoot, 'test-artifacts', 'editor');

const ORACLE_SQL = [
  '-- Nightly close: mark the open orders done.',
  'BEGIN',
  '  FOR r IN (SELECT id FROM orders WHERE status = \'OPEN\') LOOP',
  '    UPDATE orders SET status = \'DONE\' WHERE id = r.id;',
  '  END LOOP;',
  'END;',
  '/',
  '',
].join('\n');
const CONNECTION = { name: 'billing-dev', user: 'app', connectString: 'localhost:1521/freepdb1:dedicated' };

let packDir: string;
let vsix: string;

before(() => {
  if (skip) return;
  assert.equal(missing, undefined, missing);
  mkdirSync(artifacts, { recursive: true });
  ensureBuilt('dist/extension.cjs');
  ensureBuilt('dist/webview/profile.js');
  // A .vsix of our own: the other code-server tests package theirs at the same time.
  packDir = mkdtempSync(join(tmpdir(), 'plsql-perf-vsix-product-'));
  vsix = join(packDir, 'plsql-perf.vsix');
  const packaged = spawnSync(join(repoRoot, 'node_modules/.bin/vsce'), ['package', '--no-dependencies', '--no-rewrite-relative-links', '--readme-path', 'README.extension.md', '--out', vsix], { cwd: repoRoot, encoding: 'utf8' });
  assert.equal(packaged.status, 0, `vsce package failed:\n${packaged.stdout}\n${packaged.stderr}`);
});

after(() => {
  if (packDir) rmSync(packDir, { recursive: true, force: true });
});

function makeWorkspace(): string {
  const workspace = mkdtempSync(join(tmpdir(), 'plsql-perf-e2e-product-'));
  copyFileSync(join(repoRoot, 'test/fixtures/dialects/postgresql-functions.sql'), join(workspace, 'postgresql-functions.sql'));
  writeFileSync(join(workspace, 'nightly_close.sql'), ORACLE_SQL);
  mkdirSync(join(workspace, 'profiles'));
  copyFileSync(join(repoRoot, 'test/fixtures/profile/by2-loop.plsqlprofile.json'), join(workspace, 'profiles', 'before.plsqlprofile.json'));
  copyFileSync(join(repoRoot, 'test/fixtures/profile/seed-recorded.plsqlprofile.json'), join(workspace, 'profiles', 'after.plsqlprofile.json'));
  return workspace;
}

/** One code-server with the workspace open in chromium; `use` drives it; everything is stopped after. */
async function withWorkbench(options: CodeServerOptions, use: (page: Page) => Promise<void>): Promise<void> {
  const workspace = makeWorkspace();
  let session: CodeServerSession | undefined;
  let browser: BrowserContext | undefined;
  let page: Page | undefined;
  try {
    session = await startCodeServer(binary, vsix, workspace, options);
    browser = await launchChromium({ width: 1400, height: 860 });
    page = browser.pages()[0] ?? (await browser.newPage());
    page.setDefaultTimeout(60_000);
    await page.goto(session.url);
    await page.waitForSelector('.monaco-workbench');
    await page.waitForSelector('.explorer-folders-view .monaco-list-row');
    await use(page);
  } catch (error) {
    await page?.screenshot({ path: join(artifacts, 'product-failure.png') }).catch(() => undefined);
    throw new Error(`${error instanceof Error ? error.message : String(error)}\ncode-server log:\n${session?.log().slice(-3000)}`);
  } finally {
    await browser?.close();
    await session?.stop();
    rmSync(workspace, { recursive: true, force: true });
  }
}

const explorerRow = (page: Page, name: string) => page.locator('.explorer-folders-view .monaco-list-row', { hasText: name }).first();
const menuItem = (page: Page, title: string) => page.locator('.context-view .monaco-menu .action-item', { hasText: title }).first();

/** Picks a context-menu entry: hovering focuses it, Enter runs it (a click can land while the menu settles and be lost). */
async function choose(page: Page, title: string): Promise<void> {
  await menuItem(page, title).hover();
  await page.locator('.context-view .monaco-menu .action-item.focused', { hasText: title }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.context-view .monaco-menu').first().waitFor({ state: 'detached' });
}

async function expandProfilesFolder(page: Page): Promise<void> {
  // The extension's contributions (its menus among them) are registered once its activity-bar icon shows.
  await page.locator('.activitybar .action-item a[aria-label^="PL/SQL Perf"]').first().waitFor();
  await explorerRow(page, 'profiles').click();
  await explorerRow(page, 'before.plsqlprofile.json').waitFor();
}

test('code-server: a PostgreSQL .sql file gets no diagnostic and no lens; an Oracle .sql file gets both; both stay SQL', { skip, timeout: 300_000 }, async () => {
  await withWorkbench({}, async (page) => {
    // Files opened from the Explorer (Quick Open's Enter can pick a recently opened file before its list filters).
    await explorerRow(page, 'postgresql-functions.sql').click();
    await page.locator('.tab.active', { hasText: 'postgresql-functions.sql' }).waitFor();
    await page.locator('#status\\.editor\\.mode', { hasText: /^(MS )?SQL$/ }).waitFor();
    // The Oracle script beside it, in a second editor group: its findings arriving means the server has long
    // answered the PostgreSQL file's open and lens requests, which came first.
    await page.keyboard.press('Control+\\');
    await page.locator('.editor-group-container').nth(1).waitFor();
    await explorerRow(page, 'nightly_close.sql').click();
    await page.locator('.editor-group-container').nth(1).locator('.tab.active', { hasText: 'nightly_close.sql' }).waitFor();
    const groups = page.locator('.editor-group-container');
    const oracle = groups.nth(1);
    await oracle.locator('.squiggly-warning').first().waitFor();
    await oracle.locator('.codelens-decoration', { hasText: 'Profile this block' }).first().waitFor();
    await page.locator('#status\\.editor\\.mode', { hasText: /^(MS )?SQL$/ }).waitFor();

    const postgres = groups.nth(0);
    assert.match(await postgres.locator('.view-lines').innerText(), /LANGUAGE\splpgsql/);
    assert.equal(await postgres.locator('.squiggly-error, .squiggly-warning, .squiggly-info').count(), 0);
    assert.equal(await postgres.locator('.codelens-decoration').count(), 0);

    await page.keyboard.press('Control+Shift+M');
    const rows = page.locator('.markers-panel .monaco-list-row');
    await rows.filter({ hasText: 'dml-in-loop' }).first().waitFor();
    const problems = (await rows.allInnerTexts()).join('\n');
    assert.match(problems, /nightly_close\.sql/);
    assert.doesNotMatch(problems, /postgresql-functions\.sql/);
    await page.screenshot({ path: join(artifacts, 'dialects-postgresql-silent.png') });
  });
});

test('code-server: the Explorer context menu opens a profile and compares two; the PL/SQL Perf view lists the connection and the profiles', { skip, timeout: 300_000 }, async () => {
  await withWorkbench({ settings: { 'plsqlPerf.connections': [CONNECTION] } }, async (page) => {
    await expandProfilesFolder(page);
    await explorerRow(page, 'before.plsqlprofile.json').click({ button: 'right' });
    await choose(page, 'Open a saved profile');
    await page.locator('.tab', { hasText: /^Profile: / }).first().waitFor();
    await page.waitForSelector('iframe.webview.ready');

    // Two selected (click, then Ctrl+click): the menu offers Compare, and it compares those two.
    await explorerRow(page, 'after.plsqlprofile.json').click();
    await explorerRow(page, 'before.plsqlprofile.json').click({ modifiers: ['Control'] });
    await explorerRow(page, 'before.plsqlprofile.json').click({ button: 'right' });
    await menuItem(page, 'Compare two saved profiles').waitFor();
    assert.equal(await menuItem(page, 'Open a saved profile').count(), 0, 'with two selected, Open is not offered');
    await page.screenshot({ path: join(artifacts, 'explorer-compare-profiles.png') });
    await choose(page, 'Compare two saved profiles');
    await page.locator('.tab', { hasText: 'Profile: before → after' }).first().waitFor();

    // The PL/SQL Perf view in the activity bar, next to an Oracle script with a finding.
    await runCommand(page, 'View: Close All Editors');
    await page.locator('.tab').first().waitFor({ state: 'detached' });
    await explorerRow(page, 'nightly_close.sql').click();
    await page.locator('.tab.active', { hasText: 'nightly_close.sql' }).waitFor();
    await page.locator('.squiggly-warning').first().waitFor();
    await page.locator('.activitybar .action-item a[aria-label^="PL/SQL Perf"]').first().click();
    const pane = (title: string) => page.locator('.pane', { has: page.locator('.pane-header', { hasText: title }) }).first();
    await pane('Connections').locator('.monaco-list-row', { hasText: CONNECTION.name }).waitFor();
    assert.match(await pane('Connections').locator('.monaco-list-row', { hasText: CONNECTION.name }).innerText(), /app@localhost:1521\/freepdb1:dedicated/);
    await pane('Saved profiles').locator('.monaco-list-row', { hasText: 'before.plsqlprofile.json' }).waitFor();
    await pane('Saved profiles').locator('.monaco-list-row', { hasText: 'after.plsqlprofile.json' }).waitFor();
    const rule = pane('Findings by rule').locator('.monaco-list-row', { hasText: 'dml-in-loop' });
    await rule.waitFor();
    assert.match((await rule.innerText()).replace(/\s+/g, ' '), /^dml-in-loop\s*1$/);
    await page.screenshot({ path: join(artifacts, 'plsql-perf-view.png') });

    // "Add connection" (the + of the Connections title): four input boxes, each checked while typing.
    await pane('Connections').hover();
    await pane('Connections').locator('.actions .action-label[aria-label="Add connection"]').click();
    const input = page.locator('.quick-input-widget input');
    await input.fill(CONNECTION.name);
    await page.locator('.quick-input-message', { hasText: 'A connection named "billing-dev" exists already.' }).waitFor();
    await input.fill('reporting');
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget', { hasText: '(2/4)' }).waitFor();
    await input.fill('scott');
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget', { hasText: '(3/4)' }).waitFor();
    await input.fill('db.example.com 1521');
    await page.locator('.quick-input-message', { hasText: 'An Easy Connect string has no blanks' }).waitFor();
    await input.fill('db.example.com:1521/orclpdb1');
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget', { hasText: '(4/4)' }).waitFor();
    assert.equal(await input.getAttribute('type'), 'password');
    await input.fill('tiger');
    await page.keyboard.press('Enter');
    const added = pane('Connections').locator('.monaco-list-row', { hasText: 'reporting' });
    await added.waitFor();
    assert.match(await added.innerText(), /scott@db\.example\.com:1521\/orclpdb1/);
  });
});

test('code-server: in Restricted Mode the Explorer context menu still opens a saved profile, and the palette compares two', { skip, timeout: 300_000 }, async () => {
  await withWorkbench({ restricted: true }, async (page) => {
    await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor();
    await expandProfilesFolder(page);
    await explorerRow(page, 'after.plsqlprofile.json').click({ button: 'right' });
    await choose(page, 'Open a saved profile');
    await page.locator('.tab', { hasText: /^Profile: / }).first().waitFor();
    await page.waitForSelector('iframe.webview.ready');
    await page.screenshot({ path: join(artifacts, 'restricted-mode-profile.png') });

    // Compare from the palette: two quick picks of the workspace's profiles (no multi-select dialog needed).
    await runCommand(page, 'PL/SQL Perf: Compare two saved profiles');
    const row = (name: string) => page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first();
    await page.locator('.quick-input-widget', { hasText: '(1 of 2)' }).waitFor();
    await row('before.plsqlprofile.json').click();
    await page.locator('.quick-input-widget', { hasText: '(2 of 2)' }).waitFor();
    assert.equal(await page.locator('.quick-input-list .monaco-list-row', { hasText: 'before.plsqlprofile.json' }).count(), 0, 'the first pick is not offered again');
    await row('after.plsqlprofile.json').click();
    await page.locator('.tab', { hasText: 'Profile: before → after' }).first().waitFor();
  });
});
