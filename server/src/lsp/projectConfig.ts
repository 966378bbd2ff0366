/**
 * The project's `.plsqlperf.json`, read the way the CLI reads it, and combined with the editor's rule
 * settings (the editor's choice wins: it is the developer's own override of the team file).
 *
 * Seam: the CLI's loader (server/src/analysis/config/) replaces readProjectConfig once it is on main; the
 * shape it returns is the documented AnalyzerConfig.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { AnalyzerConfig, RuleSetting } from './analyzerApi.ts';
import type { RuleLevel } from './settings.ts';

export interface LoadedProjectConfig {
  config: AnalyzerConfig;
  /** Why the file could not be used (it exists but is unreadable or invalid). */
  error?: string;
  path: string;
}

const severities = new Set(['error', 'warning', 'info']);

function toRuleSetting(id: string, value: unknown): RuleSetting {
  if (value === 'off' || value === false) return { enabled: false };
  if (typeof value === 'string' && severities.has(value)) return { severity: value as RuleSetting['severity'] };
  if (value && typeof value === 'object') return value as RuleSetting;
  throw new Error(`rules.${id} must be "off", "error", "warning", "info" or an object`);
}

export function readProjectConfig(folder: string, configPath: string): LoadedProjectConfig {
  const path = isAbsolute(configPath) ? configPath : join(folder, configPath);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { config: {}, path };
    return { config: {}, path, error: `cannot read ${path}: ${(error as Error).message}` };
  }
  try {
    const json = JSON.parse(text) as { rules?: Record<string, unknown> };
    const rules: Record<string, RuleSetting> = {};
    for (const [id, value] of Object.entries(json.rules ?? {})) rules[id] = toRuleSetting(id, value);
    return { config: { rules }, path };
  } catch (error) {
    return { config: {}, path, error: `${path} is not valid: ${(error as Error).message}` };
  }
}

export function withEditorRules(config: AnalyzerConfig, editorRules: Record<string, RuleLevel>): AnalyzerConfig {
  const rules: Record<string, RuleSetting> = { ...config.rules };
  for (const [id, level] of Object.entries(editorRules)) {
    rules[id] = level === 'off' ? { ...rules[id], enabled: false } : { ...rules[id], enabled: true, severity: level };
  }
  return { ...config, rules };
}
