// FakeOracleSession: a FAKE database session for the orchestration tests (no Oracle can run here). It
// implements the same DbSession interface as the Oracle adapter and answers the run's statements from a
// script: V$ snapshots from counters it keeps (each snapshot query adds a fixed self cost, as a real one
// does), the identity row, DBMS_OUTPUT lines, scripted DBMS_HPROF rows. The block itself runs whatever the
// test asks (for the probe tests: commands to the fixture "oracle" process). It never pretends to be Oracle
// in the product: it lives in test/ only.
import type { BindDef, DbSession, Row } from '../../../extension/src/profile/run/dbSession.ts';
import { IDENTITY_SQL } from '../../../extension/src/profile/run/sessionIdentity.ts';
import { SNAPSHOT_SQL } from '../../../extension/src/profile/run/snapshots.ts';
import { ENABLE_OUTPUT_SQL, GET_LINE_SQL } from '../../../extension/src/profile/run/dbmsOutput.ts';
import {
  HPROF_ANALYZE_SQL, HPROF_CREATE_TABLES_SQL, HPROF_EDGES_SQL, HPROF_FUNCTIONS_SQL, HPROF_RAW_COMMITTED_SQL, HPROF_RAW_COUNT_SQL,
  HPROF_RAW_READ_SQL, HPROF_RAW_RESTORE_SQL, HPROF_RUN_SQL, HPROF_START_SQL, HPROF_STOP_SQL, HPROF_TABLES, HPROF_TABLES_SQL,
} from '../../../extension/src/profile/run/hprof.ts';

/** Log names of the raw-data statements (their first lines alone would read like the block's). */
const RAW_DATA_STEPS = new Map<string, string>([
  [HPROF_RAW_COMMITTED_SQL, 'hprof raw data committed? (autonomous transaction)'],
  [HPROF_RAW_READ_SQL, 'hprof raw data copied'],
  [HPROF_RAW_COUNT_SQL, 'hprof raw data counted'],
  [HPROF_RAW_RESTORE_SQL, 'hprof raw data restored'],
]);

/** What the block does to the session's counters when it runs. */
export interface BlockEffect {
  stats?: Record<string, number>;
  timeModel?: Record<string, number>;
  /** event -> [waits, microseconds, wait class] */
  waits?: Record<string, [number, number, string]>;
  output?: string[];
}

export interface FakeOptions {
  spid: string;
  stid?: string;
  server?: string;
  executionType?: 'PROCESS' | 'THREAD';
  version?: { text: string; number: number };
  /** v$ views that raise ORA-00942 (no grant). */
  missingViews?: string[];
  noHprofGrant?: boolean;
  /** false: no DBMS_HPROF table; a list: only those tables; default: all of them. */
  hprofTablesExist?: boolean | string[];
  hprofRows?: { run: Row; functions: Row[]; edges: Row[] };
  /** Runs the block; its effect is added to the counters. */
  block?: (sql: string) => Promise<BlockEffect | void>;
  /** The block waits until break() and then fails with ORA-01013, like an interrupted call. */
  blockUntilBreak?: boolean;
  /** The block fails with this error. */
  blockError?: { code: string; message: string };
  /**
   * Where STOP_PROFILING's raw data row lands: in the session's transaction (a rollback removes it; the
   * default, the case that needs care) or committed (as an autonomous write would be). Oracle's documentation
   * does not say which: the run must work with both.
   */
  hprofRawData?: 'in-transaction' | 'committed';
  /** The type of DBMSHP_TRACE_DATA.RAWDATA: published descriptions of the 18c table say CLOB; BLOB is also handled. */
  hprofRawColumn?: 'clob' | 'blob';
}

/** What one snapshot query adds to the counters by itself (its parse, execute and reads). */
export const FAKE_SNAPSHOT_COST = { stats: { 'recursive calls': 3, 'execute count': 1, 'session logical reads': 12, 'CPU used by this session': 1 }, timeModel: { 'DB time': 410, 'DB CPU': 380 }, waits: { 'SQL*Net message to client': [1, 2, 'Network'] as [number, number, string] } };

