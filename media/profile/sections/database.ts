// Database evidence: wait events, the time model and the statistic deltas (Snapper-style, the snapshot queries'
// own cost subtracted).
import type { EventDelta, ProfileDocument, StatDelta, TimeModelDelta } from '../../../server/src/profile/profileDocument.ts';
import { runOf } from '../../../server/src/profile/view/profileFacts.ts';
import { formatCount, formatUs } from '../../../server/src/profile/view/format.ts';
import { barChart } from '../charts.ts';
import type { RenderContext } from '../context.ts';
import { el, note, section, table } from '../dom.ts';

export function renderDatabase(doc: ProfileDocument, ctx: RenderContext): HTMLElement {
  const run = runOf(doc, doc.measuredBy.dbStats);
  const db = run?.db;
  if (!run || !db) return section('database', 'Database', note('No database statistics in this profile.'));
  const events = [...db.events].sort((a, b) => b.timeWaitedUs - a.timeWaitedUs);
  const stats = [...db.stats].sort((a, b) => b.delta - a.delta || (a.name < b.name ? -1 : 1));
  const timeModel = [...db.timeModel].sort((a, b) => b.deltaUs - a.deltaUs);
  return section(
    'database',
    'Database',
    el('p', { className: 'pp-muted' }, `Deltas of the ${run.role} run. ${db.selfCostNote}`),
    el('h3', null, 'Wait events'),
    events.length === 0
      ? note(doc.provenance ? 'The imported statistics have no wait events.' : 'The session did not wait.')
      : barChart(
          {
            name: 'wait-events',
            caption: 'Time waited per wait event',
            labels: events.map((e) => e.event),
            series: [{ label: 'time waited', values: events.map((e) => e.timeWaitedUs) }],
            horizontal: true,
            describe: (i) => `${formatCount(events[i]!.waits)} waits${events[i]!.waitClass ? `, class ${events[i]!.waitClass}` : ''}`,
            formatValue: formatUs,
          },
          ctx,
        ),
    events.length > 0 &&
      table<EventDelta>('wait-events', [
        { heading: 'Event', cell: (e) => e.event },
        { heading: 'Class', cell: (e) => e.waitClass ?? '' },
        { heading: 'Waits', cell: (e) => formatCount(e.waits), numeric: true },
        { heading: 'Time waited', cell: (e) => formatUs(e.timeWaitedUs), numeric: true },
        { heading: 'Average', cell: (e) => (e.waits > 0 ? formatUs(e.timeWaitedUs / e.waits) : '–'), numeric: true },
      ], events),
    el('h3', null, 'Time model'),
    table<TimeModelDelta>('time-model', [
      { heading: 'Statistic', cell: (t) => t.name },
      { heading: 'Delta', cell: (t) => formatUs(t.deltaUs), numeric: true },
      { heading: 'As read', cell: (t) => formatUs(t.rawUs), numeric: true },
      { heading: 'Self cost', cell: (t) => formatUs(t.selfCostUs), numeric: true },
    ], timeModel),
    el('h3', null, 'Statistics'),
    table<StatDelta>('statistics', [
      { heading: 'Statistic', cell: (s) => s.name },
      { heading: 'Delta', cell: (s) => formatCount(s.delta), numeric: true },
      { heading: 'As read', cell: (s) => formatCount(s.raw), numeric: true },
      { heading: 'Self cost', cell: (s) => formatCount(s.selfCost), numeric: true },
      { heading: 'Per second', cell: (s) => (run.elapsedMs > 0 ? formatCount(Math.round((s.delta * 1000) / run.elapsedMs)) : '–'), numeric: true },
    ], stats),
  );
}
