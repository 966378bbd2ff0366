// "Profile this block", without VS Code: checks grants, finds the server process, optionally starts
// plsql-probe on it, takes Snapper-style snapshots around the block (and DBMS_HPROF), runs it once or twice
// (timing without the probe, then counts with it), collects DBMS_OUTPUT, ends the transaction (rollback by
// default), and returns the saved-profile document with its finding cards. Cancel = break() + stop the probe.
import type {
  ConnectionInfo, DbEvidence, HprofData, MeasuredBy, ProbeProfile, ProfileDocument, ProfileRun, RunOptions, RunRole,
  RunStatus, StaticFinding,
} from '../../../../server/src/profile/profileDocument.ts';
import { buildFindingCards } from '../../../../server/src/profile/evidence/findingCards.ts';
import type { ProfileTarget } from './blockSelection.ts';
import { dbErrorOf, type DbSession } from './dbSession.ts';
import { drainOutput, enableOutput } from './dbmsOutput.ts';
import {
  analyzeHprof, ensureHprofTables, hprofSupported, preserveRawData, restoreRawData, startHprof, stopHprof, type RawDataGuard, type UnitLines,
} from './hprof.ts';
import { ProbeClient, type RecordParams, type Recording } from './probeClient.ts';
import type { ProbeCommand } from './probeTransport.ts';
import { checkGrants, lookupSession, probeRefusal, type SessionIdentity } from './sessionIdentity.ts';
import { evidenceBetween, selfCostOf, takeSnapshot, type SelfCost } from './snapshots.ts';

export interface RunRequest {
  target: ProfileTarget;
  file?: string;
  options: RunOptions;
  /** The database user, for the GRANT statements of a missing-privilege message. */
  user: string;
  connection?: ConnectionInfo;
  staticFindings: StaticFinding[];
  toolVersion: string;
  /** How to start plsql-probe; undefined = database evidence only. */
  probe?: ProbeCommand;
  /** Units the editor file (or, with `file`, another workspace file) defines, for HPROF lines of called subprograms. */
  units?: UnitLines[];
  /** Said in the profile's notes: where the static findings came from when not from the editor's analysis. */
  staticFindingsNote?: string;
  /** Extra record parameters (tests narrow the catalog or the sampling rate). */
  probeRecord?: Partial<Omit<RecordParams, 'pid' | 'tid' | 'start_ticks'>>;
}

export interface RunDependencies {
  db: DbSession;
  onProgress?: (message: string) => void;
  now?: () => Date;
}

/** The probe may record at most 120 s (its hard cap). */
const PROBE_MAX_SECONDS = 120;
const TIMEOUT_CODES = new Set(['NJS-123', 'DPI-1067']);

export class ProfileRunner {
  private cancelled = false;
  private probe: ProbeClient | undefined;
  private recording: Recording | undefined;
  private readonly notes: string[] = [];

  constructor(private readonly request: RunRequest, private readonly deps: RunDependencies) {}

  /** Interrupts the running call (connection.break()) and stops the probe's recording. */
  async cancel(): Promise<void> {
    this.cancelled = true;
    const stops: Promise<unknown>[] = [this.deps.db.break().catch(() => undefined)];
    if (this.recording && this.probe) stops.push(this.probe.stop().catch(() => undefined));
    await Promise.all(stops);
  }

  get wasCancelled(): boolean {
    return this.cancelled;
  }

