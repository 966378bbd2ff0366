/**
 * Applies per-rule settings (enabled, severity) to findings. The analyzer applies its config too once it
 * takes one; applying the same settings again changes nothing, so this stays correct either way.
 * Syntax errors and internal errors are never switched off: they explain why other findings are missing.
 */
import type { AnalyzerConfig, EditorFinding } from './analyzerApi.ts';

const alwaysShown = new Set(['syntax-error', 'internal-error']);

export function applyRuleSettings(findings: EditorFinding[], config: AnalyzerConfig | undefined): EditorFinding[] {
  const rules = config?.rules;
  if (!rules) return findings;
  const out: EditorFinding[] = [];
  for (const finding of findings) {
    const setting = rules[finding.rule];
    if (!setting || alwaysShown.has(finding.rule)) out.push(finding);
    else if (setting.enabled !== false) out.push(setting.severity ? { ...finding, severity: setting.severity } : finding);
  }
  return out;
}
