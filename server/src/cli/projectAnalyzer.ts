/**
 * The analyzer as a check run uses it: pass 1 parses every file once and puts it in the workspace index (so a
 * call in one file resolves to a definition in another), pass 2 runs the rules on one file at a time with that
 * parse. Like analyzeProject (server/src/analysis/analyzeProject.ts), but file by file, so the check run can
 * report progress and keep one file's failure from stopping the others.
 */
import { analyzeText } from '../analysis/analyze.ts';
import type { AnalyzerConfig } from '../analysis/config/analyzerConfig.ts';
import { WorkspaceIndex } from '../analysis/index/workspaceIndex.ts';
import type { Finding } from '../syntax/finding.ts';
import { parseScript, type ParsedScript } from '../syntax/parseScript.ts';

export interface FileAnalysis {
  findings: Finding[];
  lines: number;
}

export interface ProjectAnalyzer {
  /** Pass 1: called with every file's text before any file is analyzed. */
  index(file: string, text: string): void;
  /** Pass 2: analyzes one file against the index. */
  analyze(file: string, text: string): FileAnalysis;
  /** Milliseconds spent so far: parsing, building the index, the semantic layer and rules. */
  stats(): { parseMs: number; indexMs: number; analysisMs: number };
}

export function createProjectAnalyzer(config: AnalyzerConfig): ProjectAnalyzer {
  const workspace = new WorkspaceIndex();
  const parses = new Map<string, ParsedScript>();
  let parseMs = 0;
  let analysisMs = 0;
  return {
    index(file, text) {
      const started = performance.now();
      // Each file is parsed once, so the unit cache (meant for editors re-parsing a document) would only cost memory.
      const script = parseScript(text, { unitCache: false });
      parseMs += performance.now() - started;
      workspace.updateFromScript(file, script);
      parses.set(file, script);
    },
    analyze(file, text) {
      const script = parses.get(file);
      parses.delete(file); // let the model go once its rules have run
      const result = analyzeText(text, { file, index: workspace, config, script, unitCache: false });
      if (script === undefined) parseMs += result.parseMs;
      analysisMs += result.analysisMs;
      // suppression comments are applied by analyzeText
      return { findings: result.findings, lines: result.lines };
    },
    stats: () => ({ parseMs, indexMs: workspace.stats.ms, analysisMs }),
  };
}
