/** Findings as LSP diagnostics: rule id as code, 'plsql-perf' as source, a link to the rule page, related places. */
import { DiagnosticSeverity, type Diagnostic, type DiagnosticRelatedInformation } from 'vscode-languageserver';
import type { Severity } from '../syntax/finding.ts';
import type { EditorFinding } from './analyzerApi.ts';
import { toLspRange } from './positions.ts';

export const SOURCE = 'plsql-perf';

const severities: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

export function toDiagnostic(
  finding: EditorFinding,
  documentUri: string,
  docUri: (rule: string) => string | undefined,
  uriOf: (fileKey: string) => string,
): Diagnostic {
  const diagnostic: Diagnostic = {
    range: toLspRange(finding),
    severity: severities[finding.severity],
    code: finding.rule,
    source: SOURCE,
    // Rule messages already say how often the code runs (finding.loop.text); the hover repeats it with the loop's line.
    message: finding.message,
  };
  const href = docUri(finding.rule);
  if (href) diagnostic.codeDescription = { href };
  if (finding.related?.length) {
    diagnostic.relatedInformation = finding.related.map((r): DiagnosticRelatedInformation => ({
      location: { uri: r.file ? uriOf(r.file) : documentUri, range: toLspRange(r.range) },
      message: r.message,
    }));
  }
  return diagnostic;
}

/** The finding a diagnostic came from (code actions get diagnostics back from the client). */
export function findingFor(diagnostic: Diagnostic, findings: EditorFinding[]): EditorFinding | undefined {
  const r = diagnostic.range;
  return findings.find((f) => f.rule === diagnostic.code && f.line - 1 === r.start.line && f.column - 1 === r.start.character
    && f.endLine - 1 === r.end.line && f.endColumn - 1 === r.end.character);
}
