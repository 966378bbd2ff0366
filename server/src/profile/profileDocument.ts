// The saved "Profile this block" document (.plsqlprofile.json), schema version 1.
// Contract between the run (extension/src/profile), the webview (media/profile, extension/src/profile/panel*) and
// the report command. Source of truth for validation: plsqlprofile-v1.schema.json next to this file; keep both
// in step (test/profile/profileDocument.test.ts checks the example fixture against both).
// The other contract types live in ./contract/ (the probe's profile, the panel messages): server/, media/ and
// extension/ all import them from there, so no import runs from server/ or media/ up into extension/.
// Pure types: no vscode or oracledb imports, so the webview bundle and the CLI can use them.
//
// Units are in the field names (Ms, Us); lines are 1-based. "File lines" are lines of the editor file the block
// came from; "unit lines" are lines inside a stored PL/SQL unit as Oracle reports them.
import type { Profile as ProbeProfile } from './contract/probeProfile.ts';

export type { ProbeProfile };

export const PROFILE_SCHEMA_VERSION = 1;
export const PROFILE_FILE_SUFFIX = '.plsqlprofile.json';

export interface ProfileDocument {
  schemaVersion: 1;
  /** RFC 3339, when the run started. */
  createdAt: string;
  tool: { name: 'plsql-perf'; version: string };
  /** The database driver; Thin mode only (no Instant Client). Absent for documents built without a database. */
  driver?: { name: 'node-oracledb'; version: string; mode: 'thin' };
  database?: DatabaseInfo;
  /** The connection profile used: never a password. */
  connection?: ConnectionInfo;
  session?: SessionInfo;
  source: SourceInfo;
  options: RunOptions;
  /** One run, or two ("timing" without the probe, then "probe" with it). */
  runs: ProfileRun[];
  /** Which run each kind of number comes from, so the view can label every figure. */
  measuredBy: MeasuredBy;
  /** The static findings of the analyzer inside the profiled lines (file coordinates). */
  staticFindings: StaticFinding[];
  /** Hypothesis -> measurement -> verdict, computed from staticFindings and the runs. */
  cards: FindingCard[];
  /** Free-form notes shown with the profile (e.g. "Thin mode has no out-of-band breaks"). */
  notes: string[];
  /** Present when the profile was imported from other tools' output (plsql-perf profile import), not recorded. */
  provenance?: Provenance;
}

export type TraceToolName = 'dtrace' | 'bpftrace' | 'truss' | 'strace' | 'perf' | 'pstack' | 'sqlplus';
export type TraceFormatName =
  | 'dtrace-aggregation' | 'ustack-aggregation' | 'size-aggregation' | 'truss-summary' | 'strace-summary'
  | 'syscall-log' | 'perf-report' | 'perf-script' | 'pstack' | 'autotrace';

/** Where an imported profile's numbers come from, and what the import estimated or could not read. */
export interface Provenance {
  kind: 'import';
  traces: ImportedTrace[];
  /** The platform the traces show (Solaris, Linux), when one does. */
  platform?: string;
  /** Wall time a trace printed (truss -c "elapsed:"); absent when none did. */
  elapsedMs?: number;
  /** The iteration count the cards compare with: from --iterations, or the analyzer's loop estimate. */
  iterations?: { value: number; from: 'option' | 'loop-estimate' };
  /** Figures derived rather than read, each saying how. */
  estimated: string[];
}

export interface ImportedTrace {
  file: string;
  tool: TraceToolName;
  format: TraceFormatName;
  formatFrom: 'detected' | 'option';
  platform?: string;
  lines: number;
  /** Command lines found in the paste (prompt removed). */
  commands: string[];
  /** Lines no reader took, and the first of them (at most 50). */
  unreadCount: number;
  unread: { line: number; text: string }[];
}

export interface DatabaseInfo {
  /** oracleServerVersionString, e.g. "23.5.0.24.7". */
  version: string;
  /** oracleServerVersion, a*1e8+b*1e6+c*1e4+d*100+e. */
  versionNumber?: number;
  instanceName?: string;
  serverHost?: string;
  dbName?: string;
  /** Pluggable database name (CON_NAME) in a CDB. */
  conName?: string;
}

export interface ConnectionInfo {
  /** Name of the plsqlPerf.connections entry. */
  name: string;
  user: string;
  /** Easy Connect string or TNS alias as configured (no password can be in it: passwords live in SecretStorage). */
  connectString: string;
}

export type ServerKind = 'DEDICATED' | 'SHARED' | 'PSEUDO' | 'POOLED' | 'NONE' | 'UNKNOWN';

export interface SessionInfo {
  sid: number;
  serial: number;
  /** V$PROCESS.SPID: the OS pid of the server process (string in Oracle; numeric on Linux). */
  spid: string;
  /** V$PROCESS.STID (12c+): the OS thread id; differs from spid in threaded_execution mode. */
  stid?: string;
  executionType: 'PROCESS' | 'THREAD' | 'UNKNOWN';
  server: ServerKind;
  dedicated: boolean;
}

export type BlockKind = 'anonymous-block' | 'call' | 'subprogram';

export interface SourceInfo {
  /** Workspace-relative or absolute path of the editor file; absent for an untitled editor. */
  file?: string;
  /** File lines of the selected code (inclusive). */
  startLine: number;
  endLine: number;
  /** The selected code as it was in the editor. */
  text: string;
  kind: BlockKind;
  /** What was sent to the database (a generated call block for a subprogram, EXEC rewritten to BEGIN ... END;). */
  executedText: string;
  /** Subprogram name when kind = subprogram or call. */
  subprogram?: string;
}

