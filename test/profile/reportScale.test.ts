// `plsql-perf report` with what real recordings hold: a 68 MB-class profile (180,000 HPROF lines, 100,000
// kernel functions) renders in chromium with its rows (first rows, then "Show all"), no stack overflow; a reader
// that closes the pipe early ends the report quietly; every Markdown field from the profile is escaped.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { markdownReport } from '../../server/src/cli/report/markdownReport.ts';
import { ensureBuilt } from '../cli/buildOnce.ts';
import { chromiumMissing, launchChromium, repoRoot, watchProblems } from './chromium.ts';
import { ensurePageBuilt } from './panelPage.ts';
import { EXAMPLE_PROFILE, exampleDocument } from './viewFixtures.ts';

const skip = chromiumMissing();
const HPROF_LINES = 180_000;
const FUNCTIONS = 100_000;
let browser: Browser | undefined;
let dir: string;
let bigProfile: string;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plsql-perf-report-scale-'));
  ensurePageBuilt();
  ensureBuilt('dist/cli.mjs');
  const doc = exampleDocument();
  const hprof = doc.runs.find((r) => r.hprof)!.hprof!;
  const line = hprof.lines[0]!;
  hprof.lines = Array.from({ length: HPROF_LINES }, (_, i) => ({ ...line, unitLine: i + 1, fileLine: undefined, module: `PKG_GENERATED_${i % 997}`, label: `__plsql_vm_line_${i}`, calls: 1 + (i % 1000), elapsedUs: 1 + ((i * 7919) % 100_000) }));
  const functions = doc.runs.find((r) => r.probe)!.probe!.collectors.functions!;
  const fn = functions.functions[0]!;
  functions.functions = Array.from({ length: FUNCTIONS }, (_, i) => ({ ...fn, name: `kernel_function_${i}`, pattern: undefined, calls: 1 + ((i * 104729) % 50_000) }));
  bigProfile = join(dir, 'big.plsqlprofile.json');
  writeFileSync(bigProfile, JSON.stringify(doc, null, 1));
  if (!skip) browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

function runReport(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(repoRoot, 'bin/plsql-perf.mjs'), 'report', ...args], { cwd: repoRoot });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('a 180,000-line, 100,000-function profile renders in chromium: first rows, then all of them, no stack overflow', { skip, timeout: 600_000 }, async () => {
  assert.ok(statSync(bigProfile).size > 40 * 1024 * 1024, `${statSync(bigProfile).size} bytes`);
  const out = join(dir, 'big.html');
  const written = await runReport([bigProfile, '--out', out]);
  assert.equal(written.code, 0, written.stderr);
  const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const problems = await watchProblems(page);
    await page.goto(`file://${out}`, { timeout: 300_000 });
    await page.waitForSelector('body[data-rendered="true"]', { timeout: 300_000 });
    const text = await page.locator('body').innerText();
    assert.doesNotMatch(text, /Maximum call stack size exceeded/);
    const rows = (name: string) => page.locator(`table[data-table="${name}"] tbody tr`).count();
    assert.equal(await rows('hprof-lines'), 500);
    assert.equal(await rows('functions'), 500);
    assert.match(await page.locator('table[data-table="hprof-lines"] tfoot').innerText(), /500 of 180,000 rows shown/);
    for (const [name, count] of [['hprof-lines', HPROF_LINES]] as const) {
      // A click through the page: the handler builds the rows synchronously (longer than an input event may take).
      await page.locator(`button[data-show-all="${name}"]`).evaluate((button) => (button as unknown as { click(): void }).click());
      await page.waitForSelector(`table[data-table="${name}"][data-complete="true"]`, { timeout: 300_000 });
      assert.equal(await rows(name), count);
      assert.equal(await page.locator(`table[data-table="${name}"] tfoot`).count(), 0);
    }
    assert.deepEqual(problems.list, []);
  } finally {
    await context.close();
  }
});

test('report | head: a reader that closes the pipe early ends the report quietly', async () => {
  for (const format of ['html', 'markdown']) {
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [join(repoRoot, 'bin/plsql-perf.mjs'), 'report', bigProfile, '--format', format], { cwd: repoRoot });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.stdout.once('data', () => child.stdout.destroy()); // what `head -c` does after its first bytes
      child.on('close', (code) => resolve({ code, stderr }));
    });
    assert.equal(result.stderr, '', format);
    assert.equal(result.code, 0, format);
  }
});

test('every Markdown field from the profile is escaped: driver, dates, units, runs, kernel and syscall names', () => {
  const doc = exampleDocument();
  const hostile = 'x|y`z*<b>_\n# h';
  doc.driver = { ...doc.driver!, name: hostile as never, version: `6.10 ${hostile}`, mode: hostile as never };
  doc.createdAt = hostile;
  for (const card of doc.cards) for (const m of card.measurements) Object.assign(m, { unit: hostile, source: hostile });
  const probe = doc.runs.find((r) => r.probe)!.probe!;
  probe.collectors.functions!.functions[0]!.name = 'f`|g';
  probe.collectors.syscalls!.syscalls[0]!.name = 'w`|rite\nline';
  const text = markdownReport({ kind: 'single', doc });
  const raw = text.split('\n').filter((l) => /x\|y|(?<!\\)<b|(?<!\\)`z|^# h/.test(l));
  assert.deepEqual(raw, [], 'no field reaches the Markdown unescaped');
  assert.match(text, /with x\\\|y\\`z\\\*\\<b\\>\\_ \\# h 6\.10/);
  assert.match(text, /\| ``f`\\\|g`` \|/);
  assert.match(text, /\| ``w`\\\|rite line`` \|/);
  // Every table row still has the columns of its heading.
  for (const table of text.split('\n\n').filter((b) => b.startsWith('| '))) {
    const [head, , ...body] = table.split('\n');
    const cells = (l: string) => l.replace(/\\\|/g, '').split('|').length;
    for (const row of body) assert.equal(cells(row), cells(head!), row);
  }
});

test('the example profile still reports as before through the built CLI', async () => {
  const r = await runReport([EXAMPLE_PROFILE, '--format', 'markdown']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, markdownReport({ kind: 'single', doc: exampleDocument() }));
});
