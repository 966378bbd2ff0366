// Number formatting for the profile page and its text report: one place, so the panel, the HTML report and the
// Markdown summary print the same figures.

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export function formatCount(n: number): string {
  return Number.isInteger(n) ? integer.format(n) : oneDecimal.format(n);
}

export function formatMs(ms: number): string {
  if (ms >= 10_000) return `${oneDecimal.format(ms / 1000)} s`;
  if (ms >= 100) return `${integer.format(ms)} ms`;
  return `${oneDecimal.format(ms)} ms`;
}

export function formatUs(us: number): string {
  return us >= 1000 ? formatMs(us / 1000) : `${integer.format(us)} µs`;
}

export function formatNs(ns: number): string {
  return ns >= 1_000_000 ? formatMs(ns / 1e6) : formatUs(ns / 1000);
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1 << 20) return `${oneDecimal.format(bytes / (1 << 20))} MiB`;
  if (bytes >= 1 << 10) return `${oneDecimal.format(bytes / (1 << 10))} KiB`;
  return `${integer.format(bytes)} B`;
}

export function formatPercent(part: number, whole: number): string {
  return whole > 0 ? `${oneDecimal.format((100 * part) / whole)}%` : '–';
}

/** after/before as "×1.53"; "–" when there is no ratio. */
export function formatRatio(ratio: number | undefined): string {
  if (ratio === undefined || !Number.isFinite(ratio)) return '–';
  if (ratio === 0) return '×0';
  if (ratio < 0.01) return `×${ratio.toExponential(1)}`;
  if (ratio >= 100) return `×${integer.format(ratio)}`;
  return ratio >= 10 ? `×${ratio.toFixed(1)}` : `×${ratio.toFixed(2)}`;
}

/** A value with its unit as the profile names it (ms, µs, calls, or none). */
export function formatWithUnit(value: number, unit: string | undefined): string {
  switch (unit) {
    case 'ms':
      return formatMs(value);
    case 'µs':
    case 'us':
      return formatUs(value);
    case 'ns':
      return formatNs(value);
    case 'bytes':
      return formatBytes(value);
    case '%':
      return `${oneDecimal.format(value)}%`;
    case undefined:
    case '':
      return formatCount(value);
    default:
      return `${formatCount(value)} ${unit}`;
  }
}
