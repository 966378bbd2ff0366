/**
 * Applies the rule settings of a configuration to findings: disabled rules are dropped, a configured severity
 * replaces the rule's default. Idempotent, so it is safe where analyzeText already honours the same settings.
 */
import type { Finding } from '../../syntax/finding.ts';
import type { AnalyzerConfig } from './analyzerConfig.ts';

export function applyRuleSettings<F extends Finding>(findings: F[], config: AnalyzerConfig | undefined): F[] {
  const rules = config?.rules;
  if (rules === undefined) return findings;
  const out: F[] = [];
  for (const f of findings) {
    const setting = rules[f.rule];
    if (setting === undefined) out.push(f);
    else if (setting.enabled === false) continue;
    else out.push(setting.severity === undefined || setting.severity === f.severity ? f : { ...f, severity: setting.severity });
  }
  return out;
}
