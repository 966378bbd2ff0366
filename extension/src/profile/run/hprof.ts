// DBMS_HPROF in 18c+ table mode: no directory object, the raw data goes to DBMSHP_TRACE_DATA (one row per
// trace id, the raw profile in a CLOB) and ANALYZE fills DBMSHP_RUNS / DBMSHP_FUNCTION_INFO /
// DBMSHP_PARENT_CHILD_INFO. sqlmonitor => false because Real-Time SQL Monitoring is a Tuning Pack feature.
// Times are in microseconds.
//
// The transaction: neither the package reference nor its spec (dbmshpro.sql) says whether STOP_PROFILING writes
// the raw row in the caller's transaction or commits it, nor whether ANALYZE commits. So the run decides by
// looking (preserveRawData): an autonomous transaction sees only committed rows; when it cannot see the raw
// row, the row is in the block's transaction, and the run keeps a copy, ends the block's transaction, and puts
// the copy back before ANALYZE. ANALYZE therefore always runs in a transaction that holds none of the block's work.
import type { HprofData, HprofLine, HprofSubprogram } from '../../../../server/src/profile/profileDocument.ts';
import type { DbSession } from './dbSession.ts';

/** 18c: table mode and CREATE_TABLES appeared; earlier versions need a directory object. */
export const HPROF_MIN_VERSION = 18;

/** What DBMS_HPROF.CREATE_TABLES makes (18c+); DBMSHP_TRACE_DATA is the table mode's raw data. */
export const HPROF_TABLES = ['DBMSHP_TRACE_DATA', 'DBMSHP_RUNS', 'DBMSHP_FUNCTION_INFO', 'DBMSHP_PARENT_CHILD_INFO'] as const;
export const HPROF_TABLES_SQL = `select table_name from user_tables where table_name in (${HPROF_TABLES.map((t) => `'${t}'`).join(', ')})`;
/**
 * DDL: it commits, so the run calls it before the block, never inside the profiled transaction. With
 * force_it => false it raises an error when DBMS_HPROF tables are present (dbmshpro.sql), so it is only called
 * when none are.
 */
export const HPROF_CREATE_TABLES_SQL = 'begin dbms_hprof.create_tables(force_it => false); end;';
export const HPROF_START_SQL = `begin :trace_id := dbms_hprof.start_profiling(sqlmonitor => false, run_comment => 'plsql-perf'); end;`;
export const HPROF_STOP_SQL = 'begin dbms_hprof.stop_profiling; end;';
export const HPROF_ANALYZE_SQL = `begin :run_id := dbms_hprof.analyze(trace_id => :trace_id, run_comment => 'plsql-perf'); end;`;
export const HPROF_RUN_SQL = 'select total_elapsed_time from dbmshp_runs where runid = :run_id';
export const HPROF_FUNCTIONS_SQL = `select symbolid, owner, module, type, function, line# as line, namespace, sql_id, calls,
       function_elapsed_time, subtree_elapsed_time
from   dbmshp_function_info where runid = :run_id`;
export const HPROF_EDGES_SQL = `select parentsymid, childsymid, calls, function_elapsed_time, subtree_elapsed_time
from   dbmshp_parent_child_info where runid = :run_id`;

/** Asked from an autonomous transaction, which sees only committed rows: is the raw row already committed? */
export const HPROF_RAW_COMMITTED_SQL = `declare
  pragma autonomous_transaction;
begin
  select count(*) into :n from dbmshp_trace_data where trace_id = :trace_id;
  rollback;
end;`;
/** In the session's own transaction: the raw row as this transaction sees it. */
export const HPROF_RAW_COUNT_SQL = 'select count(*) as n from dbmshp_trace_data where trace_id = :trace_id';
export const HPROF_RAW_READ_SQL = 'select rawdata, run_comment from dbmshp_trace_data where trace_id = :trace_id';
export const HPROF_RAW_RESTORE_SQL = `insert into dbmshp_trace_data (trace_id, rawdata, trace_timestamp, run_comment)
values (:trace_id, :rawdata, systimestamp, :run_comment)`;

