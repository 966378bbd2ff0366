// chart.js, bundled into the page script (no CDN), registered with only the parts the page uses. Animations
// are off: the report is a static document and the tests read the pixels right after drawing.
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip, type ChartConfiguration } from 'chart.js';
import { el } from './dom.ts';
import type { RenderContext } from './context.ts';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface BarSeries {
  label: string;
  values: number[];
}

export interface BarChartSpec {
  /** data-chart attribute: tests and the report find each chart by it. */
  name: string;
  labels: string[];
  series: BarSeries[];
  horizontal?: boolean;
  /** Tooltip text per label index (e.g. the function annotation). */
  describe?: (index: number) => string | undefined;
  formatValue?: (value: number) => string;
  /** Accessible summary of what the chart shows. */
  caption: string;
}

/** A bar chart in a fixed-height box; returns the wrapper to insert (the chart draws once it is attached). */
export function barChart(spec: BarChartSpec, ctx: RenderContext): HTMLElement {
  const theme = ctx.theme;
  const canvas = el('canvas', { attrs: { 'data-chart': spec.name, role: 'img', 'aria-label': spec.caption } });
  const rows = spec.labels.length;
  // Horizontal bars: one band per label, tall enough for every series side by side.
  const height = spec.horizontal ? Math.max(120, (14 * spec.series.length + 12) * rows + 50) : 240;
  const box = el('div', { className: 'pp-chart', attrs: { 'data-height': String(height) } }, canvas);
  box.style.height = `${height}px`;
  const format = spec.formatValue ?? ((v: number) => String(v));
  const config: ChartConfiguration<'bar'> = {
    type: 'bar',
    data: {
      labels: spec.labels,
      datasets: spec.series.map((s, i) => ({
        label: s.label,
        data: s.values,
        backgroundColor: theme.series[i % theme.series.length],
        borderWidth: 0,
      })),
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      indexAxis: spec.horizontal ? 'y' : 'x',
      color: theme.foreground,
      font: { family: theme.font },
      scales: {
        // The value axis prints values as the tables do (ms, ×ratio, counts); the category axis the labels.
        x: { ticks: { color: theme.foreground, ...(spec.horizontal ? { callback: (v) => format(Number(v)) } : {}) }, grid: { color: theme.grid } },
        y: { ticks: { color: theme.foreground, ...(spec.horizontal ? {} : { callback: (v) => format(Number(v)) }) }, grid: { color: theme.grid } },
      },
      plugins: {
        legend: { display: spec.series.length > 1, labels: { color: theme.foreground } },
        tooltip: {
          callbacks: {
            label: (item) => `${item.dataset.label ?? ''}: ${format(Number(item.raw))}`,
            afterLabel: (item) => spec.describe?.(item.dataIndex) ?? '',
          },
        },
      },
    },
  };
  // Drawn after the page is in the document: chart.js sizes the canvas from its container.
  ctx.afterAttach.push(() => ctx.disposables.push(new Chart(canvas, config)));
  return box;
}
