// SQL*Plus autotrace statistics (`set autotrace on statistics`), often pasted next to an OS trace: one
// `   4089670  consistent gets` line per statistic. They stand in for the session statistics the profile run
// reads from V$MYSTAT; "session logical reads" is consistent gets + db block gets, as Oracle counts it.
import { emptyEvidence, splitLines, takeCommand, type TraceEvidence, TraceImportError } from '../traceEvidence.ts';

const STAT = /^(\d+)\s+([A-Za-z*][\w*()/:. -]*[\w)])$/;
export const AUTOTRACE_NAMES = new Set([
  'recursive calls', 'db block gets', 'consistent gets', 'physical reads', 'redo size', 'bytes sent via SQL*Net to client',
  'bytes received via SQL*Net from client', 'SQL*Net roundtrips to/from client', 'sorts (memory)', 'sorts (disk)', 'rows processed',
]);

export function readAutotrace(text: string): TraceEvidence {
  const lines = splitLines(text);
  const ev = emptyEvidence('sqlplus', 'autotrace', lines.length);
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '' || line === 'Statistics' || /^-+$/.test(line) || takeCommand(ev, raw) || /^SQL> /.test(line)) {
      if (/^SQL> /.test(line)) ev.commands.push(line.slice(5));
      continue;
    }
    const m = STAT.exec(line);
    if (m && AUTOTRACE_NAMES.has(m[2]!)) {
      ev.stats.set(m[2]!, Number(m[1]));
      continue;
    }
    ev.unread.push({ line: i + 1, text: raw });
  }
  if (ev.stats.size === 0) throw new TraceImportError('no autotrace statistic ("    4089670  consistent gets")');
  const cg = ev.stats.get('consistent gets');
  const bg = ev.stats.get('db block gets');
  if (cg !== undefined || bg !== undefined) {
    ev.stats.set('session logical reads', (cg ?? 0) + (bg ?? 0));
    ev.estimated.push(`session logical reads = consistent gets + db block gets = ${(cg ?? 0) + (bg ?? 0)} (autotrace prints the two, not their sum)`);
  }
  return ev;
}
