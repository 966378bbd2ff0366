// The profile panel's page in headless chromium, loaded as VS Code loads it (panelHtml: nonce CSP, script from
// the webview origin, acquireVsCodeApi stubbed): every chart draws, tables and cards are there, clicks post
// the right messages, hover shows annotations, the state survives a reload, profile text is never markup,
// and the page causes no CSP violation or console error.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import type { ProfileDocument } from '../../server/src/profile/profileDocument.ts';
import { canvasInk, chromiumMissing, launchChromium, screenshotPath } from './chromium.ts';
import { ensurePageBuilt, openPanelPage, type PanelPage } from './panelPage.ts';
import { exampleDocument, goldenProbeDocument, recordedDocument } from './viewFixtures.ts';

const skip = chromiumMissing();
let browser: Browser;

before(async () => {
  if (skip) return;
  ensurePageBuilt();
  browser = await launchChromium();
});
after(async () => browser?.close());

/** Runs a test on a fresh panel page; unless told otherwise, the page must end with no console error or CSP violation. */
async function withPanel(body: (p: PanelPage) => Promise<void>, options: { expectClean: boolean } = { expectClean: true }): Promise<void> {
  const p = await openPanelPage(browser);
  try {
    await body(p);
    if (options.expectClean) assert.deepEqual(p.problems.list, []);
  } finally {
    await p.close();
  }
}

async function assertChartsDrawn(p: PanelPage, expected: string[]): Promise<void> {
  const ink = await canvasInk(p.page);
  const names = ink.map((c) => c.name);
  for (const name of expected) assert.ok(names.includes(name), `chart ${name} missing (have ${names.join(', ')})`);
  for (const c of ink) {
    assert.ok(c.width > 0 && c.height > 0, `chart ${c.name} has no size`);
    assert.ok(c.painted > 500, `chart ${c.name} is blank (${c.painted} painted pixels)`);
    assert.ok(c.colours >= 2, `chart ${c.name} is one flat colour`);
  }
}

async function tableRows(p: PanelPage, name: string): Promise<number> {
  return p.page.locator(`table[data-table="${name}"] tbody tr`).count();
}

test('the example profile (timing + probe runs, V$ deltas, HPROF, probe) renders every section', { skip }, () =>
  withPanel(async (p) => {
    const ready = (await p.posted()).find((m) => m.type === 'ready');
    assert.deepEqual(ready, { type: 'ready', hasView: false }, 'a new page asks for the view');
    const doc = exampleDocument();
    await p.show({ kind: 'single', doc });
    assert.equal(await p.page.getAttribute('body', 'data-rendered'), 'true');

    for (const figure of ['elapsed', 'db-cpu', 'db-time', 'waits', 'probed-elapsed', 'overhead']) {
      assert.equal(await p.page.locator(`[data-figure="${figure}"]`).count(), 1, `summary figure ${figure}`);
    }
    assert.match((await p.page.textContent('[data-figure="elapsed"]'))!, /2,741 ms/);
    assert.equal(await p.page.locator('[data-card]').count(), doc.cards.length);
    assert.ok(doc.cards.length >= 4);
    assert.equal(await p.page.locator('[data-verdict="confirmed"]').count(), doc.cards.filter((c) => c.verdict === 'confirmed').length);

    const probe = doc.runs.find((r) => r.role === 'probe')!.probe!;
    assert.equal(await tableRows(p, 'functions'), probe.collectors.functions!.functions.length);
    assert.equal(await tableRows(p, 'syscalls'), probe.collectors.syscalls!.syscalls.length);
    assert.equal(await tableRows(p, 'hprof-lines'), doc.runs.find((r) => r.hprof)!.hprof!.lines.length);
    for (const name of ['sampled', 'write-sizes-0', 'write-sizes-1', 'wait-events', 'time-model', 'statistics', 'hprof-subprograms', 'runs']) {
      assert.ok((await tableRows(p, name)) > 0, `table ${name} has rows`);
    }
    // The 4 KB pattern is visible as an exact size, not folded into a bucket.
    assert.match((await p.page.textContent('table[data-table="write-sizes-0"]'))!, /4,096 bytes/);
    await assertChartsDrawn(p, ['function-calls', 'sampled-time', 'flame-graph', 'write-sizes-0', 'write-sizes-1', 'wait-events', 'hprof-lines']);
    assert.equal(await p.page.locator('[data-src-line]').count(), doc.source.endLine - doc.source.startLine + 1);
    await p.page.screenshot({ path: screenshotPath('panel-example'), fullPage: true });
  }));

