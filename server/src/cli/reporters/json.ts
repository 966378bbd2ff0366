/** The JSON report (version 1). Field order is part of the format. */
import type { CheckReport } from '../model.ts';

export interface JsonReport {
  version: 1;
  files: number;
  findings: {
    file: string;
    line: number;
    column: number;
    endLine: number;
    endColumn: number;
    rule: string;
    severity: string;
    message: string;
  }[];
  stats: { files: number; lines: number; parseMs: number };
  errors: { file: string; message: string }[];
}

export function toJsonReport(report: CheckReport): JsonReport {
  return {
    version: 1,
    files: report.files,
    findings: report.findings.map((f) => ({
      file: f.file,
      line: f.line,
      column: f.column,
      endLine: f.endLine,
      endColumn: f.endColumn,
      rule: f.rule,
      severity: f.severity,
      message: f.message,
    })),
    stats: { files: report.files, lines: report.lines, parseMs: report.parseMs },
    errors: report.errors.map((e) => ({ file: e.file, message: e.message })),
  };
}

export function renderJson(report: CheckReport): string {
  return `${JSON.stringify(toJsonReport(report), null, 2)}\n`;
}
