// What every card builder reads: the static finding, the runs' numbers by kind, and the source text, with
// small lookups that say which run a number came from.
import type {
  FindingCard, Measurement, MeasuredBy, ProbeProfile, ProfileRun, RunRole, SourceInfo, StaticFinding,
} from '../profileDocument.ts';

export interface EvidenceInput {
  source: SourceInfo;
  runs: ProfileRun[];
  measuredBy: MeasuredBy;
  staticFindings: StaticFinding[];
  /** The loop's iteration count as the user gave it (profile import --iterations); beats every estimate. */
  iterations?: { value: number; from: 'option' };
  /** An import whose traces list every syscall (truss/strace summaries or logs): a missing poll() is a zero. */
  syscallsComplete?: boolean;
}

/** An iteration count and where it comes from, for the cards' arithmetic. */
export interface Iterations {
  value: number;
  /** Said in the card's reason: "--iterations", "the loop estimate". */
  from: string;
}

/** A probe profile with the role of the run that recorded it. */
export interface ProbeEvidence {
  profile: ProbeProfile;
  run: RunRole;
  /** DBMS_HPROF ran in the same run: its own clock reads add to the timer-function counts. */
  withHprof: boolean;
}

export class EvidenceContext {
  readonly probe: ProbeEvidence | undefined;
  /** Why there is no probe evidence, for "not measured" reasons. */
  readonly probeMissing: string;
  private readonly dbRun: ProfileRun | undefined;
  private readonly hprofRun: ProfileRun | undefined;

  constructor(readonly input: EvidenceInput) {
    const probeRun = input.runs.find((r) => r.role === input.measuredBy.probe && r.probe);
    this.probe = probeRun?.probe ? { profile: probeRun.probe, run: probeRun.role, withHprof: probeRun.hprofEnabled } : undefined;
    const noted = input.runs.map((r) => r.probeNote).find((n) => n);
    this.probeMissing = noted ? `no probe data: ${noted}` : 'no probe data: the run was made without plsql-probe (database evidence only)';
    this.dbRun = input.runs.find((r) => r.role === input.measuredBy.dbStats && r.db);
    this.hprofRun = input.measuredBy.hprof ? input.runs.find((r) => r.role === input.measuredBy.hprof && r.hprof) : undefined;
  }

  /** The iteration count of a finding's loop: the user's --iterations, else the analyzer's loop estimate. */
  iterationsOf(f: StaticFinding): Iterations | undefined {
    if (this.input.iterations) return { value: this.input.iterations.value, from: `--iterations ${n(this.input.iterations.value)}` };
    return f.loop?.iterations !== undefined ? { value: f.loop.iterations, from: 'the loop estimate' } : undefined;
  }

  /** The probe profile came from another tool's output (plsql-perf profile import), not from plsql-probe. */
  get imported(): boolean {
    return this.probe?.profile.source === 'import';
  }

  /**
   * Calls of a leaf function in stacks counted by calls (imported ustack() aggregations), split by whether a
   * frame below it matches: e.g. timer calls under qerst* frames. Undefined without such stacks.
   */
  leafCallsUnder(leaves: readonly string[], under: (frame: string) => boolean): { leaf: string; calls: number; under: number } | undefined {
    const stacks = this.probe?.profile.collectors.stacks;
    if (!stacks || stacks.status !== 'ok' || stacks.counts !== 'calls') return undefined;
    for (const leaf of leaves) {
      let calls = 0;
      let below = 0;
      for (const s of stacks.folded) {
        const frames = s.stack.split(';');
        if (frames[frames.length - 1] !== leaf) continue;
        calls += s.count;
        if (frames.slice(0, -1).some(under)) below += s.count;
      }
      if (calls > 0) return { leaf, calls, under: below };
    }
    return undefined;
  }

  /** Calls of a kernel function when the probe counted it; undefined when it was not probed or is missing. */
  functionCalls(name: string): number | undefined {
    const fns = this.probe?.profile.collectors.functions;
    if (!fns || fns.status !== 'ok') return undefined;
    const found = fns.functions.filter((f) => f.name === name);
    return found.length ? found.reduce((sum, f) => sum + f.calls, 0) : undefined;
  }

  /** The first of the names that the probe counted, with its count. */
  firstCounted(names: readonly string[]): { name: string; calls: number } | undefined {
    for (const name of names) {
      const calls = this.functionCalls(name);
      if (calls !== undefined) return { name, calls };
    }
    return undefined;
  }

  probeMeasurement(label: string, value: number, unit?: string): Measurement {
    return withUnit({ label, value, source: 'probe', run: this.probe!.run }, unit);
  }

