/**
 * CPU time of the calling thread alone (process.cpuUsage counts every thread of the process): for the trace of
 * a parallel check run, where the main thread's and each worker's share is what decides how the run scales.
 * Linux only (/proc/thread-self); elsewhere undefined.
 */
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

export function threadCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'latin1');
    // the fields after the command name, which is in parentheses and may contain spaces
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
