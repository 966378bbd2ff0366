/**
 * Runs the analyzer on one document and gives the server one shape to work with, whatever part of the
 * analyzer API has landed: findings with their extras, the syntax model, loop estimates and call
 * resolutions. A failure inside the analyzer becomes an 'internal-error' finding on line 1 (and a log line),
 * never an exception out of a request handler.
 */
import { analyzeText } from '../analysis/analyze.ts';
import { parseScript, type ParsedScript } from '../syntax/parseScript.ts';
import type { CallNode } from '../syntax/model/nodes.ts';
import type { AnalyzerConfig, CallResolutionKind, EditorFinding, LoopEstimate, ResolvedCall, SymbolIndex } from './analyzerApi.ts';
import { applyRuleSettings } from './ruleSettings.ts';
import { callsIn } from './workspace/modelSymbols.ts';

export interface EditorAnalysis {
  findings: EditorFinding[];
  script: ParsedScript;
  loops: LoopEstimate[];
  /** The call whose name covers this 1-based position, with how it resolved. */
  callAt(line: number, column: number): ResolvedCall | undefined;
  analysisMs: number;
}

/** What analyzeText returns once the semantic layer is in; every extra is optional so today's result fits. */
interface AnalyzerResult {
  findings: EditorFinding[];
  script: ParsedScript;
  semantics?: {
    loops?: LoopEstimate[];
    callAt?: (line: number, column: number) => ResolvedCall | undefined;
  };
}

export interface AnalyzeDocumentOptions {
  file: string;
  index?: SymbolIndex;
  config?: AnalyzerConfig;
  log?: (message: string) => void;
}

export function analyzeDocument(text: string, options: AnalyzeDocumentOptions): EditorAnalysis {
  const started = performance.now();
  let result: AnalyzerResult;
  try {
    const analyzerOptions = { file: options.file, index: options.index, config: options.config, unitCache: true };
    result = analyzeText(text, analyzerOptions) as AnalyzerResult;
  } catch (error) {
    options.log?.(`analysis of ${options.file} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    result = { findings: [internalError(error)], script: safeParse(text) };
  }
  const calls = result.semantics?.callAt ? undefined : callsIn(result.script);
  return {
    findings: applyRuleSettings(result.findings, options.config),
    script: result.script,
    loops: result.semantics?.loops ?? [],
    callAt: result.semantics?.callAt
      ? (line, column) => result.semantics!.callAt!(line, column)
      : (line, column) => resolveByIndex(calls!.find((c) => covers(c, line, column)), options.index),
    analysisMs: performance.now() - started,
  };
}

function internalError(error: unknown): EditorFinding {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    line: 1, column: 1, endLine: 1, endColumn: 2, rule: 'internal-error', severity: 'error',
    message: `plsql-perf could not analyse this file (${reason}); the error is in the PL/SQL Perf output log`,
  };
}

/** After an analyzer failure the outline and navigation still work if the plain parse does. */
function safeParse(text: string): ParsedScript {
  try {
    return parseScript(text);
  } catch {
    return { segments: [], units: [], syntaxErrors: [], notes: [], lineCount: text.split('\n').length };
  }
}

function covers(call: CallNode, line: number, column: number): boolean {
  const r = call.nameRange;
  return (line > r.line || (line === r.line && column >= r.column)) && (line < r.endLine || (line === r.endLine && column <= r.endColumn));
}

const oracleSupplied = /^(DBMS_|UTL_|APEX_|OWA_|HTP\.|HTF\.|SYS\.)/;

/** Name-only resolution for the time before the semantic layer: the index's definition or Oracle's packages. */
function resolveByIndex(call: CallNode | undefined, index: SymbolIndex | undefined): ResolvedCall | undefined {
  if (!call) return undefined;
  const definition = index?.definitions(call.name)[0];
  let kind: CallResolutionKind = 'unresolved';
  if (definition) kind = definition.kind === 'package-member' ? 'other-package' : 'standalone';
  else if (oracleSupplied.test(call.name)) kind = 'oracle-supplied';
  return { call, resolution: definition ? { kind, definition } : { kind } };
}
