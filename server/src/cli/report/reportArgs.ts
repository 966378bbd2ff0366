/** Arguments of `plsql-perf report`. Pure: no I/O. */

export type ReportFormat = 'html' | 'markdown';

export interface ReportOptions {
  profile: string;
  /** A second profile: the report compares profile (before) with it (after). */
  compare: string | undefined;
  format: ReportFormat;
  /** Output file; standard output when absent. */
  out: string | undefined;
}

export type ParsedReportArgs = { kind: 'report'; options: ReportOptions } | { kind: 'help' } | { kind: 'usage-error'; message: string };

export const REPORT_USAGE = `Usage: plsql-perf report PROFILE.plsqlprofile.json [options]

Writes a saved profile as a shareable report: one self-contained HTML file (the same rendering as the
VS Code panel; script, style and chart library inlined, no network access) or a Markdown summary with
the finding cards.

Options:
  -o, --out FILE         write the report to FILE instead of standard output
  -f, --format FORMAT    html (default) or markdown
      --compare AFTER    compare PROFILE (before) with AFTER: ratio per metric
  -h, --help             show this help
`;

const VALUE_OPTIONS: Record<string, 'out' | 'format' | 'compare'> = {
  '-o': 'out',
  '--out': 'out',
  '--output': 'out',
  '-f': 'format',
  '--format': 'format',
  '--compare': 'compare',
};

export function parseReportArgs(argv: readonly string[]): ParsedReportArgs {
  const values: Partial<Record<'out' | 'format' | 'compare', string>> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') return { kind: 'help' };
    if (!arg.startsWith('-') || arg === '-') {
      positional.push(arg);
      continue;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const key = VALUE_OPTIONS[name];
    if (key === undefined) return { kind: 'usage-error', message: `unknown option '${name}'` };
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '') return { kind: 'usage-error', message: `option '${name}' needs a value` };
    values[key] = value;
  }
  if (positional.length === 0) return { kind: 'usage-error', message: 'no profile given (plsql-perf report PROFILE.plsqlprofile.json)' };
  if (positional.length > 1) return { kind: 'usage-error', message: `one profile expected, got ${positional.length} (use --compare AFTER for two)` };
  const format = values.format ?? 'html';
  if (format !== 'html' && format !== 'markdown') return { kind: 'usage-error', message: `unknown format '${format}' (expected html or markdown)` };
  return { kind: 'report', options: { profile: positional[0]!, compare: values.compare, format, out: values.out } };
}
