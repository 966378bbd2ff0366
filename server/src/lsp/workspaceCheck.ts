/**
 * "Check workspace": analyses every indexed file (open ones from the editor's text) and returns the
 * findings, for the extension's workspace report and review checklist. A file that fails is logged and
 * skipped; cancellation stops between files.
 */
import { readFileSync } from 'node:fs';
import type { CancellationToken } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { AnalyzerConfig, SymbolIndex } from './analyzerApi.ts';
import { analyzeDocument } from './analyzeDocument.ts';
import { toLspRange } from './positions.ts';
import type { CheckWorkspaceResult, RuleListResult } from './protocol.ts';
import { ruleSummary } from './ruleDocs.ts';
import { URI } from './uri.ts';

export async function checkWorkspace(
  files: string[],
  openDocument: (uri: string) => TextDocument | undefined,
  configFor: (uri: string) => Promise<AnalyzerConfig>,
  index: SymbolIndex,
  log: (message: string) => void,
  token: CancellationToken,
): Promise<CheckWorkspaceResult> {
  const started = performance.now();
  const result: CheckWorkspaceResult = { version: 1, files: [], filesChecked: 0, ms: 0 };
  for (const uri of [...files].sort()) {
    if (token.isCancellationRequested) break;
    try {
      const text = openDocument(uri)?.getText() ?? readFileSync(URI.toPath(uri), 'utf8');
      // The check analyses each file once: caching its units would only hold memory.
      const analysis = analyzeDocument(text, { file: uri, index, config: await configFor(uri), log });
      result.filesChecked++;
      if (analysis.findings.length === 0) continue;
      result.files.push({
        uri,
        findings: analysis.findings.map((f) => ({
          rule: f.rule, severity: f.severity, message: f.message, range: toLspRange(f),
          ...(f.loop ? { loop: f.loop.text } : {}), ...(f.fix ? { fix: f.fix.title } : {}),
        })),
      });
    } catch (error) {
      log(`check of ${uri} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    // Let other requests (typing in the editor) in between files.
    await new Promise((resolve) => setImmediate(resolve));
  }
  result.ms = Math.round(performance.now() - started);
  return result;
}

/** Seam: the rule ids come from the analyzer's registry (RULES) once it is on main. */
const knownRules = [
  'standalone-call-in-loop', 'exception-handler-in-loop', 'utl-file-small-buffer', 'plan-statistics-in-code', 'dml-in-loop',
  'select-into-in-loop', 'row-by-row-fetch', 'bulk-collect-without-limit', 'commit-in-loop', 'nested-cursor-loop',
  'syntax-error', 'wrapped-unit', 'internal-error',
];

export function ruleList(docUri: (rule: string) => string | undefined): RuleListResult {
  return { version: 1, rules: knownRules.map((id) => ({ id, summary: ruleSummary(id), docUri: docUri(id) })) };
}
