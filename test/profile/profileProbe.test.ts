// End to end with a REAL plsql-probe: the fake database session (FakeOracleSession) reports the fixture
// process "oracle" as its server process, and running the block replays the seeds' patterns in it. The probe
// attaches through the local transport, counts, and the saved profile must hold the exact counts, with the
// finding cards (from the real analyzer's findings) on the right lines and with the right verdicts.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadProfile } from '../../server/src/profile/loadProfile.ts';
import type { ProfileDocument } from '../../server/src/profile/profileDocument.ts';
import { recordSeedProfile } from './support/recordSeedProfile.ts';
import { FILE, L, seedRequest } from './support/seedBlock.ts';
import { FakeOracleSession } from './support/fakeOracleSession.ts';
import { ProfileRunner } from '../../extension/src/profile/run/profileRun.ts';
import { probeCommand } from '../../extension/src/profile/run/probeTransport.ts';
import { buildTools, OracleFixture, probeTestsBlocked, type Workdir } from './support/rootTools.ts';

const blocked = probeTestsBlocked();
let tools: Workdir;
let fixture: OracleFixture;
let doc: ProfileDocument;

before(async () => {
  if (blocked) return;
  tools = buildTools();
  fixture = await OracleFixture.start(tools.oracle, tools.dir);
  doc = await recordSeedProfile(tools, fixture);
  // Saved and reopened as the command does.
  const path = join(tools.dir, 'seed.plsqlprofile.json');
  writeFileSync(path, JSON.stringify(doc, null, 2));
  const reopened = loadProfile(readFileSync(path, 'utf8'));
  assert.ok(reopened.ok, reopened.ok ? '' : reopened.errors.join('\n'));
  assert.deepEqual(reopened.document, JSON.parse(JSON.stringify(doc)));
});

after(() => {
  if (blocked) return;
  fixture?.stop();
  tools?.remove();
});

test('two runs: timing without the probe, then counts with it; each number says its run', { skip: blocked }, () => {
  assert.deepEqual(doc.runs.map((r) => [r.role, r.status, r.probeAttached, r.hprofEnabled]), [['timing', 'ok', false, false], ['probe', 'ok', true, true]]);
  assert.deepEqual(doc.measuredBy, { elapsed: 'timing', dbStats: 'timing', hprof: 'probe', probe: 'probe' });
  assert.equal(doc.runs[0]!.probeNote, undefined);
  assert.equal(doc.runs[1]!.probeNote, undefined, doc.runs[1]!.probeNote);
});

test('the saved profile holds the exact counts of the replayed seed patterns', { skip: blocked }, () => {
  const probe = doc.runs[1]!.probe!;
  assert.equal(probe.target.pid, fixture.pid);
  assert.equal(probe.target.comm, 'oracle');
  const calls = (name: string) => probe.collectors.functions!.functions.find((f) => f.name === name)?.calls;
  assert.equal(calls('kgiPinObject'), 1000);
  assert.equal(calls('kglpnp'), 1000);
  assert.equal(calls('kglPinSetContext'), 1000);
  assert.equal(calls('kgebse'), 200);
  assert.equal(calls('slmsrd'), 400);
  assert.equal(calls('slfiwrb'), 48);
  assert.equal(calls('qerstUpdateStats'), 500);
  assert.equal(calls('snttmoredata'), 1000);
  const sys = probe.collectors.syscalls!;
  const fileWrites = sys.writes.find((w) => w.syscall === 'write' && w.fd_kind === 'file')!;
  assert.deepEqual(fileWrites.top_sizes, [{ size: 4096, calls: 48 }]);
  assert.equal(sys.polls.total, 1000);
  assert.equal(sys.syscalls.find((s) => s.name === 'pread64')?.calls, 400);
  // The database side of the same run, the snapshot cost subtracted.
  assert.equal(doc.runs[0]!.db!.stats.find((s) => s.name === 'session logical reads')!.delta, 3000);
});

