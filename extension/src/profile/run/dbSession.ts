// The narrow database interface the profile run needs. The Oracle adapter (connections/oracleSession.ts)
// implements it with node-oracledb Thin; the orchestration tests use a fake behind the same interface, so the
// run is tested without a database and the product never fakes a result.

export type BindDirection = 'in' | 'out' | 'inout';

export interface BindDef {
  dir?: BindDirection;
  /** 'clob' / 'blob' for long text / bytes going into a LOB column (more than a VARCHAR2 or RAW bind holds). */
  type?: 'string' | 'number' | 'clob' | 'blob';
  val?: string | number | Uint8Array | null;
  /** For string out binds. */
  maxSize?: number;
}

/** A fetched row, keyed by upper-case column name (node-oracledb's OUT_FORMAT_OBJECT). */
export type Row = Record<string, unknown>;

/** An error as node-oracledb raises it: code like 'ORA-00942' or 'NJS-503', and the driver's message. */
export interface DbError {
  code?: string;
  errorNum?: number;
  message: string;
}

export interface DbSession {
  /** Runs a query and returns all rows; CLOB columns come back as strings, BLOB columns as bytes. */
  query(sql: string, binds?: Record<string, string | number | null>): Promise<Row[]>;
  /** Runs a PL/SQL block or DML; returns the out binds by name. */
  execute(sql: string, binds?: Record<string, BindDef>): Promise<Record<string, unknown>>;
  /** connection.callTimeout in ms, per round trip; 0 turns it off. */
  setCallTimeout(ms: number): void;
  /** connection.break(): interrupts the running call (in-band in Thin mode). */
  break(): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  close(): Promise<void>;
  /** End-to-end tracing attributes (V$SESSION.MODULE/ACTION), so a DBA can find the profiling session. */
  tag(module: string, action: string): void;
  readonly serverVersion: string;
  readonly serverVersionNumber: number;
  readonly driverVersion: string;
}

export function dbErrorOf(error: unknown): DbError {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const e = error as { code?: unknown; errorNum?: unknown; message: unknown };
    const out: DbError = { message: String(e.message) };
    if (typeof e.code === 'string') out.code = e.code;
    else {
      const m = /\b(ORA|NJS|DPI|TNS)-\d{3,5}\b/.exec(String(e.message));
      if (m) out.code = m[0];
    }
    if (typeof e.errorNum === 'number') out.errorNum = e.errorNum;
    return out;
  }
  return { message: String(error) };
}
