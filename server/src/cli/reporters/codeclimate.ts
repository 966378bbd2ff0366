/**
 * GitLab Code Quality (the Code Climate issue format, as a JSON array): `artifacts: reports: codequality`
 * shows these in merge requests. Paths are as given on the command line, so run the check from the
 * repository root with relative paths. The fingerprint identifies an issue across commits: it is built from the
 * file, rule, message and source line text (not the line number, which moves when lines are added above), with
 * a counter for identical issues in one file.
 */
import { createHash } from 'node:crypto';
import type { Severity } from '../../syntax/finding.ts';
import type { CheckReport } from '../model.ts';
import { oneLine, toJsonText } from './escape.ts';
import { jsonChunks, StreamedList } from './jsonChunks.ts';

const codeQualitySeverity: Record<Severity, 'critical' | 'major' | 'minor'> = { error: 'critical', warning: 'major', info: 'minor' };

/** The issues, made one by one while they are written (the counter of identical issues runs in their order). */
function codeClimateIssues(report: CheckReport) {
  const findings = report.findings;
  return new StreamedList(findings.length, function* () {
    const seen = new Map<string, number>();
    for (const f of findings) {
      const identity = [f.file, f.rule, oneLine(f.message), (f.code ?? '').trim()].join('\u0000');
      const nth = seen.get(identity) ?? 0;
      seen.set(identity, nth + 1);
      yield {
        type: 'issue',
        check_name: f.rule,
        description: `${f.rule}: ${oneLine(f.message)}`,
        categories: [f.rule === 'syntax-error' || f.rule === 'internal-error' ? 'Bug Risk' : 'Performance'],
        severity: codeQualitySeverity[f.severity],
        fingerprint: createHash('sha256').update(`${identity}\u0000${nth}`).digest('hex').slice(0, 32),
        location: { path: f.file, lines: { begin: f.line, end: Math.max(f.line, f.endLine) } },
      };
    }
  });
}

export function renderCodeClimate(report: CheckReport): string {
  return toJsonText(codeClimateIssues(report));
}

export function codeClimateChunks(report: CheckReport): Iterable<string> {
  return jsonChunks(codeClimateIssues(report));
}
