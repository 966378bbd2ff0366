// The saved-profile contract: the example document validates, bad documents are refused with readable
// errors (a password field among them), the example's cards are what the evidence join computes, and
// compareProfiles gives exact ratios per metric.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadProfile } from '../../server/src/profile/loadProfile.ts';
import { compareProfiles } from '../../server/src/profile/compareProfiles.ts';
import { buildFindingCards } from '../../server/src/profile/evidence/findingCards.ts';
import type { ProfileDocument } from '../../server/src/profile/profileDocument.ts';

const fixture = new URL('../fixtures/profile/by2-loop.plsqlprofile.json', import.meta.url);
const text = readFileSync(fixture, 'utf8');
function example(): ProfileDocument {
  return JSON.parse(text) as ProfileDocument;
}
function errorsOf(value: unknown): string[] {
  const r = loadProfile(value);
  assert.equal(r.ok, false, 'the document must be refused');
  return r.ok ? [] : r.errors;
}

test('the example profile loads from its JSON text', () => {
  const r = loadProfile(text);
  assert.ok(r.ok, r.ok ? '' : r.errors.join('\n'));
  assert.equal(r.document.runs.length, 2);
  assert.equal(r.document.runs[1]!.probe?.target.comm, 'oracle');
});

test('the example cards are exactly what the evidence join computes from its runs', () => {
  const doc = example();
  assert.deepEqual(buildFindingCards(doc), doc.cards);
  assert.deepEqual(doc.cards.map((c) => [c.id, c.verdict]), [
    ['standalone-call-in-loop:18', 'confirmed'],
    ['exception-handler-in-loop:24', 'confirmed'],
    ['utl-file-small-buffer:27', 'confirmed'],
    ['in-band-break-checks', 'confirmed'],
  ]);
});

test('the recorded fixture profile (real plsql-probe on the fixture process) loads, and its cards are current', () => {
  const recorded = readFileSync(new URL('../fixtures/profile/seed-recorded.plsqlprofile.json', import.meta.url), 'utf8');
  const r = loadProfile(recorded);
  assert.ok(r.ok, r.ok ? '' : r.errors.join('\n'));
  assert.deepEqual(buildFindingCards(r.document), r.document.cards, 'regenerate it with test/profile/support/recordSeedProfile.ts');
  assert.equal(r.document.runs[1]!.probe!.collectors.functions!.functions.find((f) => f.name === 'kgiPinObject')!.calls, 1000);
});

test('bad documents are refused with one readable line per problem', () => {
  assert.match(errorsOf('{"schemaVersion": 1,')[0]!, /^not JSON: /);
  assert.match(errorsOf('[]')[0]!, /one JSON object/);
  const probeOnly = readFileSync(new URL('../../probe/schema/testdata/golden-profile.json', import.meta.url), 'utf8');
  assert.match(errorsOf(probeOnly)[0]!, /raw plsql-probe profile/);

  const newer = { ...example(), schemaVersion: 2 };
  assert.match(errorsOf(newer)[0]!, /newer plsql-perf/);

  const withPassword = example() as unknown as { connection: Record<string, string> };
  withPassword.connection.password = 'tiger';
  assert.deepEqual(errorsOf(withPassword), ['/connection: unknown field "password"']);

  const badRun = example();
  (badRun.runs[0] as { elapsedMs: number }).elapsedMs = -1;
  (badRun.runs[0] as { status: string }).status = 'done';
  assert.deepEqual(errorsOf(badRun), ['/runs/0/elapsedMs: must be >= 0', '/runs/0/status: must be equal to one of the allowed values: "ok", "error", "cancelled", "timeout"']);

  const badProbe = example();
  (badProbe.runs[1]!.probe as unknown as { version: number }).version = 7;
  assert.deepEqual(errorsOf(badProbe), ['/runs/1/probe/version: must be equal to constant']);

  const dangling = example();
  dangling.measuredBy.hprof = 'single';
  assert.deepEqual(errorsOf(dangling), ['/measuredBy/hprof: names run "single", which is not in /runs']);
});

test('compareProfiles: ratio per metric, and a warning when one elapsed time was probed', () => {
  const before = example();
  const after = example();
  // After the fix (BY2 moved into a package): the pins are gone and the timing run is faster.
  after.runs[0]!.elapsedMs = 1637.4;
  const pin = after.runs[1]!.probe!.collectors.functions!.functions.find((f) => f.name === 'kgiPinObject')!;
  pin.calls = 17;
  after.runs[0]!.db!.stats = after.runs[0]!.db!.stats.filter((s) => s.name !== 'recursive calls');
  const cmp = compareProfiles(before, after);
  const row = (key: string) => cmp.metrics.find((m) => m.key === key);
  assert.deepEqual(row('elapsed:elapsed'), { key: 'elapsed:elapsed', group: 'elapsed', name: 'elapsed', unit: 'ms', before: 2741.3, after: 1637.4, ratio: 1637.4 / 2741.3 });
  assert.equal(row('function:kgiPinObject')!.ratio, 17 / 1000003);
  assert.deepEqual(row('statistic:recursive calls'), { key: 'statistic:recursive calls', group: 'statistic', name: 'recursive calls', unit: '', before: 10115 });
  assert.equal(row('function:qerstUpdateStats')!.ratio, undefined, 'before = 0 has no ratio');
  assert.equal(cmp.metrics[0]!.group, 'elapsed');
  assert.deepEqual(cmp.warnings, []);

  after.measuredBy.elapsed = 'probe';
  assert.match(compareProfiles(before, after).warnings.join('\n'), /probe attached/);
});
