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

const codeQualitySeverity: Record<Severity, 'critical' | 'major' | 'minor'> = { error: 'critical', warning: 'major', info: 'minor' };

export function renderCodeClimate(report: CheckReport): string {
  const seen = new Map<string, number>();
  const issues = report.findings.map((f) => {
    const identity = [f.file, f.rule, oneLine(f.message), (f.code ?? '').trim()].join('\u0000');
    const nth = seen.get(identity) ?? 0;
    seen.set(identity, nth + 1);
    return {
      type: 'issue',
      check_name: f.rule,
      description: `${f.rule}: ${oneLine(f.message)}`,
      categories: [f.rule === 'syntax-error' || f.rule === 'internal-error' ? 'Bug Risk' : 'Performance'],
      severity: codeQualitySeverity[f.severity],
      fingerprint: createHash('sha256').update(`${identity}\u0000${nth}`).digest('hex').slice(0, 32),
      location: { path: f.file, lines: { begin: f.line, end: Math.max(f.line, f.endLine) } },
    };
  });
  return toJsonText(issues);
}
