/**
 * Rule metadata for the reports (SARIF rules, SonarQube rules, the markdown checklist) and the rule ids that
 * `.plsqlperf.json` and `--rule` accept: the analyzer's registry, plus a neutral description for an id no
 * rule declares (a report must never fail on one).
 */
import { docPathOf } from '../analysis/rules/rule.ts';
import { RULES, ruleMeta, type RuleMeta } from '../analysis/rules/registry.ts';

export type { RuleMeta };

export const KNOWN_RULE_IDS: readonly string[] = RULES.map((r) => r.id).sort();

export function ruleInfo(id: string): RuleMeta {
  return ruleMeta(id) ?? {
    id,
    defaultSeverity: 'warning',
    status: 'preview',
    summary: `plsql-perf rule ${id}.`,
    remedy: 'See the rule\'s page.',
    fixKind: 'none',
    docPath: docPathOf(id),
  };
}
