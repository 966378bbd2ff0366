// The Oracle adapter behind DbSession: node-oracledb in Thin mode (pure JavaScript, no Instant Client;
// initOracleClient is never called, so Thin stays the mode). Only this file imports oracledb.
import oracledb from 'oracledb';
import type { BindDef, DbSession, Row } from '../profile/run/dbSession.ts';
import type { ConnectionProfile } from './connectionSettings.ts';

export interface Credentials { password: string; walletPassword?: string }

export class OracleDbSession implements DbSession {
  private constructor(private readonly connection: oracledb.Connection) {}

  static async connect(profile: ConnectionProfile, credentials: Credentials, toolVersion: string): Promise<OracleDbSession> {
    const attrs: oracledb.ConnectionAttributes = {
      user: profile.user,
      password: credentials.password,
      connectString: profile.connectString,
      connectTimeout: 20,
      // Shown in V$SESSION.PROGRAM and V$SESSION_CONNECT_INFO: a DBA can tell the profiling session apart.
      program: 'plsql-perf',
      driverName: `plsql-perf : ${toolVersion}`,
    };
    if (profile.configDir) attrs.configDir = profile.configDir;
    if (profile.walletLocation) attrs.walletLocation = profile.walletLocation;
    if (credentials.walletPassword) attrs.walletPassword = credentials.walletPassword;
    return new OracleDbSession(await oracledb.getConnection(attrs));
  }

  get serverVersion(): string { return this.connection.oracleServerVersionString; }
  get serverVersionNumber(): number { return this.connection.oracleServerVersion; }
  get driverVersion(): string { return oracledb.versionString; }

  async query(sql: string, binds: Record<string, string | number | null> = {}): Promise<Row[]> {
    const result = await this.connection.execute<Row>(sql, binds, {
      outFormat: oracledb.OUT_FORMAT_OBJECT,
      // LOBs (DBMS_HPROF's raw profile) as strings and bytes, not Lob streams.
      fetchTypeHandler: (meta) => (meta.dbType === oracledb.DB_TYPE_CLOB ? { type: oracledb.STRING } : meta.dbType === oracledb.DB_TYPE_BLOB ? { type: oracledb.BUFFER } : undefined),
    });
    return result.rows ?? [];
  }

  async execute(sql: string, binds: Record<string, BindDef> = {}): Promise<Record<string, unknown>> {
    const mapped: Record<string, oracledb.BindParameter> = {};
    for (const [name, b] of Object.entries(binds)) {
      const p: oracledb.BindParameter = {
        dir: b.dir === 'out' ? oracledb.BIND_OUT : b.dir === 'inout' ? oracledb.BIND_INOUT : oracledb.BIND_IN,
        type: b.type === 'number' ? oracledb.NUMBER : b.type === 'clob' ? oracledb.CLOB : b.type === 'blob' ? oracledb.BLOB : oracledb.STRING,
      };
      // node-oracledb binds bytes as a Buffer.
      if (b.val !== undefined) p.val = b.val instanceof Uint8Array && !Buffer.isBuffer(b.val) ? Buffer.from(b.val) : b.val;
      if (b.maxSize !== undefined) p.maxSize = b.maxSize;
      mapped[name] = p;
    }
    const result = await this.connection.execute(sql, mapped, { autoCommit: false });
    return (result.outBinds ?? {}) as Record<string, unknown>;
  }

  setCallTimeout(ms: number): void { this.connection.callTimeout = ms; }
  break(): Promise<void> { return this.connection.break(); }
  commit(): Promise<void> { return this.connection.commit(); }
  rollback(): Promise<void> { return this.connection.rollback(); }
  close(): Promise<void> { return this.connection.close(); }

  tag(module: string, action: string): void {
    this.connection.module = module;
    this.connection.action = action;
  }
}
