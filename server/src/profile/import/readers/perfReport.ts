// `perf report --stdio` (with or without --children): `# Samples: 12K of event 'cpu-clock'`, a column header
// (`# Children  Self  Command  Shared Object  Symbol` or `# Overhead  Command  Shared Object  Symbol`), then one
// line per symbol: percentages, command, shared object, `[.]` (user) or `[k]` (kernel), symbol. Each symbol's
// self share becomes its count of samples (share x the sample count the header gives); call-graph lines (-g)
// and children shares cannot become stacks and are listed as not read.
import { emptyEvidence, platformOfModule, splitLines, takeCommand, type TraceEvidence, TraceImportError } from '../traceEvidence.ts';

const SAMPLES = /^#\s*Samples:\s*([\d.]+)([KMG]?)\s+of event '([^']+)'/;
const HEADER = /^#\s*(Children\s+Self|Overhead)\s+/;
const ROW_CHILDREN = /^([\d.]+)%\s+([\d.]+)%\s+(.+?)\s+(\S+)\s+\[([.kgu])\]\s+(.+)$/;
const ROW_SELF = /^([\d.]+)%\s+(.+?)\s+(\S+)\s+\[([.kgu])\]\s+(.+)$/;

export function readPerfReport(text: string): TraceEvidence {
  const lines = splitLines(text);
  const ev = emptyEvidence('perf', 'perf-report', lines.length);
  ev.platform = 'Linux';
  let samples: number | undefined;
  let exact = false;
  let children: boolean | undefined;
  const rows: { symbol: string; module: string; self: number; comm: string }[] = [];
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    if (takeCommand(ev, raw)) continue;
    const s = SAMPLES.exec(line);
    if (s) {
      const scale = { '': 1, K: 1e3, M: 1e6, G: 1e9 }[s[2] as '' | 'K' | 'M' | 'G'];
      samples = Math.round(Number(s[1]) * scale);
      exact = s[2] === '';
      continue;
    }
    const h = HEADER.exec(line);
    if (h) {
      children = h[1]!.startsWith('Children');
      continue;
    }
    if (line.startsWith('#')) continue; // perf's comment lines (header info, dotted rules)
    const row = children ? ROW_CHILDREN.exec(line) : ROW_SELF.exec(line);
    if (children !== undefined && row) {
      const self = Number(children ? row[2] : row[1]);
      const comm = (children ? row[3] : row[2])!;
      const module = (children ? row[4] : row[3])!;
      const symbol = (children ? row[6] : row[5])!.trim();
      rows.push({ symbol, module, self, comm });
      ev.platform = platformOfModule(module) ?? ev.platform;
      continue;
    }
    ev.unread.push({ line: i + 1, text: raw });
  }
  if (children === undefined) throw new TraceImportError('no perf report column header ("# Overhead ..." or "# Children  Self ...")');
  if (rows.length === 0) throw new TraceImportError('the perf report has a header but no symbol row');
  const total = samples ?? 10000;
  if (samples === undefined) ev.estimated.push('the report does not give the sample count ("# Samples:"): shares are kept as hundredths of a percent');
  else if (!exact) ev.estimated.push(`the report rounds the sample count (${samples.toLocaleString('en-US')}): each symbol's samples are its share of that count`);
  else ev.estimated.push("each symbol's samples are its self share of the report's sample count");
  if (children) ev.estimated.push('children shares are not imported: without call chains they cannot be stacks');
  const comms = new Set(rows.map((r) => r.comm));
  if (comms.size === 1) ev.comm = [...comms][0];
  for (const r of rows) {
    const count = Math.round((r.self / 100) * total);
    if (count > 0) ev.stacks.push({ frames: [r.symbol.replace(/\s+\(.*\)$/, '')], count });
  }
  ev.stackCounts = 'samples';
  return ev;
}
