/**
 * Rule settings shared by the CLI and the editor: what `.plsqlperf.json` says, in the shape the analyzer reads
 * (docs: ANALYZER_API.md). The file may use short forms ("off", "warning"); the loader expands them to this.
 */
import type { Severity } from '../../syntax/finding.ts';

export interface RuleSetting {
  enabled?: boolean;
  severity?: Severity;
  options?: Record<string, unknown>;
}

export interface AnalyzerConfig {
  rules?: Record<string, RuleSetting>;
}

/** A loaded project configuration: rule settings plus the files to check. */
export interface ProjectConfig {
  /** The configuration file, absolute; undefined when none was found (all defaults). */
  file: string | undefined;
  /** Globs are relative to this directory (the configuration file's, or the working directory). */
  baseDir: string;
  analyzer: AnalyzerConfig;
  include: string[];
  exclude: string[];
}

export function defaultProjectConfig(baseDir: string): ProjectConfig {
  return { file: undefined, baseDir, analyzer: {}, include: [], exclude: [] };
}

/** The settings of one rule with the short forms expanded; the rule's defaults apply where a field is absent. */
export function ruleSetting(config: AnalyzerConfig | undefined, ruleId: string): RuleSetting {
  return config?.rules?.[ruleId] ?? {};
}
