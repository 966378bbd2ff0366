/**
 * "Check workspace": analyses every indexed file (open ones from the editor's text) and returns the
 * findings, for the extension's workspace report and review checklist. A file that fails is logged and
 * skipped; cancellation stops between files.
 */
import { readFileSync } from 'node:fs';
import type { CancellationToken } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { AnalyzerConfig, WorkspaceIndex } from './analyzerApi.ts';
import { analyzeDocument } from './analyzeDocument.ts';
import { toLspRange } from './positions.ts';
import type { CheckWorkspaceResult, RuleListResult } from './protocol.ts';
import { allRuleIds, ruleSummary } from './ruleDocs.ts';
import { URI } from './uri.ts';
import { isSilencedDocument, type SqlFilesMode } from './dialectGate.ts';

export async function checkWorkspace(
  files: { key: string; uri: string }[],
  openDocument: (uri: string) => TextDocument | undefined,
  configFor: (uri: string) => Promise<AnalyzerConfig | undefined>,
  index: WorkspaceIndex,
  log: (message: string) => void,
  token: CancellationToken,
  /** plsqlPerf.sqlFiles for a file: PostgreSQL, T-SQL and MySQL scripts are left out, as in the editor. */
  sqlFilesFor?: (uri: string) => Promise<SqlFilesMode>,
): Promise<CheckWorkspaceResult> {
  const started = performance.now();
  const result: CheckWorkspaceResult = { version: 1, files: [], filesChecked: 0, ms: 0, lines: 0, errors: [] };
  for (const { key, uri } of [...files].sort((a, b) => a.key.localeCompare(b.key))) {
    if (token.isCancellationRequested) break;
    try {
      const config = await configFor(uri);
      if (!config) continue; // the project excludes it
      const open = openDocument(uri);
      const text = open?.getText() ?? readFileSync(URI.toPath(uri), 'utf8');
      if (sqlFilesFor && isSilencedDocument({ uri, languageId: open?.languageId ?? 'plsql', getText: () => text }, await sqlFilesFor(uri))) continue;
      // The check analyses each file once: caching its units would only hold memory; the index has the file already.
      const analysis = analyzeDocument(text, { file: key, index, config, log, unitCache: false, updateIndex: 'no' });
      result.filesChecked++;
      const lines = text.split('\n');
      result.lines! += lines.length;
      if (analysis.findings.length === 0) continue;
      result.files.push({
        uri,
        findings: analysis.findings.map((f) => ({
          rule: f.rule, severity: f.severity, message: f.message, range: toLspRange(f),
          ...(f.loop ? { loop: f.loop.text, loopLine: f.loop.line } : {}), ...(f.fix ? { fix: f.fix.title, fixKind: f.fix.kind } : {}),
          code: (lines[f.line - 1] ?? '').replace(/\r$/, ''),
        })),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`check of ${uri} failed: ${message}`);
      result.errors!.push({ uri, message });
    }
    // Let other requests (typing in the editor) in between files.
    await new Promise((resolve) => setImmediate(resolve));
  }
  result.ms = Math.round(performance.now() - started);
  return result;
}

export function ruleList(docUri: (rule: string) => string | undefined): RuleListResult {
  return { version: 1, rules: allRuleIds().map((id) => ({ id, summary: ruleSummary(id)?.summary, docUri: docUri(id) })) };
}
