/**
 * A check run builds a unit's model, lets it go once the rules have walked it, and builds the next: most of what
 * it allocates dies within a unit or a file. V8 lets the heap grow to up to four times what survived its last
 * full collection before it collects again, so the peak was set by garbage, not by what the run holds: one
 * block of 300,000 statements peaked at 640 MB with 85 MB live. A growth of half the live size keeps the peak
 * near what is live, for a few percent more CPU spent collecting. A `--heap-growing-percent` the user gives
 * node (NODE_OPTIONS) is left alone.
 *
 * A file is parsed whole before its rules run (they ask about every unit of it), so a run holds every model of
 * its largest file at once: a 20 MB file of 16,000 procedures held 250 MB of models, and with a growth of half
 * that the heap reached 500 MB before V8 collected. For a file above LARGE_FILE_BYTES the growth is a quarter
 * while the files are checked: measured on that file, a peak of 537-570 MB instead of 590-605 MB for about 10%
 * more CPU. The check's own value is set back before the run ends: the code cache (bin/plsql-perf.mjs) is made
 * and taken under that value.
 */
import { setFlagsFromString } from 'node:v8';

export const CHECK_HEAP_GROWING_PERCENT = 50;
export const LARGE_FILE_HEAP_GROWING_PERCENT = 25;
export const LARGE_FILE_BYTES = 8 * 1024 * 1024;

let applied = false;

const givenByUser = (): boolean =>
  [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((option) => option.includes('heap-growing-percent') || option.includes('heap_growing_percent'));

export function boundHeapGrowth(): void {
  if (applied) return;
  applied = true;
  if (!givenByUser()) setFlagsFromString(`--heap-growing-percent=${CHECK_HEAP_GROWING_PERCENT}`);
}

/** Runs `work` with the tighter growth when the largest file is above LARGE_FILE_BYTES (and the check's own growth is in force). */
export async function withGrowthForLargestFile<T>(largestFileBytes: number, work: () => Promise<T>): Promise<T> {
  if (!applied || largestFileBytes <= LARGE_FILE_BYTES || givenByUser()) return work();
  setFlagsFromString(`--heap-growing-percent=${LARGE_FILE_HEAP_GROWING_PERCENT}`);
  try {
    return await work();
  } finally {
    setFlagsFromString(`--heap-growing-percent=${CHECK_HEAP_GROWING_PERCENT}`);
  }
}
