// Snapper-style snapshots of the session's own statistics, waits and time model, one round trip each, and
// the deltas around the block with the snapshot queries' own cost subtracted. The self cost is measured once
// per run: two snapshots back to back, with nothing in between, differ by exactly what one snapshot adds.
import type { DbEvidence, EventDelta, StatDelta, TimeModelDelta } from '../../../../server/src/profile/profileDocument.ts';
import type { DbSession } from './dbSession.ts';

export const SNAPSHOT_SQL = `select 'STAT' as kind, n.name as name, m.value as value, null as wait_class
from   v$mystat m join v$statname n on n.statistic# = m.statistic#
where  m.value <> 0
union all
select 'TIME', t.stat_name, t.value, null
from   v$sess_time_model t where t.sid = to_number(sys_context('userenv', 'sid'))
union all
select 'WAITS', e.event, e.total_waits, e.wait_class
from   v$session_event e where e.sid = to_number(sys_context('userenv', 'sid'))
union all
select 'WAITUS', e.event, e.time_waited_micro, e.wait_class
from   v$session_event e where e.sid = to_number(sys_context('userenv', 'sid'))`;

export interface Snapshot {
  stats: Map<string, number>;
  timeModel: Map<string, number>;
  waits: Map<string, number>;
  waitUs: Map<string, number>;
  waitClass: Map<string, string>;
}

export async function takeSnapshot(db: DbSession): Promise<Snapshot> {
  const snap: Snapshot = { stats: new Map(), timeModel: new Map(), waits: new Map(), waitUs: new Map(), waitClass: new Map() };
  for (const row of await db.query(SNAPSHOT_SQL)) {
    const name = String(row.NAME);
    const value = Number(row.VALUE ?? 0);
    switch (row.KIND) {
      case 'STAT': snap.stats.set(name, value); break;
      case 'TIME': snap.timeModel.set(name, value); break;
      case 'WAITS': snap.waits.set(name, value); break;
      case 'WAITUS': snap.waitUs.set(name, value); break;
    }
    if (row.WAIT_CLASS) snap.waitClass.set(name, String(row.WAIT_CLASS));
  }
  return snap;
}

function delta(after: Map<string, number>, before: Map<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [name, value] of after) {
    const d = value - (before.get(name) ?? 0);
    if (d !== 0) out.set(name, d);
  }
  return out;
}

/** What one snapshot query pair adds by itself: the delta of two back-to-back snapshots. */
export interface SelfCost { stats: Map<string, number>; timeModel: Map<string, number>; waits: Map<string, number>; waitUs: Map<string, number> }

export function selfCostOf(first: Snapshot, second: Snapshot): SelfCost {
  return {
    stats: delta(second.stats, first.stats),
    timeModel: delta(second.timeModel, first.timeModel),
    waits: delta(second.waits, first.waits),
    waitUs: delta(second.waitUs, first.waitUs),
  };
}

const byName = <T extends { name: string }>(a: T, b: T): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Deltas around the block, self cost subtracted (never below zero). Idle waits (client think time) are left out. */
export function evidenceBetween(before: Snapshot, after: Snapshot, self: SelfCost): DbEvidence {
  const stats: StatDelta[] = [...delta(after.stats, before.stats)].map(([name, raw]) => {
    const selfCost = self.stats.get(name) ?? 0;
    return { name, delta: Math.max(0, raw - selfCost), raw, selfCost };
  }).sort(byName);
  const timeModel: TimeModelDelta[] = [...delta(after.timeModel, before.timeModel)].map(([name, rawUs]) => {
    const selfCostUs = self.timeModel.get(name) ?? 0;
    return { name, deltaUs: Math.max(0, rawUs - selfCostUs), rawUs, selfCostUs };
  }).sort(byName);
  const waitDeltas = delta(after.waits, before.waits);
  const usDeltas = delta(after.waitUs, before.waitUs);
  const events: EventDelta[] = [];
  for (const event of new Set([...waitDeltas.keys(), ...usDeltas.keys()])) {
    const waitClass = after.waitClass.get(event);
    if (waitClass === 'Idle') continue;
    const rawWaits = waitDeltas.get(event) ?? 0;
    const rawTimeWaitedUs = usDeltas.get(event) ?? 0;
    const e: EventDelta = {
      event,
      waits: Math.max(0, rawWaits - (self.waits.get(event) ?? 0)),
      timeWaitedUs: Math.max(0, rawTimeWaitedUs - (self.waitUs.get(event) ?? 0)),
      rawWaits,
      rawTimeWaitedUs,
    };
    if (waitClass) e.waitClass = waitClass;
    events.push(e);
  }
  events.sort((a, b) => b.timeWaitedUs - a.timeWaitedUs || (a.event < b.event ? -1 : 1));
  return {
    stats,
    events,
    timeModel,
    selfCostNote: 'each delta has the cost of one pair of snapshot queries subtracted (measured by two back-to-back snapshots in this session before the run); Idle-class waits are left out',
  };
}
