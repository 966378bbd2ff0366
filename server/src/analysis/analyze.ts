/**
 * The analyzer's entry point for one document: parse, build the model, run the rules, return findings.
 * Used by the CLI, the language server and the benchmarks; imports nothing from any editor.
 */
import { parseScript, type ParsedScript, type ParseOptions } from '../syntax/parseScript.ts';
import { compareFindings, type Finding } from '../syntax/finding.ts';

export interface AnalysisResult {
  findings: Finding[];
  lines: number;
  parseMs: number;
  script: ParsedScript;
}

export function analyzeText(text: string, options: ParseOptions = {}): AnalysisResult {
  const started = performance.now();
  const script = parseScript(text, options);
  const parseMs = performance.now() - started;
  const findings = [...script.syntaxErrors, ...script.notes].sort(compareFindings);
  return { findings, lines: script.lineCount, parseMs, script };
}
