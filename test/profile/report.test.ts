// `plsql-perf report`: argument parsing, the Markdown summary, and the HTML report end to end through the
// built CLI, opened from disk in headless chromium: every chart drawn, no console error or CSP violation, no
// request beyond the file itself, hot lines scroll to the source listing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { parseReportArgs } from '../../server/src/cli/report/reportArgs.ts';
import { markdownReport } from '../../server/src/cli/report/markdownReport.ts';
import { ensureBuilt } from '../cli/buildOnce.ts';
import { canvasInk, chromiumMissing, launchChromium, repoRoot, screenshotPath, watchProblems } from './chromium.ts';
import { ensurePageBuilt } from './panelPage.ts';
import type { ProfileDocument } from '../../server/src/profile/profileDocument.ts';
import { EXAMPLE_PROFILE, exampleDocument, goldenProbeDocument, RECORDED_PROFILE, recordedDocument } from './viewFixtures.ts';

const skip = chromiumMissing();
let browser: Browser | undefined;
let dir: string;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plsql-perf-report-'));
  ensurePageBuilt();
  ensureBuilt('dist/cli.mjs');
  if (!skip) browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

function cli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(repoRoot, 'bin/plsql-perf.mjs'), ...args], { cwd: repoRoot, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('report arguments', () => {
  assert.deepEqual(parseReportArgs(['p.json', '--out', 'r.html']), { kind: 'report', options: { profile: 'p.json', compare: undefined, format: 'html', out: 'r.html' } });
  assert.deepEqual(parseReportArgs(['-f', 'markdown', 'p.json', '--compare=q.json']), { kind: 'report', options: { profile: 'p.json', compare: 'q.json', format: 'markdown', out: undefined } });
  assert.equal(parseReportArgs(['--help']).kind, 'help');
  assert.match((parseReportArgs([]) as { message: string }).message, /no profile given/);
  assert.match((parseReportArgs(['a', 'b']) as { message: string }).message, /one profile expected/);
  assert.match((parseReportArgs(['a', '--format', 'pdf']) as { message: string }).message, /unknown format 'pdf'/);
  assert.match((parseReportArgs(['a', '--out']) as { message: string }).message, /needs a value/);
  assert.match((parseReportArgs(['a', '--bogus']) as { message: string }).message, /unknown option '--bogus'/);
});

test('the Markdown summary holds the figures, every finding card and the evidence tables', () => {
  const doc = exampleDocument();
  const text = markdownReport({ kind: 'single', doc });
  assert.match(text, /^# PL\/SQL profile: examples\/profile\/by2\\_loop\.sql lines 12-33$/m);
  assert.match(text, /^\| Elapsed \| 2,741 ms \| timing run \|$/m);
  assert.match(text, /^\| DB CPU \| 2,698 ms \| timing run \|$/m);
  for (const card of doc.cards) assert.ok(text.includes(card.title.replace(/_/g, '\\_')), `card ${card.title}`);
  assert.equal((text.match(/^### CONFIRMED: /gm) ?? []).length, doc.cards.filter((c) => c.verdict === 'confirmed').length);
  assert.match(text, /^\| `kgiPinObject` \| 1,000,003 \| library cache \| Pins an instantiated object/m);
  assert.match(text, /^\| 22 \| \\_\\_static\\_sql\\_exec\\_line11 \| 10,000 \| 392 ms \| 14\.8% \|$/m);
  assert.match(text, /write\(\) to files: 2,048 calls, 8\.1 MiB; most common size 4096 B \(1,792 calls\)/);

  const golden = markdownReport({ kind: 'single', doc: goldenProbeDocument() });
  assert.doesNotMatch(golden, /Wait events|DBMS_HPROF/, 'no sections for evidence the profile does not have');
  assert.match(golden, /## Kernel functions by sampled time \(482 samples at 99 Hz\)/);
});

test('Markdown cells cannot break the table or inject markup', () => {
  const doc = exampleDocument();
  doc.runs[0]!.db!.stats[0]!.name = 'a | b <img src=x>\nnext';
  const text = markdownReport({ kind: 'single', doc });
  assert.match(text, /^\| a \\\| b \\<img src=x\\> next \| /m);
});

test('the comparison in Markdown gives the ratio per metric', () => {
  const before = exampleDocument();
  const afterDoc = structuredClone(before);
  afterDoc.runs[0]!.elapsedMs = before.runs[0]!.elapsedMs / 2;
  const text = markdownReport({ kind: 'compare', before, after: afterDoc });
  assert.match(text, /^\| elapsed \| elapsed \| 2,741 ms \| 1,371 ms \| ×0\.50 \|$/m);
});

test('report refuses unreadable and invalid profiles with a clear message', () => {
  const missing = cli('report', join(dir, 'nope.plsqlprofile.json'));
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /cannot read .*nope\.plsqlprofile\.json/);
  const raw = join(dir, 'raw-probe.json');
  writeFileSync(raw, readFileSync(join(repoRoot, 'probe/schema/testdata/golden-profile.json')));
  const invalid = cli('report', raw);
  assert.equal(invalid.status, 2);
  assert.match(invalid.stderr, /not a valid profile:\n.*raw plsql-probe profile/);
  const usage = cli('report');
  assert.equal(usage.status, 2);
  assert.match(usage.stderr, /no profile given/);
});

test('report --format markdown writes the summary to standard output', () => {
  const r = cli('report', EXAMPLE_PROFILE, '--format', 'markdown');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, markdownReport({ kind: 'single', doc: exampleDocument() }));
});

/** Writes the HTML report of a profile, opens it from disk in chromium and checks it like the panel tests do. */
async function checkHtmlReport(profile: string, doc: ProfileDocument, name: string, expectedCharts: string[]): Promise<void> {
  const out = join(dir, `${name}.html`);
  const r = cli('report', profile, '--out', out);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /html report written to/);
  const html = readFileSync(out, 'utf8');
  assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; img-src data:; style-src &#39;sha256-[A-Za-z0-9+/=]+&#39;; script-src &#39;sha256-[A-Za-z0-9+/=]+&#39;">/);
  assert.doesNotMatch(html, /<(script|link|img)[^>]+(src|href)=/i, 'nothing loaded from elsewhere');
  assert.doesNotMatch(html, /sourceMappingURL/);

  const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const problems = await watchProblems(page);
    const requests: string[] = [];
    page.on('request', (req) => requests.push(req.url()));
    await page.goto(`file://${out}`);
    await page.waitForSelector('body[data-rendered="true"]');
    assert.deepEqual(requests, [`file://${out}`]);
    const ink = await canvasInk(page);
    assert.deepEqual(ink.map((c) => c.name).sort(), [...expectedCharts].sort());
    for (const c of ink) assert.ok(c.painted > 500 && c.colours >= 2, `chart ${c.name} is blank`);
    assert.equal(await page.locator('[data-card]').count(), doc.cards.length);

    // In the report a hot line scrolls to the source listing instead of opening an editor.
    const hot = doc.runs.find((run) => run.hprof)!.hprof!.lines.find((l) => l.fileLine !== undefined)!.fileLine!;
    await page.click(`tr[data-hot="line"][data-line="${hot}"]`);
    await page.waitForSelector(`[data-src-line="${hot}"].pp-src-target`);
    assert.ok(await page.locator(`[data-src-line="${hot}"]`).isVisible());

    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: screenshotPath(name), fullPage: true });
    // The top of the page (summary, finding cards, HPROF hot lines): the size of the README's screenshot.
    await page.screenshot({ path: screenshotPath(`${name}-top`), fullPage: true, clip: { x: 0, y: 0, width: 1280, height: 1650 } });
    assert.deepEqual(problems.list, []);
  } finally {
    await context.close();
  }
}

