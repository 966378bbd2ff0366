/** Reads, decodes and analyzes each file; never lets one file stop the run. */
import { readFileSync } from 'node:fs';
import { compareFindings } from '../syntax/finding.ts';
import type { AnalysisResult } from '../analysis/analyze.ts';
import { decodeSource } from '../parser/decodeSource.ts';
import { describeFsError, type SourceFile } from './discover.ts';
import type { CheckReport, FileError, FileFinding } from './model.ts';

/** The part of the analyzer the checker needs (a narrower type keeps it testable with a stand-in). */
export type Analyze = (text: string) => Pick<AnalysisResult, 'findings' | 'lines' | 'parseMs'>;

export interface CheckHooks {
  /** Called for each file that could not be read or analyzed, as it happens. */
  onError?: (error: FileError, cause: unknown) => void;
}

export function compareFileFindings(a: FileFinding, b: FileFinding): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : compareFindings(a, b);
}

export function checkFiles(
  files: readonly SourceFile[],
  analyze: Analyze,
  earlierErrors: readonly FileError[] = [],
  hooks: CheckHooks = {},
): CheckReport {
  const report: CheckReport = { files: 0, lines: 0, parseMs: 0, findings: [], errors: [...earlierErrors] };
  for (const file of files) {
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(file.path);
    } catch (err) {
      const error = { file: file.display, message: describeFsError(err) };
      report.errors.push(error);
      hooks.onError?.(error, err);
      continue;
    }
    let result: ReturnType<Analyze>;
    try {
      result = analyze(decodeSource(bytes).text);
    } catch (err) {
      const detail = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      const error = { file: file.display, message: `internal error: ${detail}` };
      report.errors.push(error);
      hooks.onError?.(error, err);
      continue;
    }
    report.files++;
    report.lines += result.lines;
    report.parseMs += result.parseMs;
    for (const f of result.findings) {
      report.findings.push({
        file: file.display,
        line: f.line,
        column: f.column,
        endLine: f.endLine,
        endColumn: f.endColumn,
        rule: f.rule,
        severity: f.severity,
        message: f.message,
      });
    }
  }
  report.findings.sort(compareFileFindings);
  report.errors.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  report.parseMs = Math.round(report.parseMs * 10) / 10;
  return report;
}