test('clicking a hot line, a card line or a rule posts the matching message', { skip }, () =>
  withPanel(async (p) => {
    const doc = exampleDocument();
    await p.show({ kind: 'single', doc });
    const hottest = [...doc.runs.find((r) => r.hprof)!.hprof!.lines].sort((a, b) => b.elapsedUs - a.elapsedUs)[0]!;
    await p.page.click(`tr[data-hot="line"][data-line="${hottest.fileLine}"]`);
    const card = doc.cards.find((c) => c.hypothesis.line !== undefined && c.hypothesis.rule)!;
    await p.page.click(`[data-card="${card.id}"] button[data-line]`);
    await p.page.click(`[data-card="${card.id}"] button[data-rule]`);
    // Keyboard: a focused hot line opens on Enter.
    await p.page.focus(`tr[data-hot="line"][data-line="${hottest.fileLine}"]`);
    await p.page.keyboard.press('Enter');
    const posted = (await p.posted()).filter((m) => m.type !== 'ready');
    assert.deepEqual(posted, [
      { type: 'openSource', target: { file: hottest.file, line: hottest.fileLine } },
      { type: 'openSource', target: { file: card.hypothesis.file, line: card.hypothesis.line } },
      { type: 'openRuleDoc', rule: card.hypothesis.rule },
      { type: 'openSource', target: { file: hottest.file, line: hottest.fileLine } },
    ]);
  }));

test('function names carry their annotation; the flame graph explains a frame on hover and keeps its zoom across a reload', { skip }, () =>
  withPanel(async (p) => {
    await p.show({ kind: 'single', doc: goldenProbeDocument() });
    const title = await p.page.getAttribute('table[data-table="functions"] code[data-function="kgiPinObject"]', 'title');
    assert.match(title!, /^kgiPinObject \(library cache\): /);
    const canvas = p.page.locator('canvas[data-chart="flame-graph"]');
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    // Row 6 (0-based, 18 px rows; row 0 is "all") of the golden stacks is opiexe, under every sample: full width.
    await p.page.mouse.move(box.x + box.width / 2, box.y + 6 * 18 + 9);
    const tip = p.page.locator('[data-tooltip="flame"]');
    await tip.waitFor({ state: 'visible' });
    assert.match((await tip.textContent())!, /opiexe.*482 samples.*program interface: Executes a parsed cursor/);
    await p.page.mouse.click(box.x + box.width / 2, box.y + 6 * 18 + 9);
    assert.deepEqual((await p.state())?.ui.flameZoom, ['main', 'ssthrdmain', 'opimai_real', 'opiodr', 'kpoal8', 'opiexe']);

    await p.page.reload();
    await p.page.waitForSelector('body[data-rendered="true"]');
    const posted = await p.posted();
    assert.deepEqual(posted, [{ type: 'ready', hasView: true }], 'a restored page renders from its state and does not ask for the view');
    assert.match((await p.page.textContent('[data-crumbs="flame"]'))!, /› opiexe$/);
    await assertChartsDrawn(p, ['flame-graph', 'function-calls', 'sampled-time']);
  }));

test('a probe-only profile (no V$ deltas, no HPROF) says what is missing and still draws its charts', { skip }, () =>
  withPanel(async (p) => {
    const doc = goldenProbeDocument();
    await p.show({ kind: 'single', doc });
    assert.equal(await p.page.locator('[data-card]').count(), 4);
    assert.match((await p.page.textContent('#hprof'))!, /DBMS_HPROF was not enabled/);
    assert.match((await p.page.textContent('#database'))!, /No database statistics/);
    assert.equal(await p.page.locator('[data-figure="db-cpu"]').count(), 0);
    await assertChartsDrawn(p, ['function-calls', 'sampled-time', 'flame-graph', 'write-sizes-0', 'write-sizes-1']);
    await p.page.screenshot({ path: screenshotPath('panel-golden-probe'), fullPage: true });
  }));

test('the recorded seed profile (plsql-probe on the fixture process) renders its cards, tables and charts', { skip }, () =>
  withPanel(async (p) => {
    const doc = recordedDocument();
    await p.show({ kind: 'single', doc });
    assert.equal(await p.page.locator('[data-card]').count(), doc.cards.length);
    const probe = doc.runs.find((r) => r.probe)!.probe!;
    assert.equal(await tableRows(p, 'functions'), probe.collectors.functions!.functions.length);
    assert.equal(await tableRows(p, 'syscalls'), probe.collectors.syscalls!.syscalls.length);
    const charts = ['function-calls', 'wait-events', ...probe.collectors.syscalls!.writes.map((_, i) => `write-sizes-${i}`)];
    if ((probe.collectors.stacks?.samples ?? 0) > 0) charts.push('flame-graph', 'sampled-time');
    else assert.match((await p.page.textContent('#flame'))!, /No stack samples/);
    await assertChartsDrawn(p, charts);
    await p.page.screenshot({ path: screenshotPath('panel-recorded'), fullPage: true });
  }));

