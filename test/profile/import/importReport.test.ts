// `plsql-perf report` on each imported seed profile, opened from disk in headless chromium: every chart the
// profile has evidence for is drawn (ink on the canvas), every card is there, the imported traces and their
// unread lines are listed, and the page has no console error or CSP violation.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { ProfileDocument } from '../../../server/src/profile/profileDocument.ts';
import { canvasInk, chromiumMissing, launchChromium, screenshotPath, watchProblems } from '../chromium.ts';
import { ensurePageBuilt } from '../panelPage.ts';
import { cli, importFixtures } from './importSupport.ts';

const skip = chromiumMissing();
let browser: Browser | undefined;
let dir: string;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plsql-perf-import-report-'));
  ensurePageBuilt();
  if (!skip) browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

const SEEDS: [string, string[], string[]][] = [
  ['000', ['seed-000-ustack-proc.txt'], ['--source', 'examples/proc_by2.prc', '--iterations', '1000000']],
  ['001', ['seed-001-kge-12.2.txt', 'seed-001-pstack.txt', 'seed-001-truss-read.txt'], ['--source', 'examples/missing_rows.sql']],
  ['002', ['seed-002-gethrtime-ustack-11g.txt'], ['--source', 'examples/tuning_leftovers.sql']],
  ['003', ['seed-003-write-sizes-tmp.txt', 'seed-003-write-stack-tmp.txt'], ['--source', 'examples/blob_export_fixed.prc', '--stacks', 'samples']], // seed 003: "stacks that appeared in most samples"
  ['004', ['seed-004-autotrace.txt', 'seed-004-truss-c-windows-client.txt', 'seed-004-pstack.txt'], []],
];

/** The charts a profile has evidence for. */
function expectedCharts(doc: ProfileDocument): string[] {
  const probe = doc.runs[0]!.probe!;
  const charts: string[] = [];
  if ((probe.collectors.functions?.functions ?? []).some((f) => f.calls > 0)) charts.push('function-calls');
  if ((probe.collectors.stacks?.samples ?? 0) > 0) charts.push('flame-graph', 'sampled-time');
  (probe.collectors.syscalls?.writes ?? []).forEach((_, i) => charts.push(`write-sizes-${i}`));
  if ((doc.runs[0]!.db?.events.length ?? 0) > 0) charts.push('wait-events');
  return charts.sort();
}

for (const [seed, traces, options] of SEEDS) {
  test(`the HTML report of seed ${seed}'s imported profile draws every chart in chromium`, { skip }, async () => {
    const profile = join(dir, `seed-${seed}.plsqlprofile.json`);
    const imported = importFixtures(profile, traces, ...options);
    assert.equal(imported.status, 0, imported.stderr);
    const doc = imported.doc!;
    const charts = expectedCharts(doc);
    assert.ok(charts.length >= 1, 'the profile has something to draw');
    const out = join(dir, `seed-${seed}.html`);
    const r = cli('report', profile, '--out', out);
    assert.equal(r.status, 0, r.stderr);

    const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const problems = await watchProblems(page);
      await page.goto(`file://${out}`);
      await page.waitForSelector('body[data-rendered="true"]');
      const ink = await canvasInk(page);
      assert.deepEqual(ink.map((c) => c.name).sort(), charts);
      for (const c of ink) assert.ok(c.painted > 500 && c.colours >= 2, `chart ${c.name} is blank`);
      assert.equal(await page.locator('[data-card]').count(), doc.cards.length);
      assert.ok(doc.cards.some((c) => c.verdict === 'confirmed'), 'a confirmed card');
      assert.equal(await page.locator('[data-list="traces"] li').count(), traces.length);
      const unread = doc.provenance!.traces.reduce((s, t) => s + t.unread.length, 0);
      assert.equal(await page.locator('table[data-table="unread"] tbody tr').count(), unread);
      assert.equal(await page.locator('[data-figure="overhead"]').count(), 0, 'no probe overhead for imported traces');
      await page.screenshot({ path: screenshotPath(`import-seed-${seed}`), fullPage: true });
      assert.deepEqual(problems.list, []);
    } finally {
      await context.close();
    }
  });
}
