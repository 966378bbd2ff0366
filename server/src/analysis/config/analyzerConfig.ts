/**
 * A project's configuration as the check run and (later) the editor use it: the analyzer's rule settings
 * (AnalyzerConfig, defined with analyzeText) plus the files to check. The file may use short forms ("off",
 * "warning"); the loader expands them.
 */
import type { AnalyzerConfig, RuleSetting } from '../analyze.ts';

export type { AnalyzerConfig, RuleSetting };

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