export interface RunOptions {
  twoRuns: boolean;
  hprof: boolean;
  probe: boolean;
  /** Transaction end: rollback (default) or commit. */
  transaction: 'rollback' | 'commit';
  /** connection.callTimeout per round trip, ms; 0 = none. */
  callTimeoutMs: number;
}

/** single = the only run; timing = without the probe (true elapsed); probe = with the probe (counts, stacks). */
export type RunRole = 'single' | 'timing' | 'probe';

export type RunStatus = 'ok' | 'error' | 'cancelled' | 'timeout';

export interface ProfileRun {
  role: RunRole;
  /** RFC 3339. */
  startedAt: string;
  /** Wall time of the block's execute() round trip as the client saw it. */
  elapsedMs: number;
  status: RunStatus;
  /** The ORA-/NJS- error of the block, when status is not ok. */
  error?: { code: string; message: string };
  /** How the transaction ended after this run; none for an imported trace (nothing ran on the database). */
  transaction: 'rolled-back' | 'committed' | 'none';
  probeAttached: boolean;
  hprofEnabled: boolean;
  db?: DbEvidence;
  hprof?: HprofData;
  dbmsOutput: string[];
  /** The plsql-probe profile recorded during this run. Absent without the probe or when it failed. */
  probe?: ProbeProfile;
  /** Why the probe has no data for this run (not configured, refused with code, failed...). */
  probeNote?: string;
}

export interface MeasuredBy {
  /** The elapsed time to trust (the unprobed run when there are two). */
  elapsed: RunRole;
  dbStats: RunRole;
  hprof?: RunRole;
  probe?: RunRole;
}

/**
 * Snapper-style deltas: after - before - selfCost, where selfCost is what one pair of snapshot queries adds by
 * itself (measured once per connection with two back-to-back snapshots).
 */
export interface DbEvidence {
  /** V$MYSTAT joined to V$STATNAME, by statistic name; only non-zero deltas. */
  stats: StatDelta[];
  /** V$SESSION_EVENT, per event. */
  events: EventDelta[];
  /** V$SESS_TIME_MODEL, microseconds. */
  timeModel: TimeModelDelta[];
  selfCostNote: string;
}

export interface StatDelta {
  name: string;
  /** Net delta, self cost subtracted (never below 0). */
  delta: number;
  /** after - before, as read. */
  raw: number;
  selfCost: number;
}

export interface EventDelta {
  event: string;
  waitClass?: string;
  waits: number;
  timeWaitedUs: number;
  rawWaits: number;
  rawTimeWaitedUs: number;
}

export interface TimeModelDelta {
  name: string;
  deltaUs: number;
  rawUs: number;
  selfCostUs: number;
}

/** DBMS_HPROF 18c+ table mode (DBMSHP_* tables), times in microseconds. */
export interface HprofData {
  runId: number;
  totalElapsedUs: number;
  subprograms: HprofSubprogram[];
  /** Parent -> child call edges (DBMSHP_PARENT_CHILD_INFO). */
  edges: HprofEdge[];
  /** Line-level hot spots: from the synthetic __*_line<N> entries and the subprograms' own lines. */
  lines: HprofLine[];
}

export interface HprofSubprogram {
  symbolId: number;
  owner: string;
  module: string;
  /** PROCEDURE, FUNCTION, PACKAGE BODY, ANONYMOUS_BLOCK, ... */
  type: string;
  function: string;
  /** Line of the subprogram in its unit. */
  line: number;
  namespace: 'PLSQL' | 'SQL' | string;
  sqlId?: string;
  calls: number;
  functionElapsedUs: number;
  subtreeElapsedUs: number;
  /** The editor file line when the unit is the profiled block or a file in the workspace. */
  fileLine?: number;
  file?: string;
}

export interface HprofEdge {
  parentSymbolId: number;
  childSymbolId: number;
  calls: number;
  functionElapsedUs: number;
  subtreeElapsedUs: number;
}

export interface HprofLine {
  owner: string;
  module: string;
  /** Line in the unit (for the anonymous block: line in executedText). */
  unitLine: number;
  file?: string;
  fileLine?: number;
  calls: number;
  elapsedUs: number;
  /** What HPROF called it, e.g. "__static_sql_exec_line12". */
  label: string;
}

export interface StaticFinding {
  rule: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  /** File coordinates (1-based, endColumn exclusive). */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  loop?: { text: string; iterations?: number; line: number };
  /** The source text the finding covers (e.g. the callee name), kept because the finding may lie outside the block. */
  code?: string;
  /**
   * The file the finding is in, when it is not source.file: a subprogram the block calls, defined in another
   * file of the workspace (found through the language server's workspace index).
   */
  file?: string;
}

export type Verdict = 'confirmed' | 'not-observed' | 'not-measured';

export interface FindingCard {
  /** Stable within a document: rule id (or "in-band-break-checks") + line. */
  id: string;
  title: string;
  hypothesis: {
    /** Absent for session-level findings (in-band break checks have no rule). */
    rule?: string;
    file?: string;
    line?: number;
    message: string;
    loop?: { text: string; iterations?: number; line: number };
    /** docs/rules/<rule>.md */
    docPath?: string;
  };
  measurements: Measurement[];
  verdict: Verdict;
  /** Why this verdict: the numbers compared, or what was missing. */
  reason: string;
}

export interface Measurement {
  label: string;
  value: number;
  unit?: string;
  /** Where the number comes from. */
  source: 'probe' | 'v$mystat' | 'v$session_event' | 'v$sess_time_model' | 'hprof' | 'static';
  run: RunRole;
}
