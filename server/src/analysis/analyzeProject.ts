/**
 * Two passes over a set of documents: parse each once and index it, then run the rules on each with the
 * whole workspace known. The CLI, the ruling report and the benchmark use it; the editor keeps its own
 * long-lived index and calls analyzeText per document.
 */
import { parseScript, type ParsedScript } from '../syntax/parseScript.ts';
import { analyzeText, type AnalysisResult, type AnalyzerConfig } from './analyze.ts';
import { WorkspaceIndex } from './index/workspaceIndex.ts';

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
  const index = new WorkspaceIndex();
  const parsed: { file: string; text: string; script?: ParsedScript; error?: unknown }[] = [];
  let parseMs = 0;
  for (const document of documents) {
    const started = performance.now();
    try {
      // each file is parsed once, so the unit cache (meant for editors re-parsing a document) would only cost memory
      const script = parseScript(document.text, { unitCache: false });
      parseMs += performance.now() - started;
      index.updateFromScript(document.file, script);
      parsed.push({ ...document, script });
    } catch (error) {
      parsed.push({ ...document, error });
    }
  }
  const results: ProjectAnalysis['results'] = [];
  let analysisMs = 0;
  for (const document of parsed) {
    if (!document.script) {
      results.push({ file: document.file, error: document.error });
      continue;
    }
    try {
      const result = analyzeText(document.text, { file: document.file, index, config, script: document.script });
      result.parseMs = 0;
      analysisMs += result.analysisMs;
      results.push({ file: document.file, result });
    } catch (error) {
      results.push({ file: document.file, error });
    }
    document.script = undefined; // let the model go once its rules have run
  }
  return { index, results, parseMs, indexMs: index.stats.ms, analysisMs };
}