export class FakeOracleSession implements DbSession {
  readonly serverVersion: string;
  readonly serverVersionNumber: number;
  readonly driverVersion = '6.10.0';
  /** Every call, in order: for assertions about rollback, timeouts, tags. */
  readonly log: string[] = [];
  readonly stats = new Map<string, number>([['session logical reads', 5000], ['recursive calls', 900]]);
  readonly timeModel = new Map<string, number>([['DB time', 100000], ['DB CPU', 90000]]);
  readonly waits = new Map<string, [number, number, string]>([['SQL*Net message from client', [40, 9000000, 'Idle']]]);
  private output: string[] = [];
  /** DBMSHP_TRACE_DATA's row for the trace, as this session's transaction sees it. */
  private rawRow: { data: string | Uint8Array; committed: boolean } | undefined;
  private breakWaiter: (() => void) | undefined;
  private executions = 0;

  constructor(private readonly opts: FakeOptions) {
    this.serverVersion = opts.version?.text ?? '23.5.0.24.7';
    this.serverVersionNumber = opts.version?.number ?? 2305002407;
  }

  get blockExecutions(): number {
    return this.executions;
  }

  private add(effect: BlockEffect): void {
    for (const [k, v] of Object.entries(effect.stats ?? {})) this.stats.set(k, (this.stats.get(k) ?? 0) + v);
    for (const [k, v] of Object.entries(effect.timeModel ?? {})) this.timeModel.set(k, (this.timeModel.get(k) ?? 0) + v);
    for (const [k, [n, us, cls]] of Object.entries(effect.waits ?? {})) {
      const old = this.waits.get(k) ?? [0, 0, cls];
      this.waits.set(k, [old[0] + n, old[1] + us, cls]);
    }
    this.output.push(...(effect.output ?? []));
  }

  async query(sql: string, binds?: Record<string, string | number | null>): Promise<Row[]> {
    this.log.push(`query ${RAW_DATA_STEPS.get(sql) ?? sql.split('\n')[0]!.slice(0, 60)}`);
    if (sql === HPROF_RAW_READ_SQL) { assertTrace(binds?.trace_id); return this.rawRow ? [{ RAWDATA: this.rawRow.data, RUN_COMMENT: 'plsql-perf' }] : []; }
    if (sql === HPROF_RAW_COUNT_SQL) { assertTrace(binds?.trace_id); return [{ N: this.rawRow ? 1 : 0 }]; }
    const view = /from (v\$\w+) where 1 = 0/.exec(sql)?.[1];
    if (view) {
      if (this.opts.missingViews?.includes(view)) throw Object.assign(new Error('ORA-00942: table or view does not exist'), { code: 'ORA-00942', errorNum: 942 });
      return [{ N: 0 }];
    }
    if (sql.includes("object_name = 'DBMS_HPROF'")) return [{ N: this.opts.noHprofGrant ? 0 : 1 }];
    if (sql === IDENTITY_SQL) {
      return [{
        SID: 274, SERIAL: 51877, SERVER: this.opts.server ?? 'DEDICATED', SPID: this.opts.spid, STID: this.opts.stid ?? this.opts.spid,
        EXECUTION_TYPE: this.opts.executionType ?? 'PROCESS', SERVER_HOST: 'fakehost', INSTANCE_NAME: 'FREE', DB_NAME: 'FREE', CON_NAME: 'FREEPDB1', SESSION_USER: 'APP',
      }];
    }
    if (sql === SNAPSHOT_SQL) {
      const rows: Row[] = [];
      for (const [name, value] of this.stats) if (value !== 0) rows.push({ KIND: 'STAT', NAME: name, VALUE: value, WAIT_CLASS: null });
      for (const [name, value] of this.timeModel) rows.push({ KIND: 'TIME', NAME: name, VALUE: value, WAIT_CLASS: null });
      for (const [name, [n, us, cls]] of this.waits) {
        rows.push({ KIND: 'WAITS', NAME: name, VALUE: n, WAIT_CLASS: cls }, { KIND: 'WAITUS', NAME: name, VALUE: us, WAIT_CLASS: cls });
      }
      // The query's own footprint lands after its rows were read: the next snapshot sees it.
      this.add(FAKE_SNAPSHOT_COST);
      return rows;
    }
    if (sql === HPROF_TABLES_SQL) {
      const tables = this.opts.hprofTablesExist === false ? [] : Array.isArray(this.opts.hprofTablesExist) ? this.opts.hprofTablesExist : [...HPROF_TABLES];
      return tables.map((t) => ({ TABLE_NAME: t }));
    }
    const h = this.opts.hprofRows;
    if (sql === HPROF_RUN_SQL) { assertRun(binds); return h ? [h.run] : []; }
    if (sql === HPROF_FUNCTIONS_SQL) { assertRun(binds); return h?.functions ?? []; }
    if (sql === HPROF_EDGES_SQL) { assertRun(binds); return h?.edges ?? []; }
    throw new Error(`FakeOracleSession: unexpected query ${sql}`);
  }