  stat(name: string): { value: number; measurement: Measurement } | undefined {
    const s = this.dbRun?.db?.stats.find((x) => x.name === name);
    if (!this.dbRun?.db) return undefined;
    // A statistic missing from the deltas did not change: it is a measured zero.
    const value = s?.delta ?? 0;
    return { value, measurement: { label: `V$MYSTAT ${name}`, value, source: 'v$mystat', run: this.dbRun.role } };
  }

  /** HPROF subprograms whose name (last part) matches, e.g. BY2 or PKG.BY2. */
  hprofCallsOf(name: string): { calls: number; measurement: Measurement } | undefined {
    const hprof = this.hprofRun?.hprof;
    if (!hprof) return undefined;
    const wanted = name.toUpperCase().split('.').pop()!;
    const subs = hprof.subprograms.filter((s) => s.namespace === 'PLSQL' && (s.function.toUpperCase() === wanted));
    if (!subs.length) return undefined;
    const calls = subs.reduce((sum, s) => sum + s.calls, 0);
    return { calls, measurement: { label: `HPROF calls of ${wanted}`, value: calls, source: 'hprof', run: this.hprofRun!.role } };
  }

  /** HPROF time attributed to a finding's line (line-level hot spots), in the finding's own file. */
  hprofLineOf(f: StaticFinding): Measurement[] {
    const hprof = this.hprofRun?.hprof;
    if (!hprof) return [];
    const file = f.file ?? this.input.source.file;
    return hprof.lines
      .filter((l) => l.fileLine === f.line && (l.file ?? this.input.source.file) === file)
      .flatMap((l) => [
        { label: `HPROF ${l.label}: calls`, value: l.calls, source: 'hprof' as const, run: this.hprofRun!.role },
        { label: `HPROF ${l.label}: time`, value: l.elapsedUs, unit: 'µs', source: 'hprof' as const, run: this.hprofRun!.role },
      ]);
  }

  /** Share (0..1) of stack samples with a frame matching the test; undefined without samples. */
  sampleShare(matches: (frame: string) => boolean): number | undefined {
    const stacks = this.probe?.profile.collectors.stacks;
    if (!stacks || stacks.status !== 'ok' || stacks.samples === 0 || stacks.counts === 'calls') return undefined;
    const hit = stacks.folded.filter((s) => s.stack.split(';').some(matches)).reduce((sum, s) => sum + s.count, 0);
    return hit / stacks.folded.reduce((sum, s) => sum + s.count, 0);
  }

  /** The whole source lines of a finding, or '' when outside the profiled lines. */
  linesOf(f: StaticFinding): string {
    const lines = this.input.source.text.split(/\r?\n/);
    return lines.slice(Math.max(0, f.line - this.input.source.startLine), Math.max(0, f.endLine - this.input.source.startLine + 1)).join('\n');
  }

  /** The source text covered by a finding (file coordinates), or '' when outside the profiled lines. */
  textOf(f: StaticFinding): string {
    if (f.code !== undefined) return f.code;
    const lines = this.input.source.text.split(/\r?\n/);
    const first = f.line - this.input.source.startLine;
    const last = f.endLine - this.input.source.startLine;
    if (first < 0 || last >= lines.length) return '';
    if (first === last) return lines[first]!.slice(f.column - 1, f.endColumn - 1);
    return [lines[first]!.slice(f.column - 1), ...lines.slice(first + 1, last), lines[last]!.slice(0, f.endColumn - 1)].join('\n');
  }
}

function withUnit(m: Measurement, unit: string | undefined): Measurement {
  if (unit !== undefined) m.unit = unit;
  return m;
}

/** The card skeleton for a static finding: hypothesis filled in, verdict to be decided. */
export function hypothesisCard(f: StaticFinding, file: string | undefined, title: string): Omit<FindingCard, 'verdict' | 'reason'> {
  const hypothesis: FindingCard['hypothesis'] = { rule: f.rule, line: f.line, message: f.message, docPath: `docs/rules/${f.rule}.md` };
  // A finding in a called subprogram of another file names that file; the others are in the profiled file.
  const where = f.file ?? file;
  if (where !== undefined) hypothesis.file = where;
  if (f.loop) hypothesis.loop = f.loop;
  return { id: f.file === undefined ? `${f.rule}:${f.line}` : `${f.rule}:${f.file}:${f.line}`, title, hypothesis, measurements: [] };
}

/** Formats counts for reasons: 1000000 -> "1,000,000". */
export function n(value: number): string {
  return Number.isInteger(value) ? value.toLocaleString('en-US') : value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}
