/**
 * Two passes over a set of documents: parse each once and index it, then run the rules on each with the whole
 * workspace known. `createProjectAnalyzer` does it one file at a time (the CLI reports progress and keeps one
 * file's failure from stopping the others); `analyzeProject` runs both passes over a list (the ruling report,
 * the benchmark, the rule fixtures). The editor keeps its own long-lived index and calls analyzeText per
 * document.
 */
import type { Finding } from '../syntax/finding.ts';
import { parseScript, type ParsedScript } from '../syntax/parseScript.ts';
import { analyzeText, type AnalysisResult, type AnalyzerConfig } from './analyze.ts';
import { WorkspaceIndex } from './index/workspaceIndex.ts';

export interface FileAnalysis {
  findings: Finding[];
  lines: number;
}

/** What the check run needs (narrow, so tests can record the order of the passes with a stand-in). */
export interface ProjectAnalyzer {
  /** Pass 1: called with every file's text before any file is analyzed. */
  index(file: string, text: string): void;
  /** Pass 2: analyzes one file against the index, with the parse pass 1 kept for it. */
  analyze(file: string, text: string): FileAnalysis;
  /** Milliseconds spent so far: parsing, building the index, the semantic layer and rules. */
  stats(): { parseMs: number; indexMs: number; analysisMs: number; callGraphMs?: number };
}

/** The real analyzer also hands out its index and each file's whole analysis. */
export interface WorkspaceAnalyzer extends ProjectAnalyzer {
  readonly workspace: WorkspaceIndex;
  analyze(file: string, text: string): FileAnalysis & { result: AnalysisResult };
}

export interface ProjectAnalyzerOptions {
  /**
   * The caller reads only findings and line counts (a check run): each file's models are released unit by unit
   * as its rules finish with them (see `findingsOnly` of analyzeText); `result.script` then holds no models, and
   * the workspace index keeps no call sites (`workspace.references()` is refused).
   */
  findingsOnly?: boolean;
}

export function createProjectAnalyzer(config: AnalyzerConfig = {}, options: ProjectAnalyzerOptions = {}): WorkspaceAnalyzer {
  // A check run reads findings only: no one asks it who calls whom.
  const workspace = new WorkspaceIndex({ references: !options.findingsOnly });
  const parses = new Map<string, ParsedScript>();
  let parseMs = 0;
  let analysisMs = 0;
  return {
    workspace,
    index(file, text) {
      const started = performance.now();
      // Each file is parsed once, so the unit cache (meant for editors re-parsing a document) would only cost memory.
      const script = parseScript(text, { unitCache: false });
      parseMs += performance.now() - started;
      workspace.updateFromScript(file, script, text);
      parses.set(file, script);
    },
    analyze(file, text) {
      const script = parses.get(file);
      parses.delete(file); // let the model go once its rules have run
      const result = analyzeText(text, { file, index: workspace, config, script, unitCache: false, findingsOnly: options.findingsOnly });
      // the call graph keeps the parse it was built from only to tell it from a newer one: no newer one comes
      if (options.findingsOnly) workspace.callGraph.releaseSource(file);
      if (script === undefined) parseMs += result.parseMs;
      analysisMs += result.analysisMs;
      return { findings: result.findings, lines: result.lines, result };
    },
    stats: () => ({ parseMs, indexMs: workspace.stats.ms, analysisMs, callGraphMs: workspace.stats.callGraphMs }),
  };
}

export interface ProjectDocument {
  file: string;
  text: string;
}

export interface ProjectAnalysis {
  index: WorkspaceIndex;
  /** In the order of the input; a document the analyzer failed on carries the error instead. */
  results: ({ file: string; result: AnalysisResult } | { file: string; error: unknown })[];
  parseMs: number;
  indexMs: number;
  analysisMs: number;
}

export function analyzeProject(documents: Iterable<ProjectDocument>, config?: AnalyzerConfig): ProjectAnalysis {
  const analyzer = createProjectAnalyzer(config);
  const list = [...documents];
  const failed = new Map<string, unknown>();
  for (const document of list) {
    try {
      analyzer.index(document.file, document.text);
    } catch (error) {
      failed.set(document.file, error);
    }
  }
  const results: ProjectAnalysis['results'] = list.map((document) => {
    if (failed.has(document.file)) return { file: document.file, error: failed.get(document.file) };
    try {
      return { file: document.file, result: analyzer.analyze(document.file, document.text).result };
    } catch (error) {
      return { file: document.file, error };
    }
  });
  const stats = analyzer.stats();
  return { index: analyzer.workspace, results, ...stats };
}
