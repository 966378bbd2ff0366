// Syscall line logs: `truss [-f] -t...` (`5522:   read(9, "\f\0 x05".., 512)      = 512`, `Err#2 ENOENT`) and
// `strace [-f] [-tt]` (`read(9, "..."..., 512) = 512`, `[pid  5522] read(...)`, `5522  read(...)`, `= -1 ENOENT
// (...)`, `<unfinished ...>` / `<... read resumed>`). Counts calls per syscall and the byte counts of the
// read/write family (the size the call returned, which is what reached the file).
import {
  addSize, addSyscall, emptyEvidence, splitLines, takeCommand, type TraceEvidence, TraceImportError,
} from '../traceEvidence.ts';

const SIZED = new Set(['read', 'pread', 'pread64', 'write', 'pwrite', 'pwrite64', 'send', 'sendto', 'recv', 'recvfrom']);
/** [pid] or pid: prefix, optional timestamp, name(args) = result. */
const CALL = /^(?:\[pid\s+(\d+)\]\s+|(\d+)(?::|\/\d+:)?\s+)?(?:\d{1,2}:\d{2}:\d{2}(?:\.\d+)?\s+|\d+\.\d+\s+)?([a-z_][a-z0-9_]*)\((.*)$/;
const RESULT = /\)\s*=\s*(-?\d+|0x[0-9a-f]+)(?:\s|$)|\)\s+Err#(\d+)/i;
const RESUMED = /^(?:\[pid\s+\d+\]\s+|\d+\s+)?(?:[\d:.]+\s+)?<\.\.\. ([a-z_][a-z0-9_]*) resumed>.*=\s*(-?\d+)/;

export function readSyscallLog(text: string): TraceEvidence {
  const lines = splitLines(text);
  const ev = emptyEvidence('strace', 'syscall-log', lines.length);
  const pids = new Set<number>();
  let calls = 0;
  let trussStyle = 0;
  let straceStyle = 0;
  const sized = (name: string, result: string | undefined): void => {
    if (result === undefined || !SIZED.has(name)) return;
    const bytes = Number(result);
    if (Number.isInteger(bytes) && bytes >= 0) addSize(ev, name, bytes, 1);
  };
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '' || line === '...') {
      if (line === '...') ev.unread.push({ line: i + 1, text: raw });
      continue;
    }
    if (takeCommand(ev, raw)) continue;
    if (/^(?:strace: )?Process \d+ (?:attached|detached)/.test(line) || /^\+\+\+ exited with \d+ \+\+\+$/.test(line) || /^--- SIG\w+ /.test(line)) {
      const p = /Process (\d+)/.exec(line);
      if (p) pids.add(Number(p[1]));
      continue;
    }
    const resumed = RESUMED.exec(line);
    if (resumed) {
      sized(resumed[1]!, resumed[2]);
      continue; // counted when it started
    }
    const m = CALL.exec(line);
    if (!m) {
      ev.unread.push({ line: i + 1, text: raw });
      continue;
    }
    const name = m[3]!;
    const unfinished = /<unfinished \.\.\.>\s*$/.test(line);
    const result = RESULT.exec(line);
    if (!unfinished && !result) {
      ev.unread.push({ line: i + 1, text: raw }); // a call cut off before its result
      continue;
    }
    const pid = Number(m[1] ?? m[2] ?? NaN);
    if (Number.isInteger(pid)) pids.add(pid);
    if (/^\d+:/.test(line) || /Err#\d+/.test(line)) trussStyle++;
    else straceStyle++;
    addSyscall(ev, name, 1, result?.[2] !== undefined || /=\s*-1\s+E[A-Z]+/.test(line) ? { errors: 1 } : {});
    calls++;
    if (result?.[1] !== undefined) sized(name, result[1]);
  }
  if (calls === 0) throw new TraceImportError(`no syscall line (name(arguments) = result) in ${lines.length} lines`);
  if (trussStyle > straceStyle) {
    ev.tool = 'truss';
    ev.platform = 'Solaris';
  } else {
    ev.platform = 'Linux';
  }
  if (pids.size === 1) ev.pid ??= [...pids][0];
  if (pids.size > 1) ev.estimated.push(`the log has lines of ${pids.size} processes or threads (${[...pids].slice(0, 5).join(', ')}${pids.size > 5 ? ', ...' : ''}): their calls are added up`);
  return ev;
}
