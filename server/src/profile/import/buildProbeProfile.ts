// Merged trace evidence -> the probe-profile shape (server/src/profile/contract/probeProfile.ts) with
// `source: "import"`: function counts, syscalls with the write-size histogram and poll counts, stacks. What the
// traces do not say stays marked unknown (pid 0, kernel "unknown", hz 0, stop reason unknown), never guessed.
import type {
  FoldedStack, FunctionCount, Profile as ProbeProfile, SizeBucket, SizeCount, SyscallsResult, Warning, WriteHist,
} from '../contract/probeProfile.ts';
import { patternOf, patternSummaries } from './catalog.ts';
import type { TraceEvidence } from './traceEvidence.ts';

const WRITE_FAMILY = new Set(['write', 'pwrite', 'pwrite64', 'writev', 'send', 'sendto']);
const POLLS = new Set(['poll', 'pollsys', 'ppoll', 'select', 'pselect6', 'epoll_wait', 'epoll_pwait']);
/** Exact sizes kept per histogram (the 4095 / 4096 / 32767 pattern); the rest go to power-of-two buckets. */
const TOP_SIZES = 8;

export interface ImportedTraceEvidence extends TraceEvidence {
  file: string;
}

function writeHist(syscall: string, sizes: Map<number, number>): WriteHist {
  const all = [...sizes].map(([size, calls]): SizeCount => ({ size, calls })).sort((a, b) => b.calls - a.calls || a.size - b.size);
  const top = all.slice(0, TOP_SIZES);
  const buckets = new Map<number, SizeBucket>();
  for (const { size, calls } of all.slice(TOP_SIZES)) {
    const min = size === 0 ? 0 : 2 ** Math.floor(Math.log2(size));
    const max = size === 0 ? 0 : min * 2 - 1;
    const b = buckets.get(min) ?? { min, max, calls: 0 };
    b.calls += calls;
    buckets.set(min, b);
  }
  return {
    syscall,
    fd_kind: 'unknown',
    calls: all.reduce((s, x) => s + x.calls, 0),
    bytes: all.reduce((s, x) => s + x.size * x.calls, 0),
    top_sizes: top,
    log2_buckets: [...buckets.values()].sort((a, b) => a.min - b.min),
  };
}

/** Function counts of all traces; a ustack() aggregation of calls also counts its leaf function. */
function functionsOf(traces: readonly ImportedTraceEvidence[], estimated: string[]): FunctionCount[] {
  const fns = new Map<string, FunctionCount>();
  const add = (name: string, module: string, calls: number): void => {
    const f = fns.get(name);
    if (f) f.calls += calls;
    else {
      const fc: FunctionCount = { name, module, probe_offset: 0, calls };
      const pattern = patternOf(name);
      if (pattern) fc.pattern = pattern;
      fns.set(name, fc);
    }
  };
  for (const t of traces) for (const f of t.functions) add(f.name, f.module, f.calls);
  for (const t of traces) {
    if (t.stackCounts !== 'calls') continue;
    const leaves = new Map<string, number>();
    for (const s of t.stacks) leaves.set(s.frames[s.frames.length - 1]!, (leaves.get(s.frames[s.frames.length - 1]!) ?? 0) + s.count);
    for (const [leaf, calls] of leaves) {
      if (fns.has(leaf)) continue; // counted by an aggregation of its own
      add(leaf, 'unknown', calls);
      estimated.push(`${leaf} calls (${calls.toLocaleString('en-US')}) are the sum of the counts of its ustack() stacks in ${t.file}`);
    }
  }
  return [...fns.values()].sort((a, b) => b.calls - a.calls || (a.name < b.name ? -1 : 1));
}