  async run(): Promise<ProfileDocument> {
    const { db } = this.deps;
    const { options, target } = this.request;
    const now = this.deps.now ?? (() => new Date());
    const createdAt = now().toISOString();
    if (this.request.staticFindingsNote) this.notes.push(this.request.staticFindingsNote);
    this.progress('checking privileges');
    await checkGrants(db, this.request.user, options.hprof);
    const identity = await lookupSession(db);
    db.tag('plsql-perf', 'profile block');

    let hprof = options.hprof;
    if (hprof && !hprofSupported(db.serverVersionNumber)) {
      hprof = false;
      this.notes.push(`DBMS_HPROF was not used: table mode needs Oracle Database 18c or later (this is ${db.serverVersion})`);
    }
    if (hprof) {
      const tables = await ensureHprofTables(db);
      if (tables.state === 'created') this.notes.push('created the DBMS_HPROF tables (DBMSHP_*) in your schema (DBMS_HPROF.CREATE_TABLES)');
      if (tables.state === 'incomplete') {
        hprof = false;
        this.notes.push(`DBMS_HPROF was not used: your schema has some DBMS_HPROF tables but not ${tables.missing.join(', ')} (older tables from dbmshptab.sql?). ` +
          'DBMS_HPROF.CREATE_TABLES(force_it => TRUE) recreates them all, dropping the runs they hold: run it yourself if that is fine');
      }
    }
    await enableOutput(db);

    this.progress('measuring the snapshot queries\' own cost');
    await takeSnapshot(db); // warm-up: the first execution parses
    const self = selfCostOf(await takeSnapshot(db), await takeSnapshot(db));

    const useProbe = this.request.probe !== undefined && options.probe;
    const roles: RunRole[] = options.twoRuns && useProbe ? ['timing', 'probe'] : ['single'];
    if (options.twoRuns && !useProbe) this.notes.push('one run only: a second run is for the probe, and no probe transport is configured');
    const runs: ProfileRun[] = [];
    try {
      for (const role of roles) {
        if (this.cancelled) break;
        const withProbe = useProbe && role !== 'timing';
        // HPROF adds its own overhead: keep the timing run clean when there are two runs.
        const withHprof = hprof && role !== 'timing';
        runs.push(await this.oneRun(role, withProbe, withHprof, identity, self));
      }
    } finally {
      await this.probe?.shutdown();
    }
    if (this.cancelled) this.notes.push('the run was cancelled: the numbers cover the part that ran');
    if (!options.probe) this.notes.push('database evidence only: the probe was turned off for this run');
    this.notes.push('node-oracledb Thin mode has no out-of-band breaks: the server checks the client socket in band (poll()) during long calls');

    const measuredBy: MeasuredBy = { elapsed: roles[0]!, dbStats: roles[0]! };
    const hprofRun = runs.find((r) => r.hprof);
    if (hprofRun) measuredBy.hprof = hprofRun.role;
    const probeRun = runs.find((r) => r.probe);
    if (probeRun) measuredBy.probe = probeRun.role;

    const source: ProfileDocument['source'] = {
      startLine: target.startLine, endLine: target.endLine, text: target.text, kind: target.kind, executedText: target.executedText,
    };
    if (this.request.file !== undefined) source.file = this.request.file;
    if (target.subprogram !== undefined) source.subprogram = target.subprogram;
    const doc: ProfileDocument = {
      schemaVersion: 1,
      createdAt,
      tool: { name: 'plsql-perf', version: this.request.toolVersion },
      driver: { name: 'node-oracledb', version: db.driverVersion, mode: 'thin' },
      database: { version: db.serverVersion, versionNumber: db.serverVersionNumber },
      session: identity.session,
      source,
      options: { ...options, hprof },
      runs,
      measuredBy,
      staticFindings: this.request.staticFindings,
      cards: [],
      notes: this.notes,
    };
    if (this.request.connection) doc.connection = this.request.connection;
    const set = <K extends 'instanceName' | 'serverHost' | 'dbName' | 'conName'>(k: K): void => {
      if (identity[k] !== undefined) doc.database![k] = identity[k];
    };
    set('instanceName'); set('serverHost'); set('dbName'); set('conName');
    doc.cards = buildFindingCards(doc);
    return doc;
  }

  private progress(message: string): void {
    this.deps.onProgress?.(message);
  }

  /** Starts the probe on the session's server process; a failure becomes a note, never a failed run. */
  private async startRecording(identity: SessionIdentity): Promise<string | undefined> {
    const refusal = probeRefusal(identity.session);
    if (refusal) return `the probe was not started: ${refusal}`;
    try {
      this.progress('starting plsql-probe');
      if (!this.probe) this.probe = (await ProbeClient.start(this.request.probe!)).client;
      const threaded = identity.session.executionType === 'THREAD' && identity.session.stid !== undefined;
      const pid = Number(identity.session.spid);
      const tid = threaded ? Number(identity.session.stid) : undefined;
      const inspected = await this.probe.inspect(pid, tid);
      const catalog = (await this.probe.catalog()).map((c) => c.id);
      const params: RecordParams = {
        pid, start_ticks: inspected.start_ticks, catalog, syscalls: true, stacks_hz: 99, seconds: PROBE_MAX_SECONDS,
        ...this.request.probeRecord,
      };
      if (tid !== undefined) params.tid = tid;
      this.recording = this.probe.record(params);
      const started = await this.recording.started;
      if (started.warnings.length) this.notes.push(...started.warnings.map((w) => `probe: ${w.code}: ${w.message}`));
      return undefined;
    } catch (error) {
      this.recording = undefined;
      return `the probe could not record: ${(error as Error).message}`;
    }
  }

