// TypeScript mirror of the plsql-probe profile, version 1.
// Source of truth: probe/schema/profile-v1.schema.json (Go side: probe/internal/profile/profile.go).
// test/probe/profileSchema.test.ts checks the golden profile against the schema and these types.
// No vscode imports: the webview and the CLI can use these types too.

export type CollectorStatus = 'ok' | 'error';

/** Catalog pattern ids; where a static rule predicts the pattern, PatternSummary.rule names it. */
export type PatternId =
  | 'library-cache-pins'
  | 'plsql-calls'
  | 'errors-and-messages'
  | 'in-band-break-checks'
  | 'rowsource-statistics'
  | 'utl-file';

/** unknown: an imported trace does not say how the tracing ended. */
export type StopReason = 'duration' | 'request' | 'stdin_closed' | 'signal' | 'target_exited' | 'unknown';

export type FdKind = 'file' | 'socket' | 'pipe' | 'other' | 'unknown';

export type CollectorName = 'functions' | 'syscalls' | 'stacks' | 'proc';

/**
 * Who measured: ebpf = recorded by plsql-probe on Linux; dtrace = imported DTrace output (Solaris, Oracle Linux DTrace);
 * import = read by `plsql-perf profile import` from another tool's output (the document's provenance names it).
 */
export type ProfileSource = 'ebpf' | 'dtrace' | 'import';

/**
 * count: syscalls counted at entry only; total_ns is 0; write sizes are requested sizes (write/pwrite64/sendto).
 * timed: entry and exit; total_ns measured; sizes are bytes actually written (whole write family).
 */
export type SyscallMode = 'count' | 'timed';

export interface Tool {
  /** plsql-perf: built by `plsql-perf profile import` from another tool's output. */
  name: 'plsql-probe' | 'plsql-perf';
  version: string;
}

export interface Host {
  hostname: string;
  /** "unknown" for DTrace imports. */
  kernel: string;
  arch: string;
  /** 0 when unknown (DTrace imports). */
  cpus: number;
}

export interface Target {
  /** 0 when an imported trace does not name the process. */
  pid: number;
  /** Equals pid unless a thread of a threaded_execution process was profiled (V$PROCESS.STID). */
  tid: number;
  exe: string;
  /** /proc/PID/stat field 22; echo it back in record requests to rule out pid reuse. */
  start_ticks: number;
  /** -1 when unknown (DTrace imports). */
  uid: number;
  comm: string;
  threaded: boolean;
  threads: number;
}

export interface FunctionCount {
  name: string;
  module: string;
  /** Bytes skipped after the symbol (hot-patch NOP prologue), usually 0 or 2. */
  probe_offset: number;
  calls: number;
  /** Only with inclusive_time; includes probe overhead. */
  inclusive_ns?: number;
  pattern?: PatternId;
  /** The instruction under the probe, which decides what one hit costs; absent in DTrace imports. */
  probe_site?: ProbeSite;
}

/** 'push': a register push (the frame setup after Oracle's hot-patch NOP), emulated by the kernel
 * in the trap; 'other': any other instruction, single-stepped out of line (several times dearer). */
export type ProbeSite = 'push' | 'other';

export interface FunctionsResult {
  status: CollectorStatus;
  inclusive_time: boolean;
  time_note?: string;
  functions: FunctionCount[];
  missing: string[];
  truncated: string[];
}

export interface SyscallStat {
  name: string;
  /** Syscall number on host.arch; -1 when unknown (DTrace imports name syscalls, not numbers). */
  nr: number;
  calls: number;
  /** 0 in count mode. */
  total_ns: number;
}

export interface SizeCount {
  size: number;
  calls: number;
}

export interface SizeBucket {
  min: number;
  max: number;
  calls: number;
}

export interface WriteHist {
  syscall: string;
  fd_kind: FdKind;
  calls: number;
  bytes: number;
  /** Most frequent sizes, exact (the 4096 vs 32767 pattern). */
  top_sizes: SizeCount[];
  /** All other sizes in power-of-two ranges. */
  log2_buckets: SizeBucket[];
}

export interface PollCounts {
  total: number;
  by_syscall: Record<string, number>;
}

export interface SyscallsResult {
  status: CollectorStatus;
  /** Absent in older profiles (= timed). */
  mode?: SyscallMode;
  syscalls: SyscallStat[];
  writes: WriteHist[];
  polls: PollCounts;
  dropped: number;
}

export interface FoldedStack {
  /** Frames root first, separated by ';'. */
  stack: string;
  count: number;
}

export interface StacksResult {
  status: CollectorStatus;
  /** Sampling frequency; 0 when unknown (imported stacks). */
  hz: number;
  samples: number;
  lost: number;
  folded: FoldedStack[];
  /** What a count is: samples (absent = samples) or calls of the leaf function (imported ustack() aggregations). */
  counts?: 'samples' | 'calls';
}

export interface ProcStats {
  utime_ms: number;
  stime_ms: number;
  voluntary_ctxt_switches: number;
  nonvoluntary_ctxt_switches: number;
  runqueue_wait_ns: number;
  rchar: number;
  wchar: number;
  syscr: number;
  syscw: number;
  read_bytes: number;
  write_bytes: number;
}

export interface ProcResult {
  status: CollectorStatus;
  scope: 'process' | 'thread';
  before: ProcStats;
  after: ProcStats;
  delta: ProcStats;
}

export interface Collectors {
  functions?: FunctionsResult;
  syscalls?: SyscallsResult;
  stacks?: StacksResult;
  proc?: ProcResult;
}

export interface PatternSummary {
  id: PatternId;
  title: string;
  /** Static rule id (e.g. standalone-call-in-loop) that predicts this pattern. */
  rule?: string;
  calls: number;
  functions: string[];
}

export interface CollectorError {
  collector: CollectorName;
  code: string;
  message: string;
}

export interface Warning {
  code: string;
  message: string;
}

/** Estimated probe overhead: hits x calibrated ns per hit. An estimate, labelled as such. */
export interface OverheadEstimate {
  label: string;
  estimated_ms: number;
  function_hits: number;
  ns_per_function_hit: number;
  syscall_hits: number;
  ns_per_syscall_hit: number;
  calibrated: boolean;
  /** Calibrated ns per hit for each probe-site kind; ns_per_function_hit is their hit-weighted mean. */
  ns_per_site_hit?: { push: number; other: number };
  /** Calibrated ns per traced syscall per kind (sized: write-like calls whose size is recorded); ns_per_syscall_hit is their hit-weighted mean. */
  ns_per_syscall_kind_hit?: { sized: number; plain: number };
}

export interface Profile {
  version: 1;
  /** Absent in older profiles (= ebpf). */
  source?: ProfileSource;
  tool: Tool;
  host: Host;
  target: Target;
  /** RFC 3339. */
  started_at: string;
  elapsed_ms: number;
  stop_reason: StopReason;
  collectors: Collectors;
  patterns: PatternSummary[];
  errors: CollectorError[];
  warnings: Warning[];
  overhead: OverheadEstimate;
}