function syscallsOf(traces: readonly ImportedTraceEvidence[]): SyscallsResult | undefined {
  const calls = new Map<string, { calls: number; ns: number }>();
  const sizes = new Map<string, Map<number, number>>();
  let timed = false;
  for (const t of traces) {
    for (const s of t.syscalls) {
      const c = calls.get(s.name) ?? { calls: 0, ns: 0 };
      c.calls += s.calls;
      if (s.seconds !== undefined) {
        c.ns += Math.round(s.seconds * 1e9);
        timed = true;
      }
      calls.set(s.name, c);
    }
    for (const [syscall, bySize] of t.sizes) {
      const merged = sizes.get(syscall) ?? new Map<number, number>();
      for (const [size, n] of bySize) merged.set(size, (merged.get(size) ?? 0) + n);
      sizes.set(syscall, merged);
      // A size aggregation without a syscall count: its rows are the calls.
      if (!traces.some((x) => x.syscalls.some((s) => s.name === syscall))) {
        const c = calls.get(syscall) ?? { calls: 0, ns: 0 };
        c.calls += [...bySize.values()].reduce((a, b) => a + b, 0);
        calls.set(syscall, c);
      }
    }
  }
  if (calls.size === 0) return undefined;
  const byPoll: Record<string, number> = {};
  for (const [name, c] of calls) if (POLLS.has(name)) byPoll[name] = c.calls;
  return {
    status: 'ok',
    mode: timed ? 'timed' : 'count',
    syscalls: [...calls].map(([name, c]) => ({ name, nr: -1, calls: c.calls, total_ns: c.ns })).sort((a, b) => b.calls - a.calls),
    writes: [...sizes].filter(([name]) => WRITE_FAMILY.has(name)).map(([name, bySize]) => writeHist(name, bySize)),
    polls: { total: Object.values(byPoll).reduce((a, b) => a + b, 0), by_syscall: byPoll },
    dropped: 0,
  };
}

function stacksOf(traces: readonly ImportedTraceEvidence[]): ProbeProfile['collectors']['stacks'] {
  const withStacks = traces.filter((t) => t.stacks.length > 0);
  if (!withStacks.length) return undefined;
  const folded = new Map<string, number>();
  for (const t of withStacks) for (const s of t.stacks) {
    const key = s.frames.join(';');
    folded.set(key, (folded.get(key) ?? 0) + s.count);
  }
  const list: FoldedStack[] = [...folded].map(([stack, count]) => ({ stack, count })).sort((a, b) => b.count - a.count);
  const counts = withStacks.every((t) => t.stackCounts === 'calls') ? 'calls' : 'samples';
  return { status: 'ok', hz: 0, samples: list.reduce((s, f) => s + f.count, 0), lost: 0, folded: list, counts };
}

export function buildProbeProfile(traces: readonly ImportedTraceEvidence[], now: Date, toolVersion: string, estimated: string[]): ProbeProfile {
  const functions = functionsOf(traces, estimated);
  const syscalls = syscallsOf(traces);
  const stacks = stacksOf(traces);
  const pid = traces.map((t) => t.pid).find((p) => p !== undefined) ?? 0;
  const comm = traces.map((t) => t.comm).find((c) => c !== undefined) ?? '';
  const elapsed = traces.map((t) => t.elapsedMs).find((e) => e !== undefined);
  const warnings: Warning[] = [];
  for (const t of traces) {
    if (t.unread.length) {
      const first = t.unread[0]!;
      warnings.push({ code: 'LINES_NOT_READ', message: `${t.file}: ${t.unread.length} line${t.unread.length === 1 ? '' : 's'} not read (first: line ${first.line} "${first.text.trim().slice(0, 80)}")` });
    }
  }
  const profile: ProbeProfile = {
    version: 1,
    source: 'import',
    tool: { name: 'plsql-perf', version: toolVersion },
    host: { hostname: 'unknown', kernel: 'unknown', arch: 'unknown', cpus: 0 },
    target: { pid, tid: pid, exe: comm || 'unknown', start_ticks: 0, uid: -1, comm, threaded: false, threads: 1 },
    started_at: now.toISOString(),
    elapsed_ms: elapsed ?? 0,
    stop_reason: 'unknown',
    collectors: {},
    patterns: patternSummaries(functions),
    errors: [],
    warnings,
    overhead: {
      label: `not estimated: imported from ${[...new Set(traces.map((t) => t.tool))].join(', ')} output, whose own overhead is not in the trace`,
      estimated_ms: 0, function_hits: 0, ns_per_function_hit: 0, syscall_hits: 0, ns_per_syscall_hit: 0, calibrated: false,
    },
  };
  if (functions.length) profile.collectors.functions = { status: 'ok', inclusive_time: false, functions, missing: [], truncated: [] };
  if (syscalls) profile.collectors.syscalls = syscalls;
  if (stacks) profile.collectors.stacks = stacks;
  return profile;
}
