// Turns ORA-/NJS- errors into one message that says what went wrong and what to do. The driver's own text is
// kept after it, because it carries details (the host, the service) that the advice cannot know.
import { dbErrorOf } from '../profile/run/dbSession.ts';

interface Advice { what: string; todo: string }

const ADVICE: Record<string, Advice> = {
  'ORA-01017': { what: 'the database refused the user name or password', todo: 'run "PL/SQL Perf: Connect" again and enter the right password (it is kept in VS Code SecretStorage)' },
  'ORA-28000': { what: 'the account is locked', todo: 'ask a DBA to run ALTER USER <user> ACCOUNT UNLOCK' },
  'ORA-28001': { what: 'the password has expired', todo: 'change it in SQL*Plus or SQLcl (PASSWORD command), then connect again' },
  'ORA-01045': { what: 'the user lacks CREATE SESSION', todo: 'ask a DBA to run GRANT CREATE SESSION TO <user>' },
  'ORA-12541': { what: 'no listener answers at that host and port', todo: 'check the host and port in plsqlPerf.connections and that the listener runs (lsnrctl status)' },
  'ORA-12514': { what: 'the listener does not know that service name', todo: 'check the service name in the connect string (lsnrctl services lists them)' },
  'ORA-12154': { what: 'the TNS alias could not be resolved', todo: 'check the alias and the configDir that holds tnsnames.ora in plsqlPerf.connections' },
  'ORA-12170': { what: 'the connection timed out', todo: 'check the host, the port and any firewall between here and the database' },
  'ORA-12545': { what: 'the host name could not be resolved or reached', todo: 'check the host in the connect string' },
  'ORA-00942': { what: 'a table or view is not visible to this user (usually a missing grant on a V$ view)', todo: 'run the GRANT statements the profile command lists (docs/profile.md)' },
  'ORA-01031': { what: 'the user lacks a privilege', todo: 'run the GRANT statements the profile command lists (docs/profile.md)' },
  'ORA-01013': { what: 'the call was cancelled', todo: 'nothing: the run was stopped by Cancel or by the call timeout (plsqlPerf.profile.callTimeoutSeconds)' },
  'ORA-04068': { what: 'package state was discarded (a package was recompiled)', todo: 'run the block again' },
  'ORA-06550': { what: 'the block did not compile', todo: 'fix the PL/SQL error shown below (the line is relative to the executed block)' },
  'ORA-00054': { what: 'a row or object is locked by another session', todo: 'wait for the other session to commit or roll back, then run again' },
  'NJS-503': { what: 'the connection to the database could not be made (listener down or host unreachable)', todo: 'check the host and port in plsqlPerf.connections and that the database listener runs' },
  'NJS-500': { what: 'the connection to the database was lost', todo: 'connect again ("PL/SQL Perf: Connect")' },
  'NJS-501': { what: 'the connection to the database was cut off (the server process ended or the network dropped it)', todo: 'connect again ("PL/SQL Perf: Connect"); if it repeats, check the database alert log' },
  'NJS-521': { what: 'the database closed the connection (end-of-file on the network)', todo: 'connect again ("PL/SQL Perf: Connect"); if it repeats, check the database alert log' },
  'NJS-003': { what: 'the connection was already closed', todo: 'connect again ("PL/SQL Perf: Connect")' },
  'NJS-510': { what: 'the connection attempt timed out', todo: 'check the host, the port and any firewall; raise connectTimeout if the network is slow' },
  'NJS-116': { what: 'the database uses a password verifier that Thin mode does not support (10G)', todo: 'ask a DBA to reset the password so a newer verifier (11G/12C) is stored' },
  'NJS-138': { what: 'this database version is too old for node-oracledb Thin mode', todo: 'Thin mode needs Oracle Database 12.1 or later' },
  'NJS-511': { what: 'the listener at that host and port refused the connection (nothing listens there)', todo: 'check the host and port in plsqlPerf.connections and that the listener runs (lsnrctl status)' },
  'NJS-516': { what: 'a TNS alias was given but no configuration directory holds tnsnames.ora', todo: 'set configDir in the plsqlPerf.connections entry to the directory of tnsnames.ora' },
  'NJS-517': { what: 'the TNS alias is not in tnsnames.ora', todo: 'check the alias and the configDir of the plsqlPerf.connections entry' },
  'NJS-518': { what: 'the listener does not know that service name', todo: 'check the service name in the connect string (lsnrctl services lists them)' },
  'NJS-520': { what: 'tnsnames.ora was not found in the configuration directory', todo: 'set configDir in the plsqlPerf.connections entry to the directory of tnsnames.ora' },
  'NJS-533': { what: 'the database requires native network encryption, which Thin mode does not support', todo: 'use a TLS (tcps) connect string instead' },
  'NJS-123': { what: 'the call exceeded the call timeout (plsqlPerf.profile.callTimeoutSeconds)', todo: 'raise the timeout or profile less work' },
};

export interface ExplainedError {
  code?: string;
  /** One sentence: what happened, and what to do. */
  message: string;
  /** The driver's own message. */
  detail: string;
}

export function explainDbError(error: unknown): ExplainedError {
  const e = dbErrorOf(error);
  const advice = e.code ? ADVICE[e.code] : undefined;
  const detail = e.message.trim();
  const out: ExplainedError = {
    message: advice ? `${e.code}: ${advice.what}. To fix: ${advice.todo}.` : detail.split('\n')[0]!,
    detail,
  };
  if (e.code) out.code = e.code;
  return out;
}
