/**
 * The project's `.plsqlperf.json`, read by the CLI's loader (same schema, same errors), and combined with the
 * editor's rule settings (the editor's choice wins: it is the developer's own override of the team file).
 * Files the project excludes (`include`/`exclude`) get no findings, as `plsql-perf check` skips them.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileFilter, type FileFilter } from '../analysis/config/fileFilter.ts';
import { loadConfigFile } from '../analysis/config/loadConfig.ts';
import { allRuleIds } from './ruleDocs.ts';
import type { AnalyzerConfig, RuleSetting } from './analyzerApi.ts';
import type { RuleLevel } from './settings.ts';

export interface LoadedProjectConfig {
  config: AnalyzerConfig;
  /** Whether the project checks this absolute path. */
  checks: FileFilter;
  /** Why the file could not be used (it exists but is unreadable or invalid); the defaults apply then. */
  error?: string;
}

const everything: FileFilter = () => true;

export function readProjectConfig(folder: string, configPath: string): LoadedProjectConfig {
  const path = isAbsolute(configPath) ? configPath : join(folder, configPath);
  if (!existsSync(path)) return { config: {}, checks: everything };
  try {
    const project = loadConfigFile(path, allRuleIds());
    return { config: project.analyzer, checks: fileFilter(project) };
  } catch (error) {
    return { config: {}, checks: everything, error: error instanceof Error ? error.message : String(error) };
  }
}

export function withEditorRules(config: AnalyzerConfig, editorRules: Record<string, RuleLevel>): AnalyzerConfig {
  const rules: Record<string, RuleSetting> = { ...config.rules };
  for (const [id, level] of Object.entries(editorRules)) {
    rules[id] = level === 'off' ? { ...rules[id], enabled: false } : { ...rules[id], enabled: true, severity: level };
  }
  return { ...config, rules };
}
