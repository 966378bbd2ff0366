/** `path:line:column: severity rule message` lines, unreadable files, then one summary line. */
import { countBySeverity, plural, type CheckReport, type ReportOptions } from '../model.ts';
import { oneLine } from './escape.ts';

export function summaryLine(report: CheckReport): string {
  const c = countBySeverity(report.findings);
  let s =
    `${plural(report.files, 'file')} checked, ${plural(report.lines, 'line')}: ` +
    `${plural(report.findings.length, 'finding')} (${plural(c.error, 'error')}, ${plural(c.warning, 'warning')}, ${c.info} info)`;
  if (report.errors.length > 0) s += `, ${plural(report.errors.length, 'file')} not checked`;
  const graph = report.callGraphMs !== undefined ? `, call graph ${report.callGraphMs} ms` : '';
  return `${s}; parse ${report.parseMs} ms, index ${report.indexMs} ms${graph}, analysis ${report.analysisMs} ms`;
}

export function renderText(report: CheckReport, options: ReportOptions): string {
  const out: string[] = [];
  for (const f of report.findings) {
    out.push(`${oneLine(f.file)}:${f.line}:${f.column}: ${f.severity} ${f.rule} ${oneLine(f.message)}`);
  }
  for (const e of report.errors) out.push(`${oneLine(e.file)}: error: ${oneLine(e.message)}`);
  if (!options.quiet) out.push(summaryLine(report));
  return out.length > 0 ? `${out.join('\n')}\n` : '';
}
