/**
 * Runs the analyzer on one document for the editor. The document is parsed once: that parse re-indexes it
 * (the open text is what other files resolve against, saved or not) and feeds the rules. A failure inside
 * the analyzer becomes an 'internal-error' finding on line 1 (and a log line), never an exception out of a
 * request handler.
 */
import { analyzeText } from '../analysis/analyze.ts';
import type { ItemCache } from '../analysis/itemCache.ts';
import type { DocumentSemantics } from '../analysis/semantic/documentSemantics.ts';
import { parseScript, type ParsedScript } from '../syntax/parseScript.ts';
import type { AnalyzerConfig, EditorFinding, LoopEstimate, ResolvedCall, WorkspaceIndex } from './analyzerApi.ts';

export interface EditorAnalysis {
  findings: EditorFinding[];
  script: ParsedScript;
  loops: LoopEstimate[];
  /** Every call of the document with how it resolved (references, call hierarchy). */
  calls: readonly ResolvedCall[];
  /** The call whose name covers this 1-based position, with how it resolved. */
  callAt(line: number, column: number): ResolvedCall | undefined;
  analysisMs: number;
}

export interface AnalyzeDocumentOptions {
  file: string;
  index: WorkspaceIndex;
  config?: AnalyzerConfig;
  /**
   * Re-index the document from this parse: 'now', 'later' (after the caller has used the result: the
   * document's own definitions already come from its parse, so only other files need the index entry, and
   * the keystroke's diagnostics need not wait for it), or 'no' (a file the index already has).
   */
  updateIndex?: 'now' | 'later' | 'no';
  /** Keep the document's units in the parser's unit cache (the editor re-parses only the edited unit). */
  unitCache?: boolean;
  /** A parse of exactly this text the caller already made (the editor parses, lets requests in, then analyses). */
  script?: ParsedScript;
  log?: (message: string) => void;
  /** The open document's kept items: unchanged package items replay their last results (see itemCache.ts). */
  items?: ItemCache;
}

const noSemantics: DocumentSemantics = { loops: [], calls: [], callAt: () => undefined };

export function analyzeDocument(text: string, options: AnalyzeDocumentOptions): EditorAnalysis {
  const started = performance.now();
  const describe = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));
  let script: ParsedScript;
  try {
    script = options.script ?? parseScript(text, { unitCache: options.unitCache ?? true });
  } catch (error) {
    options.log?.(`parsing ${options.file} failed: ${describe(error)}`);
    const empty: ParsedScript = { segments: [], units: [], syntaxErrors: [], notes: [], lineCount: text.split('\n').length };
    return { findings: [internalError(error)], script: empty, loops: [], calls: [], callAt: () => undefined, analysisMs: performance.now() - started };
  }
  const reindex = () => {
    try {
      options.index.updateFromScript(options.file, script, text);
    } catch (error) {
      options.log?.(`indexing ${options.file} failed: ${describe(error)}`);
    }
  };
  if ((options.updateIndex ?? 'now') === 'now') reindex();
  else if (options.updateIndex === 'later') setImmediate(reindex);
  let findings: EditorFinding[];
  let semantics = noSemantics;
  try {
    const result = analyzeText(text, { file: options.file, index: options.index, config: options.config, script, items: options.items });
    findings = result.findings;
    semantics = result.semantics;
  } catch (error) {
    options.log?.(`analysis of ${options.file} failed: ${describe(error)}`);
    findings = [...script.syntaxErrors, internalError(error)];
  }
  return {
    findings,
    script,
    loops: semantics.loops,
    calls: semantics.calls,
    callAt: (line, column) => semantics.callAt(line, column),
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