  async execute(sql: string, binds?: Record<string, BindDef>): Promise<Record<string, unknown>> {
    this.log.push(`execute ${RAW_DATA_STEPS.get(sql) ?? sql.split('\n')[0]!.slice(0, 60)}`);
    if (sql === HPROF_STOP_SQL) {
      const text = 'P#V PLSHPROF Internal Version 1.0\nP#! PL/SQL Timer Started\n(fake raw profile)';
      this.rawRow = { data: this.opts.hprofRawColumn === 'blob' ? Buffer.from(text) : text, committed: this.opts.hprofRawData === 'committed' };
      return {};
    }
    if (sql === HPROF_RAW_COMMITTED_SQL) { assertTrace(binds?.trace_id?.val); return { n: this.rawRow?.committed ? 1 : 0 }; }
    if (sql === HPROF_RAW_RESTORE_SQL) {
      assertTrace(binds?.trace_id?.val);
      const blob = this.opts.hprofRawColumn === 'blob';
      const val = binds?.rawdata?.val;
      const typed = blob ? binds?.rawdata?.type === 'blob' && val instanceof Uint8Array : binds?.rawdata?.type === 'clob' && typeof val === 'string';
      if (!typed) throw new Error(`FakeOracleSession: the raw data goes back as a ${blob ? 'BLOB' : 'CLOB'}`);
      this.rawRow = { data: val as string | Uint8Array, committed: false };
      return {};
    }
    if (sql === ENABLE_OUTPUT_SQL) { this.output = []; return {}; }
    if (sql === GET_LINE_SQL) {
      const line = this.output.shift();
      return line === undefined ? { line: null, status: 1 } : { line, status: 0 };
    }
    if (sql === HPROF_CREATE_TABLES_SQL) return {};
    if (sql === HPROF_START_SQL) return { trace_id: 7 };
    if (sql === HPROF_ANALYZE_SQL) {
      if (binds?.trace_id?.val !== 7) throw new Error('FakeOracleSession: ANALYZE got the wrong trace id');
      // What a real ANALYZE would run into: no raw data for the trace id.
      if (!this.rawRow) throw new Error('FakeOracleSession: ANALYZE found no raw data for trace 7 in DBMSHP_TRACE_DATA');
      return { run_id: 41 };
    }
    // Anything else is the profiled block.
    this.executions++;
    if (this.opts.blockUntilBreak) {
      await new Promise<void>((resolve) => { this.breakWaiter = resolve; });
      throw Object.assign(new Error('ORA-01013: user requested cancel of current operation'), { code: 'ORA-01013', errorNum: 1013 });
    }
    if (this.opts.blockError) throw Object.assign(new Error(this.opts.blockError.message), { code: this.opts.blockError.code });
    const effect = await this.opts.block?.(sql);
    if (effect) this.add(effect);
    return {};
  }

  setCallTimeout(ms: number): void { this.log.push(`callTimeout ${ms}`); }
  async break(): Promise<void> { this.log.push('break'); this.breakWaiter?.(); }
  async commit(): Promise<void> {
    this.log.push('commit');
    if (this.rawRow) this.rawRow.committed = true;
  }
  async rollback(): Promise<void> {
    this.log.push('rollback');
    if (this.rawRow && !this.rawRow.committed) this.rawRow = undefined;
  }
  async close(): Promise<void> { this.log.push('close'); }
  tag(module: string, action: string): void { this.log.push(`tag ${module}/${action}`); }
}

function assertTrace(traceId: unknown): void {
  if (traceId !== 7) throw new Error('FakeOracleSession: raw data statement for the wrong trace id');
}

function assertRun(binds: Record<string, string | number | null> | undefined): void {
  if (binds?.run_id !== 41) throw new Error('FakeOracleSession: HPROF query for the wrong run id');
}