  private async oneRun(role: RunRole, withProbe: boolean, withHprof: boolean, identity: SessionIdentity, self: SelfCost): Promise<ProfileRun> {
    const { db } = this.deps;
    const startedAt = (this.deps.now ?? (() => new Date()))().toISOString();
    const probeNote = withProbe ? await this.startRecording(identity) : undefined;

    this.progress(role === 'single' ? 'running the block' : `running the block (${role} run)`);
    const before = await takeSnapshot(db);
    const traceId = withHprof ? await startHprof(db) : undefined;
    let status: RunStatus = 'ok';
    let error: ProfileRun['error'];
    db.setCallTimeout(this.request.options.callTimeoutMs);
    const t0 = process.hrtime.bigint();
    try {
      if (this.cancelled) status = 'cancelled';
      else await db.execute(this.request.target.executedText);
    } catch (e) {
      const err = dbErrorOf(e);
      status = this.cancelled ? 'cancelled' : err.code && TIMEOUT_CODES.has(err.code) ? 'timeout' : 'error';
      error = { code: err.code ?? 'ERROR', message: err.message };
    }
    const elapsedMs = Number(process.hrtime.bigint() - t0) / 1e6;
    db.setCallTimeout(0);

    const probeProblems: string[] = [];
    const attempt = async <T>(what: string, f: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await f();
      } catch (e) {
        this.notes.push(`${role} run: ${what} failed: ${dbErrorOf(e).message.split('\n')[0]}`);
        return undefined;
      }
    };
    if (traceId !== undefined) await attempt('DBMS_HPROF.STOP_PROFILING', () => stopHprof(db));
    const after = await attempt('the after snapshot', () => takeSnapshot(db));
    let probe: ProbeProfile | undefined;
    if (this.recording && this.probe) {
      const recording = this.recording;
      this.recording = undefined;
      await this.probe.stop().catch(() => undefined);
      probe = await recording.profile.catch((e: Error) => { probeProblems.push(`the recording failed: ${e.message}`); return undefined; });
      if (probe?.stop_reason === 'duration') probeProblems.push(`the block ran longer than the probe's ${PROBE_MAX_SECONDS} s maximum: the probe counts cover the first ${PROBE_MAX_SECONDS} s`);
    }
    const dbmsOutput = (await attempt('DBMS_OUTPUT', () => drainOutput(db))) ?? [];
    // The raw profile may be in the block's transaction (hprof.ts): copied before that transaction ends.
    const rawData: RawDataGuard | undefined = traceId === undefined ? undefined : await attempt('keeping the DBMS_HPROF raw data', () => preserveRawData(db, traceId));
    const commit = this.request.options.transaction === 'commit' && status === 'ok';
    await attempt(commit ? 'commit' : 'rollback', () => (commit ? db.commit() : db.rollback()));
    // ANALYZE runs after the block's transaction ended, so whatever it commits cannot include the block's work.
    let hprof: HprofData | undefined;
    if (traceId !== undefined) {
      if (rawData?.kind === 'missing') this.notes.push(`${role} run: DBMS_HPROF.STOP_PROFILING left no raw data in DBMSHP_TRACE_DATA for trace ${traceId}`);
      if (rawData?.kind === 'copied') {
        const restored = await attempt('restoring the DBMS_HPROF raw data', () => restoreRawData(db, traceId, rawData));
        this.notes.push(`${role} run: DBMS_HPROF wrote its raw data in the block's transaction${restored ? ': the rollback removed it, so the run put back the copy it had read before' : ''} (${rawData.rawdata.length.toLocaleString('en-US')} ${typeof rawData.rawdata === 'string' ? 'characters' : 'bytes'})`);
      }
      hprof = await attempt('DBMS_HPROF.ANALYZE', () => analyzeHprof(db, traceId, {
        ...(this.request.file !== undefined ? { file: this.request.file } : {}),
        startLine: this.request.target.startLine,
        endLine: this.request.target.endLine,
        isAnonymousBlock: this.request.target.kind !== 'call',
        ...(this.request.units ? { units: this.request.units } : {}),
      }));
      await attempt('rollback of the HPROF analysis rows', () => db.rollback());
    }

    const run: ProfileRun = {
      role, startedAt, elapsedMs, status, transaction: commit ? 'committed' : 'rolled-back',
      probeAttached: probe !== undefined, hprofEnabled: traceId !== undefined, dbmsOutput,
    };
    if (error) run.error = error;
    const db_: DbEvidence | undefined = after ? evidenceBetween(before, after, self) : undefined;
    if (db_) run.db = db_;
    if (hprof) run.hprof = hprof;
    if (probe) run.probe = probe;
    const notes = [probeNote, ...probeProblems].filter((n): n is string => n !== undefined);
    if (notes.length) run.probeNote = notes.join('; ');
    if (probe && role === 'single') {
      this.notes.push(`the elapsed time was measured with the probe attached (estimated probe overhead ${probe.overhead.estimated_ms.toFixed(1)} ms): turn on two runs for a true timing`);
    }
    return run;
  }
}
