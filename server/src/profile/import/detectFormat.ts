// Which tool wrote a trace, from its content: each format has lines no other format has (a truss -c header,
// perf's "# Samples:", a frame followed by a count...). The format with the most such lines wins; a trace with
// none is refused with the list of formats, so the user can name one with --format.
import { looksLikeFrame } from './readers/ustack.ts';
import { AUTOTRACE_NAMES } from './readers/autotrace.ts';
import { promptCommand, splitLines, toolCommand, TRACE_FORMATS, type TraceFormat, TraceImportError } from './traceEvidence.ts';

type Scores = Record<TraceFormat, number>;

export function detectFormat(text: string): TraceFormat {
  const lines = splitLines(text).map((l) => l.replace(/\s+$/, ''));
  const score: Scores = Object.fromEntries(TRACE_FORMATS.map((f) => [f, 0])) as Scores;
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const command = toolCommand(raw) ?? promptCommand(raw);
    if (command !== undefined && /\bdtrace\b|\bbpftrace\b/.test(command)) {
      if (/ustack/.test(command)) score['ustack-aggregation'] += 5;
      else if (/@\w*\[arg\d\]/.test(command)) score['size-aggregation'] += 5;
      else if (/count\(\)/.test(command)) score['dtrace-aggregation'] += 5;
      continue;
    }
    if (/^syscall\s+seconds\s+calls\s+errors$/.test(line)) score['truss-summary'] += 100;
    if (/^%\s*time\s+seconds\s+usecs\/call\s+calls\s+errors\s+syscall$/.test(line)) score['strace-summary'] += 100;
    if (/^#\s*(Samples:|Children\s+Self|Overhead\s+)/.test(line)) score['perf-report'] += 50;
    if (/^\S.*?\s+\d+(?:\/\d+)?\s+(?:\[\d+\]\s+)?\d+\.\d+:\s+(?:\d+\s+)?[\w:.-]+:/.test(raw)) score['perf-script'] += 5;
    if (/^\s*[0-9a-f]{8,16}\s+\S+?\s*\(.*\)(?:\s*\+\s*[0-9a-f]+)?$/.test(raw) || /^#\d+\s+0x[0-9a-f]+\s+in\s+\S+/.test(line)) score.pstack += 3;
    if (/^(?:\[pid\s+\d+\]\s+|\d+:?\s+)?(?:[\d:.]+\s+)?[a-z_][a-z0-9_]*\(.*\)\s*=\s*-?\d+/.test(line) || /\)\s+Err#\d+/.test(line)) score['syscall-log'] += 3;
    const stat = /^(\d+)\s+(.+)$/.exec(line);
    if (stat && AUTOTRACE_NAMES.has(stat[2]!)) score.autotrace += 10;
    if (/^@\w*\[\s*$/.test(line)) score['ustack-aggregation'] += 10;
    if (/^\d+$/.test(line) && i > 0 && looksLikeFrame(lines[i - 1]!) && /[`+]/.test(lines[i - 1]!)) score['ustack-aggregation'] += 10;
    if (/^(\d+)\s+(\d[\d,]*)$/.test(line) || /^@\w*\[\d+\]:\s*\d+$/.test(line)) score['size-aggregation'] += 2;
    if (/^(?:[\w.+-]+\s+){0,2}[A-Za-z_][\w.$`:<>~+-]*\s+\d[\d,]*$/.test(line) && !/^\d/.test(line)) score['dtrace-aggregation'] += 2;
    if (/^@\w*\[[^\]\d][^\]]*\]:\s*\d+$/.test(line)) score['dtrace-aggregation'] += 2;
    if (line.split(/\s+/).length > 8 && /^(?:\S+\s+){1,2}\d+\s+(?:\S+\s+){1,2}\d+\s/.test(line)) score['dtrace-aggregation'] += 20;
  }
  const ranked = TRACE_FORMATS.map((f) => [f, score[f]] as const).filter(([, s]) => s > 0).sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0) {
    throw new TraceImportError(`cannot tell which tool wrote it (${lines.length} lines, none in a known format); name the format with --format (${TRACE_FORMATS.join(', ')})`);
  }
  return ranked[0]![0];
}