test('the finding cards point at the hinted lines with the measured verdicts', { skip: blocked }, () => {
  const cards = Object.fromEntries(doc.cards.map((c) => [c.id, c]));
  assert.deepEqual(doc.cards.map((c) => [c.id, c.hypothesis.line, c.verdict]), [
    [`standalone-call-in-loop:${L(8)}`, L(8), 'confirmed'],
    [`select-into-in-loop:${L(12)}`, L(12), 'not-measured'],
    [`exception-handler-in-loop:${L(14)}`, L(14), 'confirmed'],
    [`utl-file-small-buffer:${L(17)}`, L(17), 'confirmed'],
    [`plan-statistics-in-code:${L(22)}`, L(22), 'confirmed'],
    ['in-band-break-checks', undefined, 'confirmed'],
  ]);
  for (const c of doc.cards.slice(0, 5)) {
    assert.equal(c.hypothesis.file, FILE);
    assert.equal(c.hypothesis.docPath, `docs/rules/${c.hypothesis.rule}.md`);
  }
  assert.match(cards[`standalone-call-in-loop:${L(8)}`]!.reason, /^1,000 kgiPinObject calls for 1,000 expected calls \(HPROF counted 1,000 calls of BY2\)/);
  assert.match(cards[`exception-handler-in-loop:${L(14)}`]!.reason, /^200 exceptions raised for about 200 iterations, each reading the message file 2 times \(400 slmsrd calls\)/);
  assert.match(cards[`utl-file-small-buffer:${L(17)}`]!.reason, /48 of 48 writes were 4,096 bytes .*the code chose it: FOPEN asked for max_linesize 4,096/);
  assert.match(cards[`plan-statistics-in-code:${L(22)}`]!.reason, /^500 qerstUpdateStats calls for 500 rows \(table scan rows gotten\): 1 per row/);
  assert.match(cards['in-band-break-checks']!.reason, /^1,000 snttmoredata calls \(0\.33 per logical read, 3,000 logical reads\): node-oracledb Thin mode has no out-of-band breaks/);
  // Every measurement names the run it came from.
  const pins = cards[`standalone-call-in-loop:${L(8)}`]!;
  assert.deepEqual(pins.measurements.map((m) => [m.label, m.value, m.source, m.run]).slice(0, 2), [['HPROF calls of BY2', 1000, 'hprof', 'probe'], ['kgiPinObject calls', 1000, 'probe', 'probe']]);
});

test('cancel while the probe records: break() ends the block, the probe stops and its counts are kept', { skip: blocked }, async () => {
  const db = new FakeOracleSession({ spid: String(fixture.pid), blockUntilBreak: true });
  const runner = new ProfileRunner(seedRequest({
    options: { twoRuns: false, hprof: false, probe: true, transaction: 'rollback', callTimeoutMs: 0 },
    probe: probeCommand({ kind: 'local', probePath: tools.probe }),
  }), { db });
  const done = runner.run();
  while (db.blockExecutions === 0) await new Promise((r) => setTimeout(r, 10));
  await fixture.do('pin 250'); // work done by the server process before the user cancels
  await runner.cancel();
  const cancelled = await done;
  const run = cancelled.runs[0]!;
  assert.equal(run.status, 'cancelled');
  assert.equal(run.probeAttached, true);
  assert.equal(run.probe!.stop_reason, 'request');
  assert.equal(run.probe!.collectors.functions!.functions.find((f) => f.name === 'kgiPinObject')!.calls, 250);
  assert.ok(db.log.includes('break') && db.log.includes('rollback'));
});

test('threaded_execution: the probe follows V$PROCESS.STID and counts only that thread', { skip: blocked }, async () => {
  const tid = await fixture.do('thread');
  const db = new FakeOracleSession({
    spid: String(fixture.pid), stid: String(tid), executionType: 'THREAD',
    // The session's thread pins 300 times while another thread of the same process pins 700 times.
    block: async () => { await fixture.do('tpin 300 700'); },
  });
  const doc = await new ProfileRunner(seedRequest({
    options: { twoRuns: false, hprof: false, probe: true, transaction: 'rollback', callTimeoutMs: 0 },
    probe: probeCommand({ kind: 'local', probePath: tools.probe }),
  }), { db }).run();
  const probe = doc.runs[0]!.probe!;
  assert.equal(probe.target.tid, tid);
  assert.equal(probe.collectors.functions!.functions.find((f) => f.name === 'kgiPinObject')!.calls, 300);
  assert.ok(probe.warnings.some((w) => w.code === 'THREADED_PROCESS'));
  assert.match(doc.notes.join('\n'), /probe: THREADED_PROCESS/);
});
