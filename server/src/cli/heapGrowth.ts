/**
 * A check run builds a unit's model, lets it go once the rules have walked it, and builds the next: most of what
 * it allocates dies within a unit or a file. V8 lets the heap grow to up to four times what survived its last
 * full collection before it collects again, so the peak was set by garbage, not by what the run holds: one
 * block of 300,000 statements peaked at 640 MB with 85 MB live. A growth of half the live size keeps the peak
 * near what is live, for a few percent more CPU spent collecting. A `--heap-growing-percent` the user gives
 * node (NODE_OPTIONS) is left alone.
 */
import { setFlagsFromString } from 'node:v8';

export const CHECK_HEAP_GROWING_PERCENT = 50;

let applied = false;

export function boundHeapGrowth(): void {
  if (applied) return;
  applied = true;
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((option) => option.includes('heap-growing-percent') || option.includes('heap_growing_percent'));
  if (!given) setFlagsFromString(`--heap-growing-percent=${CHECK_HEAP_GROWING_PERCENT}`);
}
