// The headline numbers of one profile document, each with the run it comes from. Pure: the page, the HTML
// report and the Markdown summary all read them from here, so every host prints the same figures.
import type { ProbeProfile, ProfileDocument, ProfileRun, RunRole } from '../profileDocument.ts';

export function runOf(doc: ProfileDocument, role: RunRole | undefined): ProfileRun | undefined {
  return role === undefined ? undefined : doc.runs.find((r) => r.role === role);
}

/** A number and the run that measured it (the view labels every figure with its run). */
export interface Sourced {
  value: number;
  run: RunRole;
}

export interface ProfileFacts {
  /** The elapsed time to trust: the unprobed run's when there are two. */
  elapsedMs?: Sourced;
  /** Elapsed of the run with the probe attached, when that is not the trusted one (inflated by probe hits). */
  probedElapsedMs?: Sourced;
  dbTimeUs?: Sourced;
  dbCpuUs?: Sourced;
  /** Time waited in non-idle wait classes. */
  waitUs?: Sourced;
  waits?: Sourced;
  probe?: { profile: ProbeProfile; run: RunRole };
  /** Probe overhead estimate (hits x calibrated cost), labelled an estimate. */
  overheadMs?: Sourced;
}

/** Wait classes that are the session waiting for its client, not work (Snapper leaves them out as well). */
const IDLE_CLASSES = new Set(['Idle']);
const IDLE_EVENTS = new Set(['SQL*Net message from client']);

export function profileFacts(doc: ProfileDocument): ProfileFacts {
  const facts: ProfileFacts = {};
  const elapsedRun = runOf(doc, doc.measuredBy.elapsed);
  // An imported profile has an elapsed time only when a trace printed one (truss -c "elapsed:").
  const elapsedKnown = !doc.provenance || doc.provenance.elapsedMs !== undefined;
  if (elapsedRun && elapsedKnown) facts.elapsedMs = { value: elapsedRun.elapsedMs, run: elapsedRun.role };
  const dbRun = runOf(doc, doc.measuredBy.dbStats);
  const db = dbRun?.db;
  if (dbRun && db) {
    const time = (name: string): number | undefined => db.timeModel.find((t) => t.name === name)?.deltaUs;
    const dbTime = time('DB time');
    const dbCpu = time('DB CPU');
    if (dbTime !== undefined) facts.dbTimeUs = { value: dbTime, run: dbRun.role };
    if (dbCpu !== undefined) facts.dbCpuUs = { value: dbCpu, run: dbRun.role };
    const working = db.events.filter((e) => !IDLE_CLASSES.has(e.waitClass ?? '') && !IDLE_EVENTS.has(e.event));
    facts.waitUs = { value: working.reduce((s, e) => s + e.timeWaitedUs, 0), run: dbRun.role };
    facts.waits = { value: working.reduce((s, e) => s + e.waits, 0), run: dbRun.role };
  }
  const probeRun = runOf(doc, doc.measuredBy.probe) ?? doc.runs.find((r) => r.probe !== undefined);
  if (probeRun?.probe) {
    facts.probe = { profile: probeRun.probe, run: probeRun.role };
    // Imported traces: the tracer's overhead is not in them, and there is no unprobed run to compare with.
    if (probeRun.probe.source !== 'import') facts.overheadMs = { value: probeRun.probe.overhead.estimated_ms, run: probeRun.role };
    if (probeRun !== elapsedRun) facts.probedElapsedMs = { value: probeRun.elapsedMs, run: probeRun.role };
  }
  return facts;
}

/** The source line of the profiled file that a 1-based line of the block's text stands on. */
export function fileLineOfBlockLine(doc: ProfileDocument, blockLine: number): number {
  return doc.source.startLine + blockLine - 1;
}
