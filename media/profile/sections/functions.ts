// Kernel functions: call counts from uprobes and time shares from stack samples, each annotated (layer and
// meaning from the knowledge base) in the table and in the chart tooltips.
import type { FunctionCount, Profile as ProbeProfile } from '../../../server/src/profile/contract/probeProfile.ts';
import { annotateFunction, annotationText } from '../../../server/src/profile/annotations/annotateFunction.ts';
import { formatCount, formatMs, formatPercent } from '../../../server/src/profile/view/format.ts';
import { sampledFunctions, type SampledFunction } from '../../../server/src/profile/view/stacks.ts';
import { countsOrigin, stacksCaption } from '../../../server/src/profile/view/evidenceLabels.ts';
import { barChart } from '../charts.ts';
import type { RenderContext } from '../context.ts';
import { el, note, section, table } from '../dom.ts';

const TOP = 15;

function functionCell(name: string): HTMLElement {
  return el('code', { title: annotationText(name), attrs: { 'data-function': name } }, name);
}

const layerOf = (name: string): string => annotateFunction(name)?.layer ?? '–';

export function renderFunctionCalls(probe: ProbeProfile, run: string, ctx: RenderContext): HTMLElement {
  const result = probe.collectors.functions;
  if (!result) return section('functions', 'Kernel functions by calls', note('The function collector was not requested in this recording.'));
  const rows = [...result.functions].sort((a, b) => b.calls - a.calls || (a.name < b.name ? -1 : 1));
  const top = rows.filter((f) => f.calls > 0).slice(0, TOP);
  return section(
    'functions',
    'Kernel functions by calls',
    el('p', { className: 'pp-muted' }, `${countsOrigin(probe)} (${run} run). Hover a name for what the function does.`),
    top.length > 0
      ? barChart(
          {
            name: 'function-calls',
            caption: 'Calls per kernel function',
            labels: top.map((f) => f.name),
            series: [{ label: 'calls', values: top.map((f) => f.calls) }],
            horizontal: true,
            describe: (i) => annotationText(top[i]!.name),
            formatValue: formatCount,
          },
          ctx,
        )
      : note('No probed function was called.'),
    table<FunctionCount>('functions', [
      { heading: 'Function', cell: (f) => functionCell(f.name) },
      { heading: 'Layer', cell: (f) => layerOf(f.name) },
      { heading: 'Calls', cell: (f) => formatCount(f.calls), numeric: true },
      { heading: 'Pattern', cell: (f) => f.pattern ?? '' },
      { heading: 'What it does', cell: (f) => el('span', { className: 'pp-muted' }, annotateFunction(f.name)?.summary ?? 'no annotation') },
    ], rows),
    result.missing.length > 0 && note(`Not found in the target, so not probed: ${result.missing.join(', ')}.`),
    result.time_note !== undefined && note(result.time_note),
  );
}

export function renderSampledFunctions(probe: ProbeProfile, run: string, ctx: RenderContext): HTMLElement {
  const stacks = probe.collectors.stacks;
  if (!stacks || stacks.samples === 0) return section('sampled', 'Kernel functions by sampled time', note('No stack samples in this recording.'));
  const all = sampledFunctions(stacks.folded);
  const samples = stacks.folded.reduce((s, f) => s + f.count, 0);
  // Imported stacks may have no known rate (pstack loops) or count calls, not samples (ustack() aggregations).
  const msPerSample = stacks.hz > 0 && stacks.counts !== 'calls' ? 1000 / stacks.hz : undefined;
  const top = all.filter((f) => f.self > 0).slice(0, TOP);
  const what = stacks.counts === 'calls' ? 'Kernel functions in the counted stacks' : 'Kernel functions by sampled time';
  return section(
    'sampled',
    what,
    el('p', { className: 'pp-muted' }, `${stacksCaption(stacks)} (${run} run${msPerSample !== undefined ? `; about ${formatMs(msPerSample)} each` : ''}). Self = on top of the stack; total = anywhere on it.`),
    barChart(
      {
        name: 'sampled-time',
        caption: 'Self samples per kernel function',
        labels: top.map((f) => f.name),
        series: [
          { label: 'self samples', values: top.map((f) => f.self) },
          { label: 'total samples', values: top.map((f) => f.total) },
        ],
        horizontal: true,
        describe: (i) => annotationText(top[i]!.name),
        formatValue: formatCount,
      },
      ctx,
    ),
    table<SampledFunction>('sampled', [
      { heading: 'Function', cell: (f) => functionCell(f.name) },
      { heading: 'Layer', cell: (f) => layerOf(f.name) },
      { heading: 'Self', cell: (f) => formatPercent(f.self, samples), numeric: true },
      { heading: 'Total', cell: (f) => formatPercent(f.total, samples), numeric: true },
      { heading: 'Self time (est.)', cell: (f) => (msPerSample !== undefined ? formatMs(f.self * msPerSample) : '–'), numeric: true },
    ], all.slice(0, 40)),
    stacks.lost > 0 && note(`${formatCount(stacks.lost)} samples were lost.`),
  );
}
