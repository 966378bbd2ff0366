// DBMS_HPROF: hot lines and subprograms. A row with a file line is a button: the panel jumps to the code, the
// report scrolls to the line in its source listing.
import type { HprofLine, HprofSubprogram, ProfileDocument } from '../../../server/src/profile/profileDocument.ts';
import { runOf } from '../../../server/src/profile/view/profileFacts.ts';
import { formatCount, formatPercent, formatUs } from '../../../server/src/profile/view/format.ts';
import { barChart } from '../charts.ts';
import type { RenderContext } from '../context.ts';
import { el, note, section, table, type ElementOptions } from '../dom.ts';

function unitName(owner: string, module: string): string {
  return [owner, module].filter((s) => s !== '').join('.') || 'anonymous block';
}

function jumpRow(ctx: RenderContext, file: string | undefined, line: number | undefined, kind: string): ElementOptions | null {
  if (line === undefined) return null;
  return {
    className: 'pp-clickable',
    title: `Show line ${line}${file ? ` of ${file}` : ''}`,
    attrs: { 'data-hot': kind, 'data-line': String(line), tabindex: '0' },
    onClick: () => ctx.host.openSource(file === undefined ? { line } : { file, line }),
  };
}

const CHART_LINES = 40;

export function renderHprof(doc: ProfileDocument, ctx: RenderContext): HTMLElement {
  const run = runOf(doc, doc.measuredBy.hprof);
  const hprof = run?.hprof;
  if (!run || !hprof) return section('hprof', 'PL/SQL hot spots (DBMS_HPROF)', note('DBMS_HPROF was not enabled for this profile.'));
  const lines = [...hprof.lines].sort((a, b) => b.elapsedUs - a.elapsedUs);
  const subprograms = [...hprof.subprograms].sort((a, b) => b.functionElapsedUs - a.functionElapsedUs);
  const total = hprof.totalElapsedUs;
  // The chart shows the hottest lines (a bar per line of a 180,000-line profile would be a canvas no browser
  // draws); the table below has them all.
  const charted = lines.slice(0, CHART_LINES);
  return section(
    'hprof',
    'PL/SQL hot spots (DBMS_HPROF)',
    el('p', { className: 'pp-muted' }, `Run ${hprof.runId} of the ${run.role} run, ${formatUs(total)} in total. Click a line to see it in the code.`),
    lines.length > 0 &&
      barChart(
        {
          name: 'hprof-lines',
          caption: 'Elapsed time per hot line',
          labels: charted.map((l) => (l.fileLine !== undefined ? `line ${l.fileLine}` : `unit line ${l.unitLine}`)),
          series: [{ label: 'elapsed', values: charted.map((l) => l.elapsedUs) }],
          horizontal: true,
          describe: (i) => `${charted[i]!.label}, ${formatCount(charted[i]!.calls)} calls`,
          formatValue: formatUs,
        },
        ctx,
      ),
    el('h3', null, 'Hot lines'),
    lines.length === 0
      ? note('HPROF reported no line-level entries.')
      : table<HprofLine>('hprof-lines', [
          { heading: 'Line', cell: (l) => (l.fileLine !== undefined ? String(l.fileLine) : `${unitName(l.owner, l.module)}:${l.unitLine}`) },
          { heading: 'What', cell: (l) => l.label },
          { heading: 'Calls', cell: (l) => formatCount(l.calls), numeric: true },
          { heading: 'Elapsed', cell: (l) => formatUs(l.elapsedUs), numeric: true },
          { heading: 'Share', cell: (l) => formatPercent(l.elapsedUs, total), numeric: true },
        ], lines, (l) => jumpRow(ctx, l.file ?? doc.source.file, l.fileLine, 'line')),
    el('h3', null, 'Subprograms'),
    table<HprofSubprogram>('hprof-subprograms', [
      { heading: 'Subprogram', cell: (s) => `${unitName(s.owner, s.module)}${s.function && s.function !== s.module ? `.${s.function}` : ''}` },
      { heading: 'Kind', cell: (s) => `${s.namespace}${s.type ? ` ${s.type}` : ''}` },
      { heading: 'Calls', cell: (s) => formatCount(s.calls), numeric: true },
      { heading: 'Own time', cell: (s) => formatUs(s.functionElapsedUs), numeric: true },
      { heading: 'With callees', cell: (s) => formatUs(s.subtreeElapsedUs), numeric: true },
    ], subprograms, (s) => jumpRow(ctx, s.file ?? doc.source.file, s.fileLine, 'subprogram')),
  );
}
