/** Arguments of `plsql-perf profile import`. Pure: no I/O. */
import { TRACE_FORMATS, type TraceFormat } from '../../profile/import/traceEvidence.ts';

export interface ImportArgs {
  traces: string[];
  source: string | undefined;
  lines: { start: number; end: number } | undefined;
  iterations: number | undefined;
  format: TraceFormat | undefined;
  stacks: 'calls' | 'samples' | undefined;
  out: string;
}

export type ParsedImportArgs = { kind: 'import'; options: ImportArgs } | { kind: 'help' } | { kind: 'usage-error'; message: string };

export const IMPORT_USAGE = `Usage: plsql-perf profile import TRACE... --out PROFILE.plsqlprofile.json [options]

Reads traces you already have of an Oracle server process (DTrace or bpftrace aggregations and ustack()
stacks, truss -c / strace -c summaries, truss / strace line logs, perf report --stdio, perf script, pstack
loops, SQL*Plus autotrace statistics) and writes a profile that "Open a saved profile", report and compare
open. With --source, the analyzer's hints on those lines become finding cards, confirmed or not by the
traces' numbers. Every line a reader could not use is listed in the profile; nothing is invented.

Options:
  -o, --out FILE           the profile to write (required)
      --source FILE        the PL/SQL the traces measured
      --lines START-END    the measured lines of --source (default: the whole file)
      --iterations N       how often the loop ran, when you know it (default: the analyzer's loop estimate)
      --format FORMAT      read every trace as FORMAT instead of detecting it:
                           ${TRACE_FORMATS.join(', ')}
      --stacks KIND        what ustack() counts are: calls (of the leaf function) or samples
  -h, --help               show this help
`;

const VALUE_OPTIONS = new Set(['-o', '--out', '--output', '--source', '--lines', '--iterations', '--format', '--stacks']);

export function parseImportArgs(argv: readonly string[]): ParsedImportArgs {
  const values = new Map<string, string>();
  const traces: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') return { kind: 'help' };
    if (!arg.startsWith('-') || arg === '-') {
      traces.push(arg);
      continue;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (!VALUE_OPTIONS.has(name)) return { kind: 'usage-error', message: `unknown option '${name}'` };
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '') return { kind: 'usage-error', message: `option '${name}' needs a value` };
    values.set(name === '-o' || name === '--output' ? '--out' : name, value);
  }
  if (traces.length === 0) return { kind: 'usage-error', message: 'no trace given (plsql-perf profile import TRACE... --out PROFILE.plsqlprofile.json)' };
  const out = values.get('--out');
  if (out === undefined) return { kind: 'usage-error', message: 'no --out given: name the profile to write (e.g. --out run.plsqlprofile.json)' };
  let lines: ImportArgs['lines'];
  const linesText = values.get('--lines');
  if (linesText !== undefined) {
    const m = /^(\d+)-(\d+)$/.exec(linesText);
    if (!m || Number(m[1]) < 1 || Number(m[2]) < Number(m[1])) return { kind: 'usage-error', message: `--lines '${linesText}' is not a range START-END of lines (1-based, START <= END)` };
    lines = { start: Number(m[1]), end: Number(m[2]) };
    if (!values.has('--source')) return { kind: 'usage-error', message: '--lines needs --source (the file the lines are in)' };
  }
  let iterations: number | undefined;
  const itText = values.get('--iterations');
  if (itText !== undefined) {
    iterations = /^\d+$/.test(itText.replace(/[,_]/g, '')) ? Number(itText.replace(/[,_]/g, '')) : NaN;
    if (!Number.isSafeInteger(iterations) || iterations < 1) return { kind: 'usage-error', message: `--iterations '${itText}' is not a positive whole number` };
  }
  const format = values.get('--format');
  if (format !== undefined && !(TRACE_FORMATS as readonly string[]).includes(format)) {
    return { kind: 'usage-error', message: `unknown format '${format}' (expected one of ${TRACE_FORMATS.join(', ')})` };
  }
  const stacks = values.get('--stacks');
  if (stacks !== undefined && stacks !== 'calls' && stacks !== 'samples') return { kind: 'usage-error', message: `--stacks '${stacks}': expected calls or samples` };
  return {
    kind: 'import',
    options: { traces, source: values.get('--source'), lines, iterations, format: format as TraceFormat | undefined, stacks: stacks as ImportArgs['stacks'], out },
  };
}
