// One write() size histogram of the probe (exact top sizes + log2 buckets for the rest) as ordered bins for a
// chart and a table. Pure.
import type { WriteHist } from '../contract/probeProfile.ts';
import { formatBytes } from './format.ts';

export interface SizeBin {
  /** Smallest size in the bin (the exact size for a top size). */
  min: number;
  max: number;
  calls: number;
  label: string;
  exact: boolean;
}

export function writeSizeBins(hist: WriteHist): SizeBin[] {
  const bins: SizeBin[] = [
    ...hist.top_sizes.map((t) => ({ min: t.size, max: t.size, calls: t.calls, label: `${t.size} B`, exact: true })),
    ...hist.log2_buckets.map((b) => ({ min: b.min, max: b.max, calls: b.calls, label: `${formatBytes(b.min)}–${formatBytes(b.max)}`, exact: false })),
  ];
  return bins.sort((a, b) => a.min - b.min || a.max - b.max);
}

/** The bin holding most of the calls: what the seeds read off a histogram ("mostly 4096-byte writes"). */
export function dominantBin(hist: WriteHist): SizeBin | undefined {
  return writeSizeBins(hist).reduce<SizeBin | undefined>((best, b) => (best === undefined || b.calls > best.calls ? b : best), undefined);
}

export function histogramTitle(hist: WriteHist): string {
  return `${hist.syscall}() to ${hist.fd_kind === 'unknown' ? 'descriptors of unknown kind' : `${hist.fd_kind}s`}`;
}
