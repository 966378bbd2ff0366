// Summary: the headline figures (each labelled with the run that measured it), the runs, the notes and the
// probe's warnings.
import type { ProfileDocument, ProfileRun } from '../../../server/src/profile/profileDocument.ts';
import { profileFacts, type Sourced } from '../../../server/src/profile/view/profileFacts.ts';
import { formatCount, formatMs, formatUs } from '../../../server/src/profile/view/format.ts';
import { el, section, table } from '../dom.ts';

function figure(name: string, label: string, value: string, detail: string): HTMLElement {
  return el('div', { className: 'pp-figure', attrs: { 'data-figure': name } }, el('div', { className: 'pp-figure-label' }, label), el('div', { className: 'pp-figure-value' }, value), el('div', { className: 'pp-figure-detail' }, detail));
}

const runLabel = (s: Sourced): string => `${s.run} run`;

export function renderSummary(doc: ProfileDocument, id = 'summary', heading = 'Summary'): HTMLElement {
  const f = profileFacts(doc);
  const figures = el('div', { className: 'pp-figures' });
  if (f.elapsedMs) figures.append(figure('elapsed', 'Elapsed', formatMs(f.elapsedMs.value), `${runLabel(f.elapsedMs)}, client round trip`));
  if (f.dbCpuUs) figures.append(figure('db-cpu', 'DB CPU', formatUs(f.dbCpuUs.value), `V$SESS_TIME_MODEL, ${runLabel(f.dbCpuUs)}`));
  if (f.dbTimeUs) figures.append(figure('db-time', 'DB time', formatUs(f.dbTimeUs.value), `V$SESS_TIME_MODEL, ${runLabel(f.dbTimeUs)}`));
  if (f.waitUs && f.waits) figures.append(figure('waits', 'Waits', formatUs(f.waitUs.value), `${formatCount(f.waits.value)} non-idle waits, ${runLabel(f.waitUs)}`));
  if (f.probedElapsedMs) figures.append(figure('probed-elapsed', 'Elapsed with probe', formatMs(f.probedElapsedMs.value), `${runLabel(f.probedElapsedMs)}: slower by the probe, not the real time`));
  if (f.overheadMs) figures.append(figure('overhead', 'Probe overhead (estimate)', formatMs(f.overheadMs.value), f.probe?.profile.overhead.calibrated ? 'hits × calibrated cost per hit' : 'hits × default cost per hit (not calibrated)'));

  const where = [doc.source.file ?? 'untitled editor', `lines ${doc.source.startLine}–${doc.source.endLine}`, doc.source.kind].join(', ');
  const context = [
    doc.database ? `Oracle ${doc.database.version}${doc.database.conName ? ` (${doc.database.conName})` : ''}` : 'no database',
    doc.driver ? `${doc.driver.name} ${doc.driver.version} ${doc.driver.mode}` : undefined,
    doc.session ? `SID ${doc.session.sid}, SPID ${doc.session.spid}, ${doc.session.server.toLowerCase()} server` : undefined,
    `recorded ${doc.createdAt}`,
  ].filter((s): s is string => s !== undefined);

  // The run may already have copied a probe warning into the notes: show each message once.
  const inNotes = (message: string): boolean => doc.notes.some((n) => n.includes(message));
  const probeWarnings = doc.runs.flatMap((r) => (r.probe?.warnings ?? []).filter((w) => !inNotes(w.message)).map((w) => ({ run: r.role, ...w })));
  const probeErrors = doc.runs.flatMap((r) => (r.probe?.errors ?? []).map((e) => ({ run: r.role, code: e.code, message: `${e.collector}: ${e.message}` })));
  return section(
    id,
    heading,
    el('p', { className: 'pp-where' }, where),
    el('p', { className: 'pp-context' }, context.join(' · ')),
    figures,
    table<ProfileRun>('runs', [
      { heading: 'Run', cell: (r) => r.role },
      { heading: 'Status', cell: (r) => (r.error ? `${r.status}: ${r.error.code}` : r.status) },
      // An imported trace that printed no wall time has none: show a dash, not 0 ms.
      { heading: 'Elapsed', cell: (r) => (doc.provenance && doc.provenance.elapsedMs === undefined ? '–' : formatMs(r.elapsedMs)), numeric: true },
      { heading: 'Probe', cell: (r) => (r.probeAttached ? 'attached' : r.probeNote ?? 'no') },
      { heading: 'HPROF', cell: (r) => (r.hprofEnabled ? 'yes' : 'no') },
      { heading: 'Transaction', cell: (r) => r.transaction },
    ], doc.runs),
    doc.notes.length > 0 && el('ul', { className: 'pp-notes', attrs: { 'data-list': 'notes' } }, ...doc.notes.map((n) => el('li', null, n))),
    (probeWarnings.length > 0 || probeErrors.length > 0) &&
      el('ul', { className: 'pp-warnings', attrs: { 'data-list': 'probe-warnings' } }, ...[...probeErrors, ...probeWarnings].map((w) => el('li', null, el('code', null, w.code), ` (${w.run} run) ${w.message}`))),
  );
}