/** What the block's rollback would do to the raw profile, found out before it happens. */
export type RawDataGuard =
  | { kind: 'committed' }
  /** rawdata: text for a CLOB column (what published descriptions of the 18c table show), bytes for a BLOB. */
  | { kind: 'copied'; rawdata: string | Uint8Array; runComment: string | null }
  | { kind: 'missing' };

/** Before the block's transaction ends: keeps a copy of the raw profile when the rollback would take it away. */
export async function preserveRawData(db: DbSession, traceId: number): Promise<RawDataGuard> {
  const committed = await db.execute(HPROF_RAW_COMMITTED_SQL, { n: { dir: 'out', type: 'number' }, trace_id: { dir: 'in', type: 'number', val: traceId } });
  if (Number(committed.n) > 0) return { kind: 'committed' };
  const [row] = await db.query(HPROF_RAW_READ_SQL, { trace_id: traceId });
  if (!row || row.RAWDATA === null || row.RAWDATA === undefined) return { kind: 'missing' };
  const rawdata = row.RAWDATA instanceof Uint8Array ? row.RAWDATA : String(row.RAWDATA);
  return { kind: 'copied', rawdata, runComment: row.RUN_COMMENT === null || row.RUN_COMMENT === undefined ? null : String(row.RUN_COMMENT) };
}

/** After the block's transaction ended: puts the copied raw profile back when it went with the rollback. Returns whether it did. */
export async function restoreRawData(db: DbSession, traceId: number, guard: RawDataGuard): Promise<boolean> {
  if (guard.kind !== 'copied') return false;
  const [row] = await db.query(HPROF_RAW_COUNT_SQL, { trace_id: traceId });
  if (Number(row?.N ?? 0) > 0) return false; // the block committed, or the row survived after all
  await db.execute(HPROF_RAW_RESTORE_SQL, {
    trace_id: { dir: 'in', type: 'number', val: traceId },
    rawdata: typeof guard.rawdata === 'string' ? { dir: 'in', type: 'clob', val: guard.rawdata } : { dir: 'in', type: 'blob', val: guard.rawdata },
    run_comment: { dir: 'in', type: 'string', val: guard.runComment },
  });
  return true;
}

export function hprofSupported(serverVersionNumber: number): boolean {
  return Math.floor(serverVersionNumber / 1e8) >= HPROF_MIN_VERSION;
}

export type HprofTables = { state: 'present' } | { state: 'created' } | { state: 'incomplete'; missing: string[] };

/**
 * Creates the DBMSHP_* tables in the user's schema when none exist (once per schema). Some but not all of them
 * (typically the pre-18c dbmshptab.sql tables, without DBMSHP_TRACE_DATA) are left alone: CREATE_TABLES would
 * refuse, and force_it => true would drop the user's earlier runs.
 */
export async function ensureHprofTables(db: DbSession): Promise<HprofTables> {
  const present = new Set((await db.query(HPROF_TABLES_SQL)).map((r) => String(r.TABLE_NAME)));
  const missing = HPROF_TABLES.filter((t) => !present.has(t));
  if (missing.length === 0) return { state: 'present' };
  if (missing.length < HPROF_TABLES.length) return { state: 'incomplete', missing };
  await db.execute(HPROF_CREATE_TABLES_SQL);
  return { state: 'created' };
}

export async function startHprof(db: DbSession): Promise<number> {
  const out = await db.execute(HPROF_START_SQL, { trace_id: { dir: 'out', type: 'number' } });
  return Number(out.trace_id);
}

export async function stopHprof(db: DbSession): Promise<void> {
  await db.execute(HPROF_STOP_SQL);
}

/**
 * Where the profiled block sits in the editor file, and the stored units the same file defines (a unit's line 1
 * is the line of its CREATE), to turn HPROF's unit lines into file lines.
 */
export interface BlockPlacement {
  file?: string;
  startLine: number;
  endLine: number;
  isAnonymousBlock: boolean;
  units?: UnitLines[];
}

/** A stored unit's lines: in the profiled file, or in `file` when another workspace file defines it. */
export interface UnitLines { name: string; startLine: number; endLine: number; file?: string }

/** HPROF's synthetic per-line entries: SQL executed or fetched at a line of the unit. */
const LINE_ENTRY = /^__(static_sql_exec|dyn_sql_exec|sql_fetch)_line(\d+)$/;

