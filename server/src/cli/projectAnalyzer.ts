/**
 * The analyzer as a check run uses it: pass 1 shows it every file (the workspace index, so a call in one file
 * resolves to a definition in another), pass 2 analyzes one file at a time.
 */
import { analyzeText } from '../analysis/analyze.ts';
import { applyRuleSettings } from '../analysis/config/applyRuleSettings.ts';
import type { AnalyzerConfig } from '../analysis/config/analyzerConfig.ts';
import { applySuppressions } from '../analysis/suppressions.ts';
import type { Finding } from '../syntax/finding.ts';

export interface FileAnalysis {
  findings: Finding[];
  lines: number;
  parseMs: number;
  analysisMs?: number;
}

export interface ProjectAnalyzer {
  /** Pass 1: called with every file's text before any file is analyzed. */
  index(file: string, text: string): void;
  /** Pass 2: analyzes one file against the index. */
  analyze(file: string, text: string): FileAnalysis;
  /** Time spent building the index (pass 1), ms. */
  indexMs(): number;
}

/**
 * SEAM for the workspace index (server/src/analysis/index/workspaceIndex.ts, not on main yet). When it lands:
 *   const workspace = new WorkspaceIndex();
 *   index(file, text)   -> workspace.update(file, text)
 *   indexMs()           -> workspace.stats.ms
 *   analyze(file, text) -> analyzeText(text, { file, index: workspace, config, unitCache: false })
 * and drop the applyRuleSettings/applySuppressions calls below once analyzeText applies both itself (they are
 * idempotent, so keeping them meanwhile is harmless).
 */
export function createProjectAnalyzer(config: AnalyzerConfig): ProjectAnalyzer {
  return {
    index() {
      // Nothing to index until the WorkspaceIndex lands (see above).
    },
    analyze(_file, text) {
      // Each file is parsed once, so the unit cache (meant for editors re-parsing a document) would only cost memory.
      const result = analyzeText(text, { unitCache: false });
      const findings = applySuppressions(text, applyRuleSettings(result.findings, config));
      return { findings, lines: result.lines, parseMs: result.parseMs };
    },
    indexMs: () => 0,
  };
}
