// Before/after comparison of two profiles: the ratio after/before per metric (compareProfiles), as a chart of
// the biggest changes and a table of every metric.
import type { ProfileDocument } from '../../../server/src/profile/profileDocument.ts';
import { compareProfiles, type MetricComparison } from '../../../server/src/profile/compareProfiles.ts';
import { formatRatio, formatWithUnit } from '../../../server/src/profile/view/format.ts';
import { barChart } from '../charts.ts';
import type { RenderContext } from '../context.ts';
import { el, note, section, table } from '../dom.ts';

const CHART_TOP = 12;

function ratioCell(m: MetricComparison): HTMLElement {
  const r = m.ratio;
  const trend = r === undefined ? '' : r < 0.95 ? 'pp-better' : r > 1.05 ? 'pp-worse' : '';
  return el('span', { className: trend }, formatRatio(r));
}

export function renderComparison(before: ProfileDocument, after: ProfileDocument, ctx: RenderContext): HTMLElement {
  const cmp = compareProfiles(before, after);
  const changed = cmp.metrics
    .filter((m) => m.ratio !== undefined && m.ratio > 0)
    .sort((a, b) => Math.abs(Math.log2(b.ratio!)) - Math.abs(Math.log2(a.ratio!)))
    .slice(0, CHART_TOP);
  return section(
    'compare',
    'Before → after',
    el('p', null, `Before: ${before.source.file ?? 'untitled'} recorded ${cmp.before.createdAt} (elapsed from the ${cmp.before.elapsedRun} run). After: ${after.source.file ?? 'untitled'} recorded ${cmp.after.createdAt} (elapsed from the ${cmp.after.elapsedRun} run).`),
    cmp.warnings.length > 0 && el('ul', { className: 'pp-warnings', attrs: { 'data-list': 'compare-warnings' } }, ...cmp.warnings.map((w) => el('li', null, w))),
    changed.length === 0
      ? note('No metric is present on both sides with a non-zero value.')
      : barChart(
          {
            name: 'compare-ratios',
            caption: 'Biggest changes, log2 of after/before',
            labels: changed.map((m) => `${m.group}: ${m.name}`),
            series: [{ label: 'log2(after / before)', values: changed.map((m) => Math.log2(m.ratio!)) }],
            horizontal: true,
            describe: (i) => `${formatRatio(changed[i]!.ratio)}: ${formatWithUnit(changed[i]!.before!, changed[i]!.unit)} → ${formatWithUnit(changed[i]!.after!, changed[i]!.unit)}`,
            formatValue: (v) => formatRatio(2 ** v),
          },
          ctx,
        ),
    table<MetricComparison>('comparison', [
      { heading: 'Group', cell: (m) => m.group },
      { heading: 'Metric', cell: (m) => m.name },
      { heading: 'Before', cell: (m) => (m.before === undefined ? '–' : formatWithUnit(m.before, m.unit)), numeric: true },
      { heading: 'After', cell: (m) => (m.after === undefined ? '–' : formatWithUnit(m.after, m.unit)), numeric: true },
      { heading: 'Ratio', cell: ratioCell, numeric: true },
    ], cmp.metrics),
  );
}
