// The hypotheses of a profile: the analyzer's findings on the profiled lines, plus those inside a subprogram of
// the same document that the block calls (EXEC my_proc, or a generated call block), in file coordinates.
import { analyzeText } from '../../../../server/src/analysis/analyze.ts';
import type { StaticFinding } from '../../../../server/src/profile/profileDocument.ts';
import type { ProfileTarget } from './blockSelection.ts';

/** Findings about the analysis itself say nothing about performance. */
const NOT_HYPOTHESES = new Set(['syntax-error', 'wrapped-unit', 'internal-error']);

export interface UnitLines { name: string; startLine: number; endLine: number }

export interface TargetFindings { findings: StaticFinding[]; units: UnitLines[] }

export function findingsForTarget(documentText: string, target: ProfileTarget, file?: string): TargetFindings {
  const result = analyzeText(documentText, file === undefined ? {} : { file });
  const units: UnitLines[] = [];
  for (const unit of result.script.units) {
    for (const model of unit.views[0] ?? []) {
      if (model.name) units.push({ name: model.name, startLine: model.range.line, endLine: model.range.endLine });
      for (const sub of model.subprograms) units.push({ name: `${model.name}.${sub.name}`, startLine: sub.range.line, endLine: sub.range.endLine });
    }
  }
  const called = target.subprogram?.toUpperCase().replace(/"/g, '');
  const calledUnit = called ? units.find((u) => u.name === called || u.name.endsWith(`.${called}`) || called.endsWith(`.${u.name}`)) : undefined;
  const inScope = (line: number): boolean =>
    (line >= target.startLine && line <= target.endLine) || (calledUnit !== undefined && line >= calledUnit.startLine && line <= calledUnit.endLine);
  const lines = documentText.split(/\r?\n/);
  const findings = result.findings
    .filter((f) => !NOT_HYPOTHESES.has(f.rule) && inScope(f.line))
    .map((f): StaticFinding => {
      const s: StaticFinding = { rule: f.rule, severity: f.severity, message: f.message, line: f.line, column: f.column, endLine: f.endLine, endColumn: f.endColumn };
      if (f.loop) s.loop = { ...f.loop };
      if (f.line === f.endLine) s.code = (lines[f.line - 1] ?? '').slice(f.column - 1, f.endColumn - 1);
      return s;
    });
  return { findings, units };
}
