/** The JSON report (version 1). Field order is part of the format; optional fields appear only when set. */
import type { CheckReport, FileFinding } from '../model.ts';
import { toJsonText } from './escape.ts';
import { jsonChunks, StreamedList } from './jsonChunks.ts';

export interface JsonFinding {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  rule: string;
  severity: string;
  message: string;
  loop?: FileFinding['loop'];
  related?: FileFinding['related'];
  fix?: FileFinding['fix'];
  /** deployment, test or demo: absent for application code. */
  role?: FileFinding['role'];
}

export interface JsonReport {
  version: 1;
  files: number;
  /** A StreamedList while the report is written (each finding's object made as it is written). */
  findings: JsonFinding[] | StreamedList<JsonFinding>;
  stats: { files: number; lines: number; parseMs: number; analysisMs: number; indexMs: number; callGraphMs?: number };
  errors: { file: string; message: string }[];
}

function jsonFinding(f: FileFinding): JsonFinding {
  const out: JsonFinding = {
    file: f.file,
    line: f.line,
    column: f.column,
    endLine: f.endLine,
    endColumn: f.endColumn,
    rule: f.rule,
    severity: f.severity,
    message: f.message,
  };
  if (f.loop !== undefined) out.loop = f.loop;
  if (f.related !== undefined) out.related = f.related;
  if (f.fix !== undefined) out.fix = f.fix;
  if (f.role !== undefined) out.role = f.role;
  return out;
}

/** The report as the JSON format shapes it; `streamed`: its findings as a StreamedList (for jsonChunks). */
export function toJsonReport(report: CheckReport, streamed?: false): JsonReport & { findings: JsonFinding[] };
export function toJsonReport(report: CheckReport, streamed: boolean): JsonReport;
export function toJsonReport(report: CheckReport, streamed = false): JsonReport {
  const stats: JsonReport['stats'] = { files: report.files, lines: report.lines, parseMs: report.parseMs, analysisMs: report.analysisMs, indexMs: report.indexMs };
  if (report.callGraphMs !== undefined) stats.callGraphMs = report.callGraphMs;
  const all = report.findings;
  return {
    version: 1,
    files: report.files,
    findings: streamed ? new StreamedList(all.length, function* () { for (const f of all) yield jsonFinding(f); }) : all.map(jsonFinding),
    stats,
    errors: report.errors.map((e) => ({ file: e.file, message: e.message })),
  };
}

export function renderJson(report: CheckReport): string {
  return toJsonText(toJsonReport(report));
}

export function jsonReportChunks(report: CheckReport): Iterable<string> {
  return jsonChunks(toJsonReport(report, true));
}
