/**
 * SonarQube generic issue import (`sonar.externalIssuesReportPaths`).
 * - `sonarqube`: the format of SonarQube 10.3 and later: a `rules` array (engine, Clean Code attribute, impacts)
 *   and `issues` that name their rule.
 * - `sonarqube-legacy`: the format before 10.3: `issues` only, each with engineId, severity and type.
 * Sonar's columns are 0-based (ours are 1-based); messages are one line with control characters escaped.
 */
import { severityRank, type Severity } from '../../syntax/finding.ts';
import type { CheckReport, FileFinding } from '../model.ts';
import { ruleInfo } from '../ruleInfo.ts';
import { oneLine, toJsonText } from './escape.ts';
import { jsonChunks, StreamedList } from './jsonChunks.ts';

export const ENGINE_ID = 'plsql-perf';

const impactSeverity: Record<Severity, 'HIGH' | 'MEDIUM' | 'LOW'> = { error: 'HIGH', warning: 'MEDIUM', info: 'LOW' };
const legacySeverity: Record<Severity, 'CRITICAL' | 'MAJOR' | 'MINOR'> = { error: 'CRITICAL', warning: 'MAJOR', info: 'MINOR' };

/** A syntax error means broken code (reliability); every other rule is about how efficiently the code runs. */
const isCorrectness = (rule: string): boolean => rule === 'syntax-error' || rule === 'internal-error';

function primaryLocation(f: FileFinding) {
  return {
    message: oneLine(f.message),
    filePath: f.file,
    textRange: {
      startLine: f.line,
      endLine: Math.max(f.line, f.endLine),
      startColumn: f.column - 1,
      // An empty range (an error at the end of a line) would be rejected; Sonar needs end after start.
      endColumn: f.endLine > f.line ? f.endColumn - 1 : Math.max(f.endColumn - 1, f.column),
    },
  };
}

/** A list made finding by finding while it is written. */
function perFinding<T>(findings: readonly FileFinding[], make: (f: FileFinding) => T): StreamedList<T> {
  return new StreamedList(findings.length, function* () {
    for (const f of findings) yield make(f);
  });
}

function sonarQubeReport(report: CheckReport) {
  // A rule's impact is the highest severity it reported in this run (settings and loop heat can raise it).
  const worst = new Map<string, Severity>();
  for (const f of report.findings) {
    const seen = worst.get(f.rule);
    if (seen === undefined || severityRank[f.severity] > severityRank[seen]) worst.set(f.rule, f.severity);
  }
  const rules = [...worst.keys()].sort().map((id) => {
    const info = ruleInfo(id);
    return {
      id,
      name: id,
      description: `${info.summary} ${info.remedy} See ${info.docPath}.`,
      engineId: ENGINE_ID,
      cleanCodeAttribute: isCorrectness(id) ? 'LOGICAL' : 'EFFICIENT',
      impacts: [{ softwareQuality: isCorrectness(id) ? 'RELIABILITY' : 'MAINTAINABILITY', severity: impactSeverity[worst.get(id)!] }],
    };
  });
  const issues = perFinding(report.findings, (f) => ({ ruleId: f.rule, primaryLocation: primaryLocation(f) }));
  return { rules, issues };
}

function sonarQubeLegacyReport(report: CheckReport) {
  const issues = perFinding(report.findings, (f) => ({
    engineId: ENGINE_ID,
    ruleId: f.rule,
    severity: legacySeverity[f.severity],
    type: isCorrectness(f.rule) ? 'BUG' : 'CODE_SMELL',
    primaryLocation: primaryLocation(f),
  }));
  return { issues };
}

export function renderSonarQube(report: CheckReport): string {
  return toJsonText(sonarQubeReport(report));
}

export function renderSonarQubeLegacy(report: CheckReport): string {
  return toJsonText(sonarQubeLegacyReport(report));
}

export function sonarQubeChunks(report: CheckReport): Iterable<string> {
  return jsonChunks(sonarQubeReport(report));
}

export function sonarQubeLegacyChunks(report: CheckReport): Iterable<string> {
  return jsonChunks(sonarQubeLegacyReport(report));
}
