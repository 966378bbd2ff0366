// The run's orchestration with FakeOracleSession (no database can run here): grants, snapshots with their
// own cost subtracted, HPROF mapped to file lines, DBMS_OUTPUT, rollback/commit, cancel, timeout, the probe
// refused for a shared server or failing to start. The document it returns must load as a saved profile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProfileRunner } from '../../extension/src/profile/run/profileRun.ts';
import { GrantsNeededError } from '../../extension/src/profile/run/sessionIdentity.ts';
import { loadProfile } from '../../server/src/profile/loadProfile.ts';
import { FakeOracleSession, type FakeOptions } from './support/fakeOracleSession.ts';
import { BLOCK, BLOCK_EFFECT, END_LINE, HPROF_ROWS, L, START_LINE, seedRequest } from './support/seedBlock.ts';

const request = seedRequest;
const ANALYZE = 'begin :run_id := dbms_hprof.analyze(trace_id => :trace_id, r';

/** The transaction-relevant statements of a run, in order. */
function hprofSteps(db: FakeOracleSession): string[] {
  return db.log.filter((l) => /callTimeout|rollback|commit|analyze|execute declare|stop_profiling|hprof raw data/.test(l));
}

function fake(over: Partial<FakeOptions> = {}): FakeOracleSession {
  return new FakeOracleSession({ spid: '4242', hprofRows: HPROF_ROWS, block: async () => BLOCK_EFFECT, ...over });
}

function loads(doc: unknown): void {
  const r = loadProfile(JSON.parse(JSON.stringify(doc)));
  assert.ok(r.ok, r.ok ? '' : r.errors.join('\n'));
}

test('the block under the cursor is found with its file lines, and the analyzer\'s findings in it', () => {
  const r = request();
  assert.deepEqual(r.staticFindings.map((f) => [f.rule, f.line]), [
    ['standalone-call-in-loop', L(8)], ['select-into-in-loop', L(12)], ['exception-handler-in-loop', L(14)],
    ['utl-file-small-buffer', L(17)], ['plan-statistics-in-code', L(22)],
  ]);
  assert.equal(r.target.kind, 'anonymous-block');
  assert.equal(r.target.startLine, START_LINE);
  assert.equal(r.target.endLine, END_LINE);
  assert.equal(r.target.executedText, BLOCK);
});

