// The hypotheses of a profile: the analyzer's findings on the profiled lines (or in the subprogram the block
// calls), as the profile stores them. Shared by the language server (which has the workspace index, so a call to
// a standalone function of another file is known) and the extension's document-only fallback.
import type { ParsedScript } from '../syntax/parseScript.ts';
import type { Finding } from '../syntax/finding.ts';
import type { StaticFinding } from './profileDocument.ts';

/** Findings about the analysis itself say nothing about performance. */
const NOT_HYPOTHESES = new Set(['syntax-error', 'wrapped-unit', 'internal-error']);

/** A stored unit's lines (a unit's line 1 is the line of its CREATE), to map HPROF unit lines to file lines. */
export interface UnitLines { name: string; startLine: number; endLine: number; file?: string }

/** Units a script defines: packages, standalone subprograms, and the subprograms of packages as PKG.NAME. */
export function unitsOfScript(script: ParsedScript): UnitLines[] {
  const units: UnitLines[] = [];
  for (const unit of script.units) {
    for (const model of unit.views[0] ?? []) {
      if (model.name) units.push({ name: model.name, startLine: model.range.line, endLine: model.range.endLine });
      for (const sub of model.subprograms) units.push({ name: `${model.name}.${sub.name}`, startLine: sub.range.line, endLine: sub.range.endLine });
    }
  }
  return units;
}

/** The unit a call names (BY2, PKG.PROC, SCHEMA.PKG.PROC), among the units of one file. */
export function findCalledUnit(units: UnitLines[], subprogram: string): UnitLines | undefined {
  const called = subprogram.toUpperCase().replace(/"/g, '');
  return units.find((u) => u.name === called || u.name.endsWith(`.${called}`) || called.endsWith(`.${u.name}`));
}

/**
 * The performance findings between two lines of a file, in the profile's form. `file` is set only for a file
 * other than the profiled one; `code` keeps the covered text, because the finding may lie outside the block.
 */
export function hypothesesIn(findings: readonly Finding[], text: string, lines: { startLine: number; endLine: number }, file?: string): StaticFinding[] {
  const textLines = text.split(/\r?\n/);
  return findings
    .filter((f) => !NOT_HYPOTHESES.has(f.rule) && f.line >= lines.startLine && f.line <= lines.endLine)
    .map((f): StaticFinding => {
      const s: StaticFinding = { rule: f.rule, severity: f.severity, message: f.message, line: f.line, column: f.column, endLine: f.endLine, endColumn: f.endColumn };
      if (f.loop) s.loop = { ...f.loop };
      if (f.line === f.endLine) s.code = (textLines[f.line - 1] ?? '').slice(f.column - 1, f.endColumn - 1);
      if (file !== undefined) s.file = file;
      return s;
    });
}
