// Who is the profiled session on the server: SID, SERIAL#, the server process (SPID, and STID in threaded
// mode) and whether it is a dedicated server. The probe can only follow a dedicated server process: shared
// servers and DRCP hand the session to another process between calls.
import type { ServerKind, SessionInfo } from '../../../../server/src/profile/profileDocument.ts';
import { dbErrorOf, type DbSession } from './dbSession.ts';

export const IDENTITY_SQL = `select s.sid, s.serial# as serial, s.server, p.spid, p.stid, p.execution_type,
       sys_context('userenv', 'server_host') as server_host,
       sys_context('userenv', 'instance_name') as instance_name,
       sys_context('userenv', 'db_name') as db_name,
       sys_context('userenv', 'con_name') as con_name,
       sys_context('userenv', 'session_user') as session_user
from   v$session s
join   v$process p on p.addr = s.paddr
where  s.sid = to_number(sys_context('userenv', 'sid'))`;

/** The V$ views the run reads, the public synonym each is used through, and why. */
export const REQUIRED_VIEWS = [
  { view: 'v$session', grantOn: 'sys.v_$session', why: 'SID, SERIAL# and the server type' },
  { view: 'v$process', grantOn: 'sys.v_$process', why: 'the server process id (SPID/STID) for the probe' },
  { view: 'v$mystat', grantOn: 'sys.v_$mystat', why: 'session statistics before and after' },
  { view: 'v$statname', grantOn: 'sys.v_$statname', why: 'statistic names' },
  { view: 'v$session_event', grantOn: 'sys.v_$session_event', why: 'wait events before and after' },
  { view: 'v$sess_time_model', grantOn: 'sys.v_$sess_time_model', why: 'DB time and PL/SQL time before and after' },
] as const;

export const HPROF_GRANT = 'sys.dbms_hprof';

/** The user lacks grants: carries the exact statements a DBA runs (as SYS, in the PDB). */
export class GrantsNeededError extends Error {
  constructor(readonly grants: string[], readonly missing: string[]) {
    super(`The profile needs these grants (run them as SYS or a DBA, in the pluggable database):\n${grants.join('\n')}`);
    this.name = 'GrantsNeededError';
  }
}

const NOT_VISIBLE = new Set(['ORA-00942', 'ORA-01031', 'ORA-04043']);

/** Checks every view (one cheap query each) so the message lists all missing grants at once. */
export async function checkGrants(db: DbSession, user: string, hprof: boolean): Promise<void> {
  const missing: string[] = [];
  const grants: string[] = [];
  const grantee = /^[A-Za-z][A-Za-z0-9_$#]*$/.test(user) ? user.toUpperCase() : `"${user.replace(/"/g, '')}"`;
  for (const v of REQUIRED_VIEWS) {
    try {
      await db.query(`select count(*) as n from ${v.view} where 1 = 0`);
    } catch (error) {
      const code = dbErrorOf(error).code;
      if (!code || !NOT_VISIBLE.has(code)) throw error;
      missing.push(`${v.view} (${v.why})`);
      grants.push(`grant select on ${v.grantOn} to ${grantee};`);
    }
  }
  if (hprof) {
    const rows = await db.query(`select count(*) as n from all_procedures where owner = 'SYS' and object_name = 'DBMS_HPROF'`);
    if (Number(rows[0]?.N ?? 0) === 0) {
      missing.push('DBMS_HPROF (PL/SQL subprogram and line times)');
      grants.push(`grant execute on ${HPROF_GRANT} to ${grantee};`);
    }
  }
  if (grants.length) throw new GrantsNeededError(grants, missing);
}

export interface SessionIdentity {
  session: SessionInfo;
  serverHost?: string;
  instanceName?: string;
  dbName?: string;
  conName?: string;
  sessionUser?: string;
}

const SERVER_KINDS: readonly ServerKind[] = ['DEDICATED', 'SHARED', 'PSEUDO', 'POOLED', 'NONE'];

export async function lookupSession(db: DbSession): Promise<SessionIdentity> {
  const rows = await db.query(IDENTITY_SQL);
  const r = rows[0];
  if (!r) throw new Error('V$SESSION has no row for this session (SYS_CONTEXT USERENV SID)');
  const server = String(r.SERVER ?? '').toUpperCase();
  const executionType = String(r.EXECUTION_TYPE ?? '').toUpperCase();
  const session: SessionInfo = {
    sid: Number(r.SID),
    serial: Number(r.SERIAL),
    spid: String(r.SPID ?? ''),
    executionType: executionType === 'PROCESS' || executionType === 'THREAD' ? executionType : 'UNKNOWN',
    server: (SERVER_KINDS as readonly string[]).includes(server) ? (server as ServerKind) : 'UNKNOWN',
    dedicated: server === 'DEDICATED',
  };
  if (r.STID !== null && r.STID !== undefined && r.STID !== '') session.stid = String(r.STID);
  const identity: SessionIdentity = { session };
  const text = (v: unknown): string | undefined => (v === null || v === undefined || v === '' ? undefined : String(v));
  const set = <K extends keyof SessionIdentity>(k: K, v: SessionIdentity[K] | undefined): void => { if (v !== undefined) identity[k] = v; };
  set('serverHost', text(r.SERVER_HOST));
  set('instanceName', text(r.INSTANCE_NAME));
  set('dbName', text(r.DB_NAME));
  set('conName', text(r.CON_NAME));
  set('sessionUser', text(r.SESSION_USER));
  return identity;
}

/** Why the probe cannot follow this session, or undefined when it can. */
export function probeRefusal(session: SessionInfo): string | undefined {
  if (!session.dedicated) {
    return `the session runs on a ${session.server} server, not a dedicated one: the server process changes between calls. ` +
      'Connect with a dedicated server (Easy Connect host:port/service:dedicated, or (SERVER=DEDICATED) in the descriptor)';
  }
  if (!/^\d+$/.test(session.spid)) return `V$PROCESS.SPID "${session.spid}" is not a process id`;
  return undefined;
}
