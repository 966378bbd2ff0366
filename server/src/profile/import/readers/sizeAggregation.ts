// Numeric-key aggregations: DTrace `@[arg2] = count()` on write() or libc's __write prints `  4096   132090`
// (size, calls), often under a hand-written `bytes  #calls` header; bpftrace prints `@[4096]: 132090`. The
// syscall comes from the probe the paste's command or script names (write, pwrite, __write, send...); when it
// names none the sizes are read as write() sizes, and the import says so.
import {
  addSize, emptyEvidence, parseCount, splitLines, takeCommand, type TraceEvidence, TraceImportError,
} from '../traceEvidence.ts';

const SIZE_ROW = /^(\d+)\s+(\d[\d,]*)$/;
const BPF_SIZE_ROW = /^@\w*\[(\d+)\]:\s*(\d+)$/;
const HEADER = /^[A-Za-z#][\w#() /-]*$/;
/** Which syscall a D or bpftrace probe clause counts sizes of. */
const PROBED = /(?:syscall::|pid\$\w+:[\w.]*:_{0,2}|uprobe:[^:]*:_{0,2}|tracepoint:syscalls:sys_enter_)(write|pwrite64|pwrite|writev|send|sendto|read|pread64|pread)\b/;

export function readSizeAggregation(text: string): TraceEvidence {
  const lines = splitLines(text);
  const ev = emptyEvidence('dtrace', 'size-aggregation', lines.length);
  let syscall: string | undefined;
  const rows: { size: number; calls: number }[] = [];
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '' || line === '^C' || /^-{3,}$/.test(line)) continue;
    const probed = PROBED.exec(line);
    if (probed) syscall = probed[1] === 'pwrite' ? 'pwrite' : probed[1]!;
    if (takeCommand(ev, raw)) continue;
    if (probed || /^[{}]$/.test(line) || /^@\[?\w*\]?\s*=\s*count\(\);?$/.test(line)) continue; // the D clause itself
    const row = SIZE_ROW.exec(line) ?? BPF_SIZE_ROW.exec(line);
    if (row) {
      if (BPF_SIZE_ROW.test(line)) ev.tool = 'bpftrace';
      const calls = parseCount(row[2]!);
      if (calls === undefined) {
        ev.unread.push({ line: i + 1, text: raw });
        continue;
      }
      rows.push({ size: Number(row[1]), calls });
      continue;
    }
    if (rows.length === 0 && HEADER.test(line)) continue; // a column header such as "bytes  #calls"
    ev.unread.push({ line: i + 1, text: raw });
  }
  if (rows.length === 0) throw new TraceImportError(`no size row (a size in bytes, then a count) in ${lines.length} lines`);
  if (syscall === undefined) {
    syscall = 'write';
    ev.estimated.push('the trace does not name the probed call: the sizes are read as write() sizes (bytes per call)');
  }
  for (const r of rows) addSize(ev, syscall, r.size, r.calls);
  return ev;
}
