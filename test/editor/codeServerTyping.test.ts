/**
 * Thirty seconds of typing into a 5,445-line package body (OM_TAPIGEN.pkb of ../shared/corpus-wide) in code-server
 * with the packaged extension: statements typed character by character in the middle of a procedure, with
 * corrections and loops that bring new findings. The language server's resident memory is sampled all along and
 * must stay under the bound (400 MB: it grew to 1 GB in 30 s before the unit cache was bounded), and once the
 * file is saved, the Problems panel must show as many problems for it as a fresh `plsql-perf check` of the
 * saved text finds.
 *
 * Needs code-server, chromium and the wide corpus; without them the test is skipped with the reason, except in
 * CI (CI=true), where it fails.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { ensureBuilt, repoRoot } from '../cli/buildOnce.ts';
import { codeServerBinary, missingEditorTools, startCodeServer, type CodeServerSession } from './codeServerSession.ts';
import { launchChromium, quickOpen } from './workbench.ts';

const RSS_BOUND_MB = 400;
const TYPING_MS = 30_000;
const body = join(repoRoot, '../shared/corpus-wide/table-api-generator/src/OM_TAPIGEN.pkb');
const binary = codeServerBinary();
const missing = missingEditorTools(binary) ?? (!existsSync(body) ? `the wide corpus is missing (${body})` : undefined);
const skip = process.env.CI !== 'true' && missing;
const artifacts = join(repoRoot, 'test-artifacts', 'editor');
const vsix = join(repoRoot, 'dist', 'plsql-perf.vsix');

let session: CodeServerSession | undefined;
let browser: BrowserContext | undefined;
let page: Page;
let workspace: string;

/** The language server among code-server's descendants (its command line names dist/server.cjs). */
function serverPid(root: number): number | undefined {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  const queue = [...(children.get(root) ?? [])];
  while (queue.length) {
    const pid = queue.shift()!;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server.cjs')) return pid;
    } catch {
      continue;
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return undefined;
}

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

before(async () => {
  if (skip) return;
  assert.equal(missing, undefined, missing);
  mkdirSync(artifacts, { recursive: true });
  ensureBuilt('dist/extension.cjs');
  const packaged = spawnSync('npm', ['run', 'package:vsix'], { cwd: repoRoot, encoding: 'utf8' });
  assert.equal(packaged.status, 0, `npm run package:vsix failed:\n${packaged.stdout}\n${packaged.stderr}`);
  workspace = mkdtempSync(join(tmpdir(), 'plsql-perf-typing-'));
  copyFileSync(body, join(workspace, 'OM_TAPIGEN.pkb'));
  session = await startCodeServer(binary, vsix, workspace);
  browser = await launchChromium({ width: 1400, height: 860 });
  page = browser.pages()[0] ?? (await browser.newPage());
  page.setDefaultTimeout(60_000);
  await page.goto(session.url);
  await page.waitForSelector('.monaco-workbench');
  await page.waitForSelector('.explorer-folders-view .monaco-list-row');
});

after(async () => {
  await browser?.close();
  await session?.stop();
  if (workspace) rmSync(workspace, { recursive: true, force: true });
});

test('code-server: 30 s of typing into a 5,445-line body keeps the server under 400 MB and Problems right', { skip, timeout: 300_000 }, async () => {
  try {
    await page.locator('.monaco-workbench').click({ position: { x: 700, y: 400 } });
    await quickOpen(page, 'OM_TAPIGEN.pkb');
    // The Problems panel stays open from here on: the file's row shows how many problems it has.
    await page.keyboard.press('Control+Shift+M');
    const badge = page.locator('.markers-panel .monaco-list-row', { hasText: 'OM_TAPIGEN.pkb' }).first().locator('.monaco-count-badge');
    await badge.waitFor();
    const pid = serverPid(session!.pid);
    assert.ok(pid, 'the language server runs under code-server');
    const rssOpened = rssMb(pid);

    // The first `  BEGIN` of a procedure after the middle of the body: typing goes on the line after it.
    const lines = readFileSync(body, 'utf8').split('\n');
    const begin = lines.findIndex((l, i) => i > lines.length / 2 && l.trimEnd() === '  BEGIN');
    assert.ok(begin > 0);
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+G');
    await page.waitForSelector('.quick-input-widget input');
    await page.keyboard.type(`${begin + 2}:1`);
    await page.keyboard.press('Enter');

    let peak = rssOpened;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, rssMb(pid));
      } catch {
        // sampled after the end
      }
    }, 250);
    // Statements as a developer types them (no brackets or quotes: the editor would close them itself);
    // every third one a loop with a query in it, which is a finding.
    const statements = ['    v_current_pos := v_current_pos + 1;', '    null;', '    for i in 1 .. 1000 loop select 1 into v_tpl_len from dual; end loop;'];
    const started = Date.now();
    let typed = 0;
    while (Date.now() - started < TYPING_MS) {
      const statement = statements[typed % statements.length]!;
      await page.keyboard.type(statement, { delay: 8 });
      if (typed % 4 === 1) {
        // a correction: the last word again
        for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');
        await page.keyboard.type(statement.slice(-5), { delay: 8 });
      }
      // close a suggestion list before the line break, so Enter does not accept it
      await page.keyboard.press('Escape');
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      typed++;
    }
    await page.keyboard.press('Control+S');
    const savedAt = Date.now();
    while (Date.now() - savedAt < 10_000 && !readFileSync(join(workspace, 'OM_TAPIGEN.pkb'), 'utf8').includes(statements[2]!)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pid));
    console.log(`typed ${typed} statements in ${TYPING_MS / 1000} s; server RSS ${rssOpened.toFixed(0)} MB after opening, peak ${peak.toFixed(0)} MB`);
    assert.ok(peak <= RSS_BOUND_MB, `server RSS peak ${peak.toFixed(0)} MB (bound ${RSS_BOUND_MB} MB)`);

    // A fresh check of the saved text, and the count the Problems panel shows for the file.
    const output = join(workspace, '..', `findings-${process.pid}.json`);
    execFileSync('node', [join(repoRoot, 'bin/plsql-perf.mjs'), 'check', '--format', 'json', '--fail-on', 'never', '--output', output, workspace], { stdio: 'pipe' });
    const expected = (JSON.parse(readFileSync(output, 'utf8')) as { findings: unknown[] }).findings.length;
    rmSync(output, { force: true });
    assert.ok(expected > 0);
    const deadline = Date.now() + 15_000;
    let shown = '';
    while (Date.now() < deadline) {
      shown = (await badge.innerText().catch(() => '')).trim();
      if (shown === String(expected)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await page.screenshot({ path: join(artifacts, 'typing-problems.png') });
    assert.equal(shown, String(expected), 'problems shown for the file = findings of a fresh check of the saved text');
  } catch (error) {
    await page.screenshot({ path: join(artifacts, 'typing-failure.png') }).catch(() => undefined);
    throw new Error(`${error instanceof Error ? error.message : String(error)}\ncode-server log:\n${session?.log().slice(-3000)}`);
  }
});