test('one run with HPROF: exact deltas with the snapshot cost subtracted, HPROF on file lines, output, rollback', async () => {
  const db = fake();
  const doc = await new ProfileRunner(request(), { db }).run();
  loads(doc);
  assert.equal(doc.runs.length, 1);
  const run = doc.runs[0]!;
  assert.equal(run.role, 'single');
  assert.equal(run.status, 'ok');
  assert.equal(run.transaction, 'rolled-back');
  assert.deepEqual(run.dbmsOutput, ['total=1001000']);
  const stat = (name: string) => run.db!.stats.find((s) => s.name === name);
  // Raw delta = the block + one snapshot query's footprint; the net delta is exactly the block's.
  assert.deepEqual(stat('session logical reads'), { name: 'session logical reads', delta: 3000, raw: 3012, selfCost: 12 });
  assert.deepEqual(stat('recursive calls'), { name: 'recursive calls', delta: 1204, raw: 1207, selfCost: 3 });
  assert.deepEqual(stat('CPU used by this session'), { name: 'CPU used by this session', delta: 0, raw: 1, selfCost: 1 });
  assert.deepEqual(run.db!.timeModel.find((t) => t.name === 'DB time'), { name: 'DB time', deltaUs: 52000, rawUs: 52410, selfCostUs: 410 });
  assert.deepEqual(run.db!.events.map((e) => [e.event, e.waits, e.timeWaitedUs]), [['Disk file operations I/O', 3, 412], ['SQL*Net message to client', 0, 0]]);
  assert.ok(!run.db!.events.some((e) => e.waitClass === 'Idle'), 'idle waits are left out');
  // HPROF: the SQL at block line 12 is file line 16.
  assert.deepEqual(run.hprof!.lines.map((l) => [l.label, l.fileLine, l.calls]), [['__static_sql_exec_line12', L(12), 200], ['__static_sql_exec_line22', L(22), 1]]);
  assert.equal(doc.measuredBy.hprof, 'single');
  // BY2 is defined at line 2 of the same file: HPROF's subprogram line lands there.
  assert.equal(run.hprof!.subprograms.find((p) => p.function === 'BY2')!.fileLine, 2);
  const selectInto = doc.cards.find((c) => c.hypothesis.rule === 'select-into-in-loop')!;
  assert.equal(selectInto.verdict, 'not-measured');
  assert.deepEqual(selectInto.measurements.map((m) => [m.label, m.value]), [['HPROF __static_sql_exec_line12: calls', 200], ['HPROF __static_sql_exec_line12: time', 21000]]);
  // The statements in order: timeout on for the block only; after STOP_PROFILING the raw profile (here in the
  // block's transaction, the fake's default) is copied, the block is rolled back, the copy put back, and only then
  // ANALYZE runs, in a transaction without the block's work; its rows are rolled back too.
  assert.deepEqual(hprofSteps(db), [
    'callTimeout 60000', 'execute declare', 'callTimeout 0', 'execute begin dbms_hprof.stop_profiling; end;',
    'execute hprof raw data committed? (autonomous transaction)', 'query hprof raw data copied', 'rollback',
    'query hprof raw data counted', 'execute hprof raw data restored', `execute ${ANALYZE}`, 'rollback',
  ]);
  assert.ok(doc.notes.some((n) => /single run: DBMS_HPROF wrote its raw data in the block's transaction: the rollback removed it, so the run put back the copy/.test(n)), doc.notes.join('\n'));
  // Without the probe the kernel-level hints are not measured; HPROF's call count is still shown.
  const pins = doc.cards.find((c) => c.hypothesis.rule === 'standalone-call-in-loop')!;
  assert.equal(pins.verdict, 'not-measured');
  assert.match(pins.reason, /without plsql-probe/);
  assert.deepEqual(pins.measurements.map((m) => [m.label, m.value]), [['HPROF calls of BY2', 1000]]);
  assert.equal(doc.cards.some((c) => c.id === 'in-band-break-checks'), false);
  assert.equal(doc.session!.spid, '4242');
  assert.equal(doc.database!.conName, 'FREEPDB1');
});

test('missing grants: the error lists the exact GRANT statements, and nothing runs', async () => {
  const db = fake({ missingViews: ['v$process', 'v$sess_time_model'], noHprofGrant: true });
  await assert.rejects(new ProfileRunner(request(), { db }).run(), (e: unknown) => {
    assert.ok(e instanceof GrantsNeededError);
    assert.deepEqual(e.grants, ['grant select on sys.v_$process to APP;', 'grant select on sys.v_$sess_time_model to APP;', 'grant execute on sys.dbms_hprof to APP;']);
    assert.match(e.message, /as SYS or a DBA/);
    return true;
  });
  assert.equal(db.blockExecutions, 0);
});

test('cancel: break() interrupts the block, the run is marked cancelled and rolled back', async () => {
  const db = fake({ blockUntilBreak: true });
  const runner = new ProfileRunner(request({ options: { twoRuns: true, hprof: false, probe: false, transaction: 'commit', callTimeoutMs: 0 } }), { db });
  const done = runner.run();
  while (db.blockExecutions === 0) await new Promise((r) => setTimeout(r, 5));
  await runner.cancel();
  const doc = await done;
  loads(doc);
  assert.equal(doc.runs.length, 1, 'no second run after a cancel');
  assert.equal(doc.runs[0]!.status, 'cancelled');
  assert.equal(doc.runs[0]!.error!.code, 'ORA-01013');
  assert.equal(doc.runs[0]!.transaction, 'rolled-back', 'a cancelled block is never committed, even with transaction = commit');
  assert.ok(db.log.includes('break'));
  assert.ok(db.log.includes('rollback') && !db.log.includes('commit'));
  assert.match(doc.notes.join('\n'), /cancelled/);
});

test('a call timeout is reported as such; commit is used only when asked for and the block succeeded', async () => {
  const timedOut = await new ProfileRunner(request(), { db: fake({ blockError: { code: 'NJS-123', message: 'NJS-123: call timeout of 60000 ms exceeded' } }) }).run();
  assert.equal(timedOut.runs[0]!.status, 'timeout');
  const db = fake();
  const committed = await new ProfileRunner(request({ options: { twoRuns: false, hprof: false, probe: false, transaction: 'commit', callTimeoutMs: 0 } }), { db }).run();
  assert.equal(committed.runs[0]!.transaction, 'committed');
  assert.ok(db.log.includes('commit') && !db.log.includes('rollback'));
});

test('HPROF is skipped with a note before 18c, and its tables are created when missing', async () => {
  const old = await new ProfileRunner(request(), { db: fake({ version: { text: '12.2.0.1.0', number: 1202000100 } }) }).run();
  assert.equal(old.runs[0]!.hprof, undefined);
  assert.equal(old.options.hprof, false);
  assert.match(old.notes.join('\n'), /needs Oracle Database 18c/);
  const db = fake({ hprofTablesExist: false });
  const created = await new ProfileRunner(request(), { db }).run();
  assert.ok(db.log.includes('execute begin dbms_hprof.create_tables(force_it => false); end;'));
  assert.match(created.notes.join('\n'), /created the DBMS_HPROF tables/);
  // Pre-18c tables without DBMSHP_TRACE_DATA: nothing is dropped or created, HPROF is off and the note says why.
  const partial = fake({ hprofTablesExist: ['DBMSHP_RUNS', 'DBMSHP_FUNCTION_INFO', 'DBMSHP_PARENT_CHILD_INFO'] });
  const withoutTrace = await new ProfileRunner(request(), { db: partial }).run();
  assert.ok(!partial.log.some((l) => /create_tables|start_profiling/.test(l)), partial.log.join('\n'));
  assert.equal(withoutTrace.options.hprof, false);
  assert.match(withoutTrace.notes.join('\n'), /not DBMSHP_TRACE_DATA.*CREATE_TABLES\(force_it => TRUE\)/);
});

test('the probe is refused for a shared server, and a probe that cannot start leaves database evidence', async () => {
  const twoRuns = { twoRuns: true, hprof: false, probe: true, transaction: 'rollback' as const, callTimeoutMs: 0 };
  const shared = await new ProfileRunner(request({ options: twoRuns, probe: { command: '/nonexistent/plsql-probe', args: ['serve'] } }), { db: fake({ server: 'SHARED' }) }).run();
  loads(shared);
  assert.deepEqual(shared.runs.map((r) => [r.role, r.probeAttached]), [['timing', false], ['probe', false]]);
  assert.match(shared.runs[1]!.probeNote!, /SHARED server, not a dedicated one.*:dedicated/);

  const missing = await new ProfileRunner(request({ options: twoRuns, probe: { command: '/nonexistent/plsql-probe', args: ['serve'] } }), { db: fake() }).run();
  loads(missing);
  assert.match(missing.runs[1]!.probeNote!, /could not record: EXITED: plsql-probe could not be started: spawn \/nonexistent\/plsql-probe ENOENT/);
  assert.equal(missing.runs[1]!.db!.stats.find((s) => s.name === 'session logical reads')!.delta, 3000);
  assert.equal(missing.measuredBy.elapsed, 'timing');
  assert.equal(missing.measuredBy.probe, undefined);
  assert.equal(missing.cards.find((c) => c.hypothesis.rule === 'exception-handler-in-loop')!.verdict, 'not-measured');
});

test('DBMS_HPROF raw data already committed: nothing copied, ANALYZE after the rollback', async () => {
  const db = fake({ hprofRawData: 'committed' });
  const doc = await new ProfileRunner(request(), { db }).run();
  assert.deepEqual(hprofSteps(db), [
    'callTimeout 60000', 'execute declare', 'callTimeout 0', 'execute begin dbms_hprof.stop_profiling; end;',
    'execute hprof raw data committed? (autonomous transaction)', 'rollback', `execute ${ANALYZE}`, 'rollback',
  ]);
  assert.equal(doc.runs[0]!.hprof!.lines.length, 2);
  assert.ok(!doc.notes.some((n) => /raw data/.test(n)), doc.notes.join('\n'));
});

test('a BLOB raw data column is copied and put back as bytes', async () => {
  const db = fake({ hprofRawColumn: 'blob' });
  const doc = await new ProfileRunner(request(), { db }).run();
  assert.ok(db.log.includes('execute hprof raw data restored'));
  assert.equal(doc.runs[0]!.hprof!.lines.length, 2, doc.notes.join('\n'));
});

test('commit asked for: the commit keeps the raw data, so the copy is not put back', async () => {
  const db = fake();
  const doc = await new ProfileRunner(request({ options: { twoRuns: false, hprof: true, probe: false, transaction: 'commit', callTimeoutMs: 60000 } }), { db }).run();
  assert.deepEqual(hprofSteps(db), [
    'callTimeout 60000', 'execute declare', 'callTimeout 0', 'execute begin dbms_hprof.stop_profiling; end;',
    'execute hprof raw data committed? (autonomous transaction)', 'query hprof raw data copied', 'commit',
    'query hprof raw data counted', `execute ${ANALYZE}`, 'rollback',
  ]);
  assert.equal(doc.runs[0]!.transaction, 'committed');
  assert.equal(doc.runs[0]!.hprof!.lines.length, 2);
});
