/**
 * A one-line progress display on standard error while many files are analyzed: rewritten in place with `\r`,
 * at most ten times a second, and only on a terminal (a CI log or a redirected stderr gets nothing).
 */
import { oneLine } from './reporters/escape.ts';

export interface ProgressSink {
  write: (s: string) => void;
  isTTY: boolean;
  columns: number;
}

/** Fewer files than this finish before a progress line would help. */
export const PROGRESS_MIN_FILES = 20;

export function createProgress(sink: ProgressSink, now: () => number = () => Date.now()) {
  let last = -Infinity;
  let shown = false;
  return {
    update(what: string, done: number, total: number, file: string): void {
      if (!sink.isTTY || total < PROGRESS_MIN_FILES) return;
      const t = now();
      if (t - last < 100) return;
      last = t;
      const line = `plsql-perf: ${what} ${done}/${total} ${oneLine(file)}`;
      const width = Math.max(20, sink.columns - 1);
      sink.write(`\r${line.length > width ? `${line.slice(0, width - 1)}…` : line}\x1b[K`);
      shown = true;
    },
    /** Clears the line so the report or the next message starts on a clean line. */
    done(): void {
      if (shown) sink.write('\r\x1b[K');
      shown = false;
    },
  };
}
