// Syscall summaries: Solaris `truss -c` (name, seconds, calls, errors; "sys totals:", "usr time:", "elapsed:")
// and Linux `strace -c` (% time, seconds, usecs/call, calls, errors, syscall; a "total" line). The rows are
// checked against the totals line: a paste that lost rows says so instead of passing for the whole run.
import {
  addSyscall, emptyEvidence, parseCount, splitLines, takeCommand, type TraceEvidence, TraceImportError,
} from '../traceEvidence.ts';

const TRUSS_HEADER = /^syscall\s+seconds\s+calls\s+errors$/;
const STRACE_HEADER = /^%\s*time\s+seconds\s+usecs\/call\s+calls\s+errors\s+syscall$/;
const RULE = /^[-\s]+$/;
const SECONDS = /^\d*\.\d+$|^\d+$/;
const NAME = /^[a-z_][a-z0-9_]*$/;

interface Totals { calls: number; errors?: number }

export function readSyscallSummary(text: string): TraceEvidence {
  const lines = splitLines(text);
  const truss = lines.some((l) => TRUSS_HEADER.test(l.trim()));
  const strace = lines.some((l) => STRACE_HEADER.test(l.trim()));
  if (!truss && !strace) throw new TraceImportError('no truss -c ("syscall seconds calls errors") or strace -c ("% time seconds usecs/call calls errors syscall") header');
  const ev = emptyEvidence(truss ? 'truss' : 'strace', truss ? 'truss-summary' : 'strace-summary', lines.length);
  ev.platform = truss ? 'Solaris' : 'Linux';
  let inTable = false;
  let totals: Totals | undefined;
  let summed = 0;
  let rows = 0;
  let tables = 0;
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '' || RULE.test(line)) continue;
    if (TRUSS_HEADER.test(line) || STRACE_HEADER.test(line)) {
      if (tables > 0) throw new TraceImportError(`line ${i + 1}: a second summary table: import each run's summary as its own trace`);
      tables++;
      inTable = true;
      continue;
    }
    if (takeCommand(ev, raw)) continue;
    const attached = /^(?:strace: )?Process (\d+) (?:attached|detached)/.exec(line);
    if (attached) {
      ev.pid ??= Number(attached[1]);
      continue;
    }
    const tokens = line.split(/\s+/);
    if (truss) {
      const total = /^sys totals:\s+(\S+)\s+(\S+)\s+(\S+)$/.exec(line);
      if (total) {
        totals = { calls: parseCount(total[2]!) ?? NaN, errors: parseCount(total[3]!) ?? NaN };
        inTable = false;
        continue;
      }
      const timeLine = /^(usr time|sys time|elapsed):\s+(\d*\.\d+|\d+)$/.exec(line);
      if (timeLine) {
        if (timeLine[1] === 'elapsed') ev.elapsedMs = Math.round(Number(timeLine[2]) * 1000);
        continue;
      }
      if (inTable && tokens.length >= 3 && tokens.length <= 4 && NAME.test(tokens[0]!) && SECONDS.test(tokens[1]!)) {
        const calls = parseCount(tokens[2]!);
        const errors = tokens[3] === undefined ? 0 : parseCount(tokens[3]);
        if (calls !== undefined && errors !== undefined) {
          addSyscall(ev, tokens[0]!, calls, { seconds: Number(tokens[1]), errors });
          summed += calls;
          rows++;
          continue;
        }
      }
    } else {
      if (tokens[tokens.length - 1] === 'total' && inTable) {
        const calls = parseCount(tokens[2] ?? ''); // % time, seconds, calls, [errors,] total: no usecs/call column
        totals = { calls: calls ?? NaN };
        inTable = false;
        continue;
      }
      if (inTable && (tokens.length === 5 || tokens.length === 6) && NAME.test(tokens[tokens.length - 1]!) && SECONDS.test(tokens[0]!) && SECONDS.test(tokens[1]!)) {
        const calls = parseCount(tokens[3]!);
        const errors = tokens.length === 6 ? parseCount(tokens[4]!) : 0;
        if (calls !== undefined && errors !== undefined) {
          addSyscall(ev, tokens[tokens.length - 1]!, calls, { seconds: Number(tokens[1]), errors });
          summed += calls;
          rows++;
          continue;
        }
      }
    }
    ev.unread.push({ line: i + 1, text: raw });
  }
  if (rows === 0) throw new TraceImportError(`the ${ev.tool} -c table has no syscall row`);
  if (!totals) {
    ev.estimated.push(`no totals line after the ${rows} syscall rows: the summary may be cut short, and syscalls below the cut are missing`);
  } else if (totals.calls !== summed) {
    ev.estimated.push(`the rows add up to ${summed} calls but the totals line says ${Number.isNaN(totals.calls) ? 'something unreadable' : totals.calls}: rows are missing or unreadable (see the lines not read)`);
  }
  return ev;
}
