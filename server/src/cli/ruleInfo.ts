/**
 * Rule metadata for the reports (SARIF rules, SonarQube rules, the markdown checklist) and the rule ids that
 * `.plsqlperf.json` and `--rule` accept.
 *
 * SEAM: this is the one place the CLI learns about rules. When server/src/analysis/rules/registry.ts lands,
 * replace the catalog below with
 *   export { RULES, ruleMeta, type RuleMeta } from '../analysis/rules/registry.ts';
 * and keep `ruleInfo` and `KNOWN_RULE_IDS` as they are.
 */
import type { Severity } from '../syntax/finding.ts';

export interface RuleMeta {
  id: string;
  defaultSeverity: Severity;
  status: 'stable' | 'preview';
  summary: string;
  fixKind: 'none' | 'safe' | 'suggestion';
  /** Repository-relative path of the rule's page, `docs/rules/<id>.md`. */
  docPath: string;
}

const rule = (id: string, defaultSeverity: Severity, summary: string, fixKind: RuleMeta['fixKind'] = 'none'): RuleMeta => ({
  id, defaultSeverity, status: 'stable', summary, fixKind, docPath: `docs/rules/${id}.md`,
});

/** The rule ids are fixed by the analyzer design (ANALYZER_API.md); the registry will carry the same ones. */
export const RULES: readonly RuleMeta[] = [
  rule('bulk-collect-without-limit', 'warning', 'FETCH ... BULK COLLECT INTO without LIMIT: add LIMIT so one fetch cannot take unbounded PGA memory.'),
  rule('commit-in-loop', 'warning', 'COMMIT once per loop iteration: commit once after the loop (or every N rows).'),
  rule('dml-in-loop', 'warning', 'INSERT/UPDATE/DELETE/MERGE once per loop iteration: use FORALL or one set-based statement.'),
  rule('exception-handler-in-loop', 'warning', 'A block with an EXCEPTION section inside a loop: move the handler out of the loop or avoid the exception.'),
  rule('internal-error', 'error', 'The analyzer failed on part of this file; the other findings of the file are still reported.'),
  rule('nested-cursor-loop', 'warning', 'A cursor loop inside another cursor loop: join the two queries instead.'),
  rule('plan-statistics-in-code', 'warning', 'gather_plan_statistics, statistics_level=ALL or SQL trace switched on in code: remove it from production code.'),
  rule('row-by-row-fetch', 'warning', 'FETCH ... INTO one row at a time in a loop: use BULK COLLECT with LIMIT.'),
  rule('select-into-in-loop', 'warning', 'SELECT INTO once per loop iteration: join it into the driving query or fetch in bulk.'),
  rule('standalone-call-in-loop', 'warning', 'A schema-level standalone function or procedure called in a loop: move it into the calling package.'),
  rule('syntax-error', 'error', 'The code does not parse as PL/SQL or a SQL*Plus script; the unit around it is not analyzed.'),
  rule('utl-file-small-buffer', 'warning', 'UTL_FILE with a line size or chunk below 32767 bytes written in a loop: use 32767.'),
  rule('wrapped-unit', 'info', 'Wrapped (obfuscated) PL/SQL unit: its body cannot be analyzed.'),
];

const byId = new Map(RULES.map((r) => [r.id, r]));

export const KNOWN_RULE_IDS: readonly string[] = RULES.map((r) => r.id).sort();

export function ruleMeta(id: string): RuleMeta | undefined {
  return byId.get(id);
}

/** Metadata for any id a finding carries, known or not (an unknown id gets a neutral description). */
export function ruleInfo(id: string): RuleMeta {
  return byId.get(id) ?? rule(id, 'warning', `plsql-perf rule ${id}.`);
}
