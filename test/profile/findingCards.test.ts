// The verdict rules of the finding cards, from the example profile with one number changed at a time:
// each card flips between confirmed, not observed and not measured for the reason it states.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { buildFindingCards } from '../../server/src/profile/evidence/findingCards.ts';
import type { FindingCard, ProfileDocument } from '../../server/src/profile/profileDocument.ts';

const base = readFileSync(new URL('../fixtures/profile/by2-loop.plsqlprofile.json', import.meta.url), 'utf8');
const example = (): ProfileDocument => JSON.parse(base) as ProfileDocument;
const card = (doc: ProfileDocument, rule: string): FindingCard => buildFindingCards(doc).find((c) => (c.hypothesis.rule ?? c.id) === rule)!;
const fn = (doc: ProfileDocument, name: string) => doc.runs[1]!.probe!.collectors.functions!.functions.find((f) => f.name === name)!;

test('pins far below the calls HPROF counted: not observed (the callee was packaged)', () => {
  const doc = example();
  fn(doc, 'kgiPinObject').calls = 17;
  const c = card(doc, 'standalone-call-in-loop');
  assert.equal(c.verdict, 'not-observed');
  assert.match(c.reason, /^17 kgiPinObject calls for 1,000,000 expected calls/);
});

test('exceptions: none raised is not observed; raised without message reads is still the kge path', () => {
  const none = example();
  fn(none, 'kgebse').calls = 0;
  assert.equal(card(none, 'exception-handler-in-loop').verdict, 'not-observed');
  const cached = example();
  fn(cached, 'slmsrd').calls = 0;
  const c = card(cached, 'exception-handler-in-loop');
  assert.equal(c.verdict, 'confirmed');
  assert.match(c.reason, /read only 0 times \(this version caches messages\)/);
});

test('UTL_FILE: full-size writes are not observed; no syscalls recorded is not measured', () => {
  const big = example();
  const hist = big.runs[1]!.probe!.collectors.syscalls!.writes.find((w) => w.fd_kind === 'file')!;
  hist.top_sizes = [{ size: 32767, calls: 256 }];
  hist.calls = 256;
  hist.bytes = 32767 * 256;
  assert.equal(card(big, 'utl-file-small-buffer').verdict, 'not-observed');
  const off = example();
  delete off.runs[1]!.probe!.collectors.syscalls;
  assert.match(card(off, 'utl-file-small-buffer').reason, /recorded no syscalls/);
});

test('plan statistics: timer calls per row decide when HPROF did not share the run', () => {
  const doc = example();
  doc.staticFindings.push({ rule: 'plan-statistics-in-code', severity: 'warning', message: 'gather_plan_statistics', line: 20, column: 1, endLine: 20, endColumn: 5 });
  doc.runs[1]!.hprofEnabled = false;
  const functions = doc.runs[1]!.probe!.collectors.functions!.functions;
  fn(doc, 'qerstUpdateStats').calls = 400000;
  functions.push({ name: 'sltrgftime64', module: 'oracle', probe_offset: 0, calls: 800000 });
  doc.runs[0]!.db!.stats.push({ name: 'table scan rows gotten', delta: 400000, raw: 400000, selfCost: 0 });
  const c = card(doc, 'plan-statistics-in-code');
  assert.equal(c.verdict, 'confirmed');
  assert.match(c.reason, /^800,000 timer calls for 400,000 rows \(table scan rows gotten\): 2 per row/);
  doc.runs[0]!.db!.stats.find((s) => s.name === 'table scan rows gotten')!.delta = 400000 * 256; // one timer call per 128 rows: the sampled rate
  assert.equal(card(doc, 'plan-statistics-in-code').verdict, 'not-observed');
});

test('without the probe every kernel-level card is not measured, and says why; no session-level card', () => {
  const doc = example();
  delete doc.runs[1]!.probe;
  doc.runs[1]!.probeAttached = false;
  doc.runs[1]!.probeNote = 'the probe was not started: the session runs on a SHARED server';
  delete doc.measuredBy.probe;
  const cards = buildFindingCards(doc);
  assert.deepEqual(cards.map((c) => c.verdict), ['not-measured', 'not-measured', 'not-measured']);
  for (const c of cards) assert.match(c.reason, /^no probe data: the probe was not started: the session runs on a SHARED server/);
});