/** The example after the fix: BY2 moved into a package, so no pins and less time. */
function afterFix(doc: ProfileDocument): ProfileDocument {
  const next = structuredClone(doc);
  next.createdAt = '2026-11-23T23:02:00.000Z';
  next.runs[0]!.elapsedMs = 1650.2;
  for (const f of next.runs[1]!.probe!.collectors.functions!.functions) if (f.pattern === 'library-cache-pins') f.calls = 4;
  return next;
}

test('the comparison view shows the ratio per metric and draws the change chart', { skip }, () =>
  withPanel(async (p) => {
    const before = exampleDocument();
    await p.show({ kind: 'compare', before, after: afterFix(before) });
    const elapsedRow = p.page.locator('table[data-table="comparison"] tbody tr', { hasText: 'elapsed' }).first();
    assert.match((await elapsedRow.textContent())!, /×0\.60/);
    const pinRow = p.page.locator('table[data-table="comparison"] tbody tr', { hasText: 'kgiPinObject' });
    assert.match((await pinRow.textContent())!, /×4\.0e-6/);
    await assertChartsDrawn(p, ['compare-ratios']);
    await p.page.screenshot({ path: screenshotPath('panel-compare'), fullPage: true });
  }));

test('text from a profile is shown as text, never run as markup', { skip }, () =>
  withPanel(async (p) => {
    const doc = exampleDocument();
    const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    doc.source.text = `${evil}\n${doc.source.text}`;
    doc.runs[0]!.dbmsOutput = [evil];
    doc.runs[0]!.db!.stats[0]!.name = evil;
    doc.cards[0]!.reason = evil;
    doc.notes = [evil];
    await p.show({ kind: 'single', doc });
    assert.equal(await p.page.locator('#app img, #app script, #app iframe').count(), 0);
    assert.equal(await p.page.evaluate('window.__pwned'), undefined);
    assert.ok((await p.page.locator('text=<img src=x onerror').count()) >= 4, 'the markup is visible as text');
  }));

test('the CSP is in force: an inline script without the nonce is blocked and reported', { skip }, () =>
  withPanel(async (p) => {
    await p.page.evaluate("document.body.appendChild(Object.assign(document.createElement('script'), { textContent: 'window.__inline = true' }))");
    assert.equal(await p.page.evaluate('window.__inline'), undefined);
    // The violation event reaches the test through an exposed function: give it up to 5 s to arrive.
    for (let i = 0; i < 50 && !p.problems.list.some((m) => m.startsWith('CSP violation')); i++) await p.page.waitForTimeout(100);
    assert.ok(p.problems.list.some((m) => m.startsWith('CSP violation: script-src')), p.problems.list.join('\n'));
  }, { expectClean: false }));

test('a card in another file than the profiled one (a called subprogram) names that file and opens it', { skip }, () =>
  withPanel(async (p) => {
    const doc = exampleDocument();
    const card = doc.cards.find((c) => c.hypothesis.rule === 'standalone-call-in-loop')!;
    const finding = doc.staticFindings.find((f) => f.rule === card.hypothesis.rule && f.line === card.hypothesis.line)!;
    card.hypothesis.file = 'src/proc_by2.prc';
    finding.file = 'src/proc_by2.prc';
    await p.show({ kind: 'single', doc });
    const link = p.page.locator(`[data-card="${card.id}"] button[data-line]`);
    assert.equal(await link.textContent(), `proc_by2.prc line ${card.hypothesis.line}`);
    await link.click();
    const posted = (await p.posted()).filter((m) => m.type === 'openSource');
    assert.deepEqual(posted, [{ type: 'openSource', target: { file: 'src/proc_by2.prc', line: card.hypothesis.line } }]);
    // The finding is covered by its card: not listed again among the hints without a card.
    assert.doesNotMatch((await p.page.textContent('#findings'))!, /without a card[\s\S]*standalone-call-in-loop/);
  }));

test('a profile naming files that are not in this workspace says which, at the top', { skip }, () =>
  withPanel(async (p) => {
    await p.show({ kind: 'single', doc: exampleDocument(), missingFiles: ['src/proc_by2.prc'] });
    const notice = p.page.locator('.pp-missing-files');
    assert.match((await notice.textContent())!, /^Not found in this workspace: src\/proc_by2\.prc\. Its confirmed hints are not marked in the editor/);
    await p.show({ kind: 'single', doc: exampleDocument() });
    assert.equal(await p.page.locator('.pp-missing-files').count(), 0, 'no notice when every file is here');
  }));
