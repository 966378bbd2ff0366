/**
 * A check run over a set of files, in two passes: read every file and feed the workspace index, then analyze
 * each file. One unreadable file or one analyzer failure never stops the run: it becomes an error entry.
 */
import { readFileSync } from 'node:fs';
import { compareFindings } from '../syntax/finding.ts';
import { decodeSource } from '../parser/decodeSource.ts';
import { findDirectives } from '../analysis/suppressions.ts';
import { linesAt } from './codeLines.ts';
import { describeFsError, type SourceFile } from './discover.ts';
import type { CheckReport, FileError, FileFinding, UnexplainedSuppression } from './model.ts';
import type { ProjectAnalyzer } from '../analysis/analyzeProject.ts';

export interface CheckHooks {
  /** Called for each file that could not be read or analyzed, as it happens. */
  onError?: (error: FileError, cause: unknown) => void;
  /** Called before each file of each pass (for a progress line). */
  onProgress?: (pass: 'parsing' | 'analyzing', done: number, total: number, file: SourceFile) => void;
}

export function compareFileFindings(a: FileFinding, b: FileFinding): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : compareFindings(a, b);
}

interface ReadFile {
  file: SourceFile;
  text: string;
}

export function checkFiles(
  files: readonly SourceFile[],
  analyzer: ProjectAnalyzer,
  earlierErrors: readonly FileError[] = [],
  hooks: CheckHooks = {},
): CheckReport {
  const unexplained: UnexplainedSuppression[] = [];
  const report: CheckReport = {
    files: 0, lines: 0, parseMs: 0, analysisMs: 0, indexMs: 0, findings: [], errors: [...earlierErrors], unexplainedSuppressions: unexplained,
  };
  const fail = (file: SourceFile, message: string, cause: unknown) => {
    const error = { file: file.display, message };
    report.errors.push(error);
    hooks.onError?.(error, cause);
  };

  // Pass 1: read everything and index it, so pass 2 resolves calls into files analyzed later.
  const texts: ReadFile[] = [];
  for (const [i, file] of files.entries()) {
    hooks.onProgress?.('parsing', i, files.length, file);
    let text: string;
    try {
      text = decodeSource(readFileSync(file.path)).text;
    } catch (err) {
      fail(file, describeFsError(err), err);
      continue;
    }
    try {
      analyzer.index(file.display, text); // the index names files as the user gave them: messages and related locations show that name
    } catch (err) {
      fail(file, `internal error while indexing: ${describeError(err)}`, err);
      continue;
    }
    texts.push({ file, text });
  }

  // Pass 2: analyze each file.
  texts.forEach(({ file, text }, i) => {
    hooks.onProgress?.('analyzing', i, texts.length, file);
    let result;
    try {
      result = analyzer.analyze(file.display, text);
    } catch (err) {
      fail(file, `internal error: ${describeError(err)}`, err);
      return;
    }
    report.files++;
    report.lines += result.lines;
    const lines = linesAt(text, result.findings.map((f) => f.line));
    for (const f of result.findings) {
      report.findings.push({ ...f, file: file.display, code: lines.get(f.line) });
    }
    // Suppressions that give no reason, for the reviewer (the markdown checklist lists them).
    if (text.includes('plsql-perf-')) {
      for (const d of findDirectives(text)) {
        if (d.kind !== 'enable' && d.reason === undefined) unexplained.push({ file: file.display, line: d.line, endLine: d.endLine, kind: d.kind, rules: d.rules });
      }
    }
  });

  report.findings.sort(compareFileFindings);
  report.errors.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const stats = analyzer.stats();
  report.parseMs = round(stats.parseMs);
  report.analysisMs = round(stats.analysisMs);
  report.indexMs = round(stats.indexMs);
  if (stats.callGraphMs !== undefined) report.callGraphMs = round(stats.callGraphMs);
  return report;
}

const round = (ms: number): number => Math.round(ms * 10) / 10;

function describeError(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}