test('the HTML report of the profile recorded on the fixture process draws every chart in chromium', { skip }, async () => {
  // docs/images/profile-report.png is report-recorded-top.png of this test.
  const doc = recordedDocument();
  const probe = doc.runs.find((r) => r.probe)!.probe!;
  const charts = ['function-calls', 'wait-events', 'hprof-lines', ...probe.collectors.syscalls!.writes.map((_, i) => `write-sizes-${i}`)];
  if ((probe.collectors.stacks?.samples ?? 0) > 0) charts.push('flame-graph', 'sampled-time');
  await checkHtmlReport(RECORDED_PROFILE, doc, 'report-recorded', charts);
});

test('the HTML report of the example profile (with stack samples) draws every chart in chromium', { skip }, async () => {
  await checkHtmlReport(EXAMPLE_PROFILE, exampleDocument(), 'report-example', ['flame-graph', 'function-calls', 'hprof-lines', 'sampled-time', 'wait-events', 'write-sizes-0', 'write-sizes-1']);
});

test('the HTML comparison report draws its chart', { skip }, async () => {
  const afterFile = join(dir, 'after.plsqlprofile.json');
  const afterDoc = exampleDocument();
  afterDoc.runs[0]!.elapsedMs = 1650.2;
  for (const f of afterDoc.runs[1]!.probe!.collectors.functions!.functions) if (f.pattern === 'library-cache-pins') f.calls = 4;
  writeFileSync(afterFile, JSON.stringify(afterDoc));
  const out = join(dir, 'compare.html');
  const r = cli('report', EXAMPLE_PROFILE, '--compare', afterFile, '--out', out);
  assert.equal(r.status, 0, r.stderr);
  const context = await browser!.newContext();
  try {
    const page = await context.newPage();
    const problems = await watchProblems(page);
    await page.goto(`file://${out}`);
    await page.waitForSelector('body[data-rendered="true"]');
    const ink = await canvasInk(page);
    assert.deepEqual(ink.map((c) => c.name), ['compare-ratios']);
    assert.ok(ink[0]!.painted > 500);
    assert.deepEqual(problems.list, []);
  } finally {
    await context.close();
  }
});
