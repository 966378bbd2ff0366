/** The data every reporter renders: one check run over a set of files. */
import type { Finding, Severity } from '../syntax/finding.ts';

export const FORMATS = ['text', 'json', 'sarif', 'sonarqube', 'sonarqube-legacy', 'markdown', 'codeclimate'] as const;
export type Format = (typeof FORMATS)[number];

export const FAIL_ON = ['error', 'warning', 'info', 'never'] as const;
export type FailOn = (typeof FAIL_ON)[number];

/** A finding with the path of its file as given on the command line (forward slashes). */
export interface FileFinding extends Finding {
  file: string;
  /** The source line the finding starts on (for the checklist and SARIF snippets); not in the JSON report. */
  code?: string;
}

/** A file that could not be checked (unreadable, or the analyzer failed on it). */
export interface FileError {
  file: string;
  message: string;
}

export interface CheckReport {
  /** Files analyzed (unreadable files are not counted; they are in `errors`). */
  files: number;
  lines: number;
  parseMs: number;
  /** Semantic layer and rules, all files. */
  analysisMs: number;
  /** Building the workspace index (pass 1, without the parse). */
  indexMs: number;
  /** Building the call graph and answering the rules' questions on it (part of neither index nor analysis). */
  callGraphMs?: number;
  /** Sorted by file, then position, then rule. */
  findings: FileFinding[];
  errors: FileError[];
  /** Suppression comments that give no reason after ` -- `; optional in reports built by hand. */
  unexplainedSuppressions?: UnexplainedSuppression[];
}

export interface UnexplainedSuppression {
  file: string;
  line: number;
  endLine: number;
  kind: 'disable-next-line' | 'disable';
  rules: string[];
}

export interface ReportOptions {
  failOn: FailOn;
  quiet: boolean;
  /** Absolute base of the rule pages for SARIF helpUri (the package's homepage), when known. */
  docsBaseUrl?: string;
}

export type Reporter = (report: CheckReport, options: ReportOptions) => string;

export function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity]++;
  return counts;
}

export function plural(n: number, word: string, pluralWord = `${word}s`): string {
  return `${n} ${n === 1 ? word : pluralWord}`;
}
