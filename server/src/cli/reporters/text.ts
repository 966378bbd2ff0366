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

/** The report's lines, each with its line break (a report with nothing to say is empty). */
export function* textChunks(report: CheckReport, options: ReportOptions): Generator<string> {
  for (const f of report.findings) {
    yield `${oneLine(f.file)}:${f.line}:${f.column}: ${f.severity} ${f.rule} ${oneLine(f.message)}\n`;
  }
  for (const e of report.errors) yield `${oneLine(e.file)}: error: ${oneLine(e.message)}\n`;
  if (!options.quiet) yield `${summaryLine(report)}\n`;
}

export function renderText(report: CheckReport, options: ReportOptions): string {
  return [...textChunks(report, options)].join('');
}
