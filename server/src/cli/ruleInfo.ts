/** Short descriptions of the rules, for reports that list rules (SARIF, Markdown). */
import type { Severity } from '../syntax/finding.ts';

export interface RuleInfo {
  id: string;
  shortDescription: string;
  defaultSeverity: Severity;
}

const known: Record<string, RuleInfo> = {
  'syntax-error': {
    id: 'syntax-error',
    shortDescription: 'The code does not parse as PL/SQL or a SQL*Plus script.',
    defaultSeverity: 'error',
  },
  'wrapped-unit': {
    id: 'wrapped-unit',
    shortDescription: 'Wrapped (obfuscated) PL/SQL unit: its body cannot be analyzed.',
    defaultSeverity: 'info',
  },
};

export const KNOWN_RULE_IDS: readonly string[] = Object.keys(known).sort();

export function ruleInfo(id: string): RuleInfo {
  return known[id] ?? { id, shortDescription: `plsql-perf rule ${id}.`, defaultSeverity: 'warning' };
}
