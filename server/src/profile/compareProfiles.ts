// Before/after comparison of two saved profiles (e.g. a standalone function vs the same function in a package):
// one row per metric present in either, with the ratio after/before. Pure; the webview renders the rows.
import type { ProfileDocument, ProfileRun, RunRole } from './profileDocument.ts';

export type MetricGroup = 'elapsed' | 'statistic' | 'wait' | 'time-model' | 'function' | 'syscall' | 'hprof';

export interface MetricComparison {
  /** Unique key, e.g. "statistic:session logical reads". */
  key: string;
  group: MetricGroup;
  name: string;
  unit: string;
  before?: number;
  after?: number;
  /** after / before; undefined when either side is missing or before is 0. */
  ratio?: number;
}

export interface ProfileComparison {
  /** The runs compared on each side, so the view can say where each number comes from. */
  before: { createdAt: string; elapsedRun: RunRole; probeRun?: RunRole };
  after: { createdAt: string; elapsedRun: RunRole; probeRun?: RunRole };
  metrics: MetricComparison[];
  /** Things that make the comparison questionable (different blocks, databases...). */
  warnings: string[];
}

interface Metric { key: string; group: MetricGroup; name: string; unit: string; value: number }

function runOf(doc: ProfileDocument, role: RunRole | undefined): ProfileRun | undefined {
  return role === undefined ? undefined : doc.runs.find((r) => r.role === role);
}

/** Flattens the numbers of one profile: elapsed from the timing run, DB/HPROF from their runs, probe counts. */
function metricsOf(doc: ProfileDocument): Map<string, Metric> {
  const out = new Map<string, Metric>();
  const add = (group: MetricGroup, name: string, unit: string, value: number): void => {
    const key = `${group}:${name}`;
    out.set(key, { key, group, name, unit, value: (out.get(key)?.value ?? 0) + value });
  };
  const elapsedRun = runOf(doc, doc.measuredBy.elapsed);
  // An imported profile has an elapsed time only when one of its traces printed it.
  if (elapsedRun && (!doc.provenance || doc.provenance.elapsedMs !== undefined)) add('elapsed', 'elapsed', 'ms', elapsedRun.elapsedMs);
  const db = runOf(doc, doc.measuredBy.dbStats)?.db;
  for (const s of db?.stats ?? []) add('statistic', s.name, '', s.delta);
  for (const e of db?.events ?? []) {
    add('wait', `${e.event} (waits)`, '', e.waits);
    add('wait', `${e.event} (time)`, 'µs', e.timeWaitedUs);
  }
  for (const t of db?.timeModel ?? []) add('time-model', t.name, 'µs', t.deltaUs);
  const hprof = runOf(doc, doc.measuredBy.hprof)?.hprof;
  for (const s of hprof?.subprograms ?? []) {
    const name = [s.owner, s.module, s.function].filter(Boolean).join('.');
    add('hprof', `${name} (calls)`, '', s.calls);
    add('hprof', `${name} (own time)`, 'µs', s.functionElapsedUs);
  }
  const probe = runOf(doc, doc.measuredBy.probe)?.probe;
  for (const f of probe?.collectors.functions?.functions ?? []) add('function', f.name, 'calls', f.calls);
  for (const s of probe?.collectors.syscalls?.syscalls ?? []) add('syscall', s.name, 'calls', s.calls);
  return out;
}

export function compareProfiles(before: ProfileDocument, after: ProfileDocument): ProfileComparison {
  const a = metricsOf(before);
  const b = metricsOf(after);
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  const metrics = keys.map((key): MetricComparison => {
    const m = (a.get(key) ?? b.get(key))!;
    const x = a.get(key)?.value;
    const y = b.get(key)?.value;
    const row: MetricComparison = { key, group: m.group, name: m.name, unit: m.unit };
    if (x !== undefined) row.before = x;
    if (y !== undefined) row.after = y;
    if (x !== undefined && y !== undefined && x !== 0) row.ratio = y / x;
    return row;
  });
  const order: MetricGroup[] = ['elapsed', 'time-model', 'statistic', 'wait', 'hprof', 'function', 'syscall'];
  metrics.sort((p, q) => order.indexOf(p.group) - order.indexOf(q.group) || (p.name < q.name ? -1 : p.name > q.name ? 1 : 0));
  return {
    before: side(before),
    after: side(after),
    metrics,
    warnings: warningsFor(before, after),
  };
}

function side(doc: ProfileDocument): ProfileComparison['before'] {
  const s: ProfileComparison['before'] = { createdAt: doc.createdAt, elapsedRun: doc.measuredBy.elapsed };
  if (doc.measuredBy.probe) s.probeRun = doc.measuredBy.probe;
  return s;
}

function warningsFor(a: ProfileDocument, b: ProfileDocument): string[] {
  const w: string[] = [];
  if (a.database?.version !== b.database?.version) {
    w.push(`different database versions (${a.database?.version ?? 'none'} vs ${b.database?.version ?? 'none'})`);
  }
  if (a.connection?.name !== b.connection?.name) w.push(`different connections (${a.connection?.name ?? 'none'} vs ${b.connection?.name ?? 'none'})`);
  const probedElapsed = (d: ProfileDocument): boolean => runOf(d, d.measuredBy.elapsed)?.probeAttached === true;
  if (probedElapsed(a) !== probedElapsed(b)) {
    w.push('one elapsed time was measured with the probe attached and the other without: compare the counts, not the times');
  }
  return w;
}
