/**
 * A finding is what every consumer (CLI, language server, webview) shows.
 *
 * Coordinates: lines and columns are 1-based everywhere in the analysis library and in every CLI output;
 * `endColumn` is exclusive (the column just after the last character). Conversion to 0-based editor
 * positions happens only at the editor boundary.
 */
export type Severity = 'error' | 'warning' | 'info';

export interface SourceRange {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface TextEdit {
  range: SourceRange;
  newText: string;
}

export interface Finding extends SourceRange {
  rule: string;
  severity: Severity;
  message: string;
  /** How often the code runs, for findings inside loops: "inside a loop of about 1,000,000 iterations". */
  loop?: { text: string; iterations?: number; line: number };
  /** Other places that explain the finding (the callee's definition, the loop); `file` absent = same file. */
  related?: { file?: string; range: SourceRange; message: string }[];
  /** An edit that resolves the finding: `safe` keeps behaviour, `suggestion` needs the developer's review. */
  fix?: { kind: 'safe' | 'suggestion'; title: string; edits: TextEdit[] };
  /** Where the code runs, when it is not application code: a deployment script, test code or a demo script. */
  role?: 'deployment' | 'test' | 'demo';
}

export const severityRank: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

/** Orders findings by position, then rule id, so every output is deterministic. */
export function compareFindings(a: Finding, b: Finding): number {
  return a.line - b.line || a.column - b.column || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0);
}