export async function analyzeHprof(db: DbSession, traceId: number, placement: BlockPlacement): Promise<HprofData> {
  const out = await db.execute(HPROF_ANALYZE_SQL, { run_id: { dir: 'out', type: 'number' }, trace_id: { dir: 'in', type: 'number', val: traceId } });
  const runId = Number(out.run_id);
  const [run] = await db.query(HPROF_RUN_SQL, { run_id: runId });
  const functionRows = await db.query(HPROF_FUNCTIONS_SQL, { run_id: runId });
  const edgeRows = await db.query(HPROF_EDGES_SQL, { run_id: runId });

  const inBlock = (owner: string, module: string): boolean => placement.isAnonymousBlock && owner === '' && module === '';
  const fileLineOf = (owner: string, module: string, unitLine: number): { line: number; file?: string } | undefined => {
    if (unitLine < 1) return undefined;
    const unit = inBlock(owner, module) ? undefined : placement.units?.find((u) => u.name === module.toUpperCase());
    const [start, end] = inBlock(owner, module) ? [placement.startLine, placement.endLine] : unit ? [unit.startLine, unit.endLine] : [undefined, undefined];
    if (start === undefined || end === undefined) return undefined;
    const line = start + unitLine - 1;
    if (line > end) return undefined;
    const file = unit?.file ?? placement.file;
    return file === undefined ? { line } : { line, file };
  };
  const subprograms: HprofSubprogram[] = [];
  const lines: HprofLine[] = [];
  for (const r of functionRows) {
    const owner = String(r.OWNER ?? '');
    const module = String(r.MODULE ?? '');
    const fn = String(r.FUNCTION ?? '');
    const sub: HprofSubprogram = {
      symbolId: Number(r.SYMBOLID), owner, module, type: String(r.TYPE ?? ''), function: fn, line: Number(r.LINE ?? 0),
      namespace: String(r.NAMESPACE ?? ''), calls: Number(r.CALLS ?? 0),
      functionElapsedUs: Number(r.FUNCTION_ELAPSED_TIME ?? 0), subtreeElapsedUs: Number(r.SUBTREE_ELAPSED_TIME ?? 0),
    };
    if (r.SQL_ID) sub.sqlId = String(r.SQL_ID);
    const lineEntry = LINE_ENTRY.exec(fn);
    // The anonymous block is line 1 of itself; a subprogram's LINE# is where it is defined in its unit.
    const unitLine = lineEntry ? Number(lineEntry[2]) : fn === '__anonymous_block' ? 1 : sub.namespace === 'PLSQL' && !fn.startsWith('__') ? sub.line : undefined;
    const fileLine = unitLine === undefined ? undefined : fileLineOf(owner, module, unitLine);
    if (fileLine !== undefined) {
      sub.fileLine = fileLine.line;
      if (fileLine.file !== undefined) sub.file = fileLine.file;
    }
    subprograms.push(sub);
    if (lineEntry) {
      const hot: HprofLine = { owner, module, unitLine: Number(lineEntry[2]), calls: sub.calls, elapsedUs: sub.subtreeElapsedUs, label: fn };
      if (fileLine !== undefined) {
        hot.fileLine = fileLine.line;
        if (fileLine.file !== undefined) hot.file = fileLine.file;
      }
      lines.push(hot);
    }
  }
  subprograms.sort((a, b) => b.functionElapsedUs - a.functionElapsedUs || a.symbolId - b.symbolId);
  lines.sort((a, b) => b.elapsedUs - a.elapsedUs || a.unitLine - b.unitLine);
  return {
    runId,
    totalElapsedUs: Number(run?.TOTAL_ELAPSED_TIME ?? 0),
    subprograms,
    edges: edgeRows.map((r) => ({
      parentSymbolId: Number(r.PARENTSYMID), childSymbolId: Number(r.CHILDSYMID), calls: Number(r.CALLS ?? 0),
      functionElapsedUs: Number(r.FUNCTION_ELAPSED_TIME ?? 0), subtreeElapsedUs: Number(r.SUBTREE_ELAPSED_TIME ?? 0),
    })),
    lines,
  };
}
