// System calls: counts (and times in timed mode), the write() size histograms (the UTL_FILE 4 KB pattern) and
// the poll counts (in-band break checks).
import type { Profile as ProbeProfile, SyscallStat, WriteHist } from '../../../server/src/profile/contract/probeProfile.ts';
import { formatBytes, formatCount, formatNs } from '../../../server/src/profile/view/format.ts';
import { histogramTitle, writeSizeBins, type SizeBin } from '../../../server/src/profile/view/writeSizes.ts';
import { barChart } from '../charts.ts';
import type { RenderContext } from '../context.ts';
import { el, note, section, table } from '../dom.ts';

function renderHistogram(hist: WriteHist, index: number, ctx: RenderContext): HTMLElement {
  const bins = writeSizeBins(hist);
  return el(
    'div',
    { className: 'pp-histogram', attrs: { 'data-histogram': `${hist.syscall}-${hist.fd_kind}` } },
    el('h3', null, `${histogramTitle(hist)}: ${formatCount(hist.calls)} calls, ${formatBytes(hist.bytes)}`),
    barChart(
      {
        name: `write-sizes-${index}`,
        caption: `Size histogram of ${histogramTitle(hist)}`,
        labels: bins.map((b) => b.label),
        series: [{ label: 'calls', values: bins.map((b) => b.calls) }],
        describe: (i) => (bins[i]!.exact ? 'exact size' : 'power-of-two range'),
        formatValue: formatCount,
      },
      ctx,
    ),
    table<SizeBin>(`write-sizes-${index}`, [
      { heading: 'Size', cell: (b) => (b.exact ? `${formatCount(b.min)} bytes` : `${formatCount(b.min)}–${formatCount(b.max)} bytes`) },
      { heading: 'Calls', cell: (b) => formatCount(b.calls), numeric: true },
    ], bins),
  );
}

export function renderSyscalls(probe: ProbeProfile, run: string, ctx: RenderContext): HTMLElement {
  const result = probe.collectors.syscalls;
  if (!result) return section('syscalls', 'System calls', note('The syscall collector was not requested in this recording.'));
  const timed = result.mode !== 'count';
  const rows = [...result.syscalls].sort((a, b) => b.calls - a.calls || (a.name < b.name ? -1 : 1));
  const sizeNote = timed ? 'sizes are bytes actually written' : 'sizes are the sizes the process asked for';
  return section(
    'syscalls',
    'System calls',
    el('p', { className: 'pp-muted' }, `${timed ? 'Counted and timed' : 'Counted at entry (no times)'} (${run} run); ${sizeNote}.`),
    table<SyscallStat>('syscalls', [
      { heading: 'Syscall', cell: (s) => el('code', null, s.name) },
      { heading: 'Calls', cell: (s) => formatCount(s.calls), numeric: true },
      ...(timed
        ? [
            { heading: 'Time', cell: (s: SyscallStat) => formatNs(s.total_ns), numeric: true },
            { heading: 'Per call', cell: (s: SyscallStat) => (s.calls > 0 ? formatNs(s.total_ns / s.calls) : '–'), numeric: true },
          ]
        : []),
    ], rows),
    result.polls.total > 0 &&
      note(`poll-family calls: ${formatCount(result.polls.total)} (${Object.entries(result.polls.by_syscall).map(([k, v]) => `${k} ${formatCount(v)}`).join(', ')}): a server polling the client socket during a long call is checking for an in-band break.`),
    result.dropped > 0 && note(`${formatCount(result.dropped)} events were dropped.`),
    el('h3', null, 'Write sizes'),
    result.writes.length === 0 ? note('No write() calls were sized.') : el('div', { className: 'pp-histograms' }, ...result.writes.map((w, i) => renderHistogram(w, i, ctx))),
  );
}
