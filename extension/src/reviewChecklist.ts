/**
 * The review checklist the editor exports is the one `plsql-perf check --format markdown` prints (one
 * renderer, server/src/cli/reporters/markdown.ts): the workspace check's result becomes the CLI's report,
 * and each finding's line links to the file, relative to where the checklist is saved.
 * Pure (no vscode import) so it is tested without an editor.
 */
import type { CheckReport, FileFinding } from '../../server/src/cli/model.ts';
import { renderMarkdown } from '../../server/src/cli/reporters/markdown.ts';
import type { CheckWorkspaceResult } from '../../server/src/lsp/protocol.ts';

export interface ChecklistPaths {
  /** A file as the user knows it: relative to its workspace folder (the headings). */
  shown(uri: string): string;
  /** A file relative to the checklist's folder (the links). */
  linked(uri: string): string;
}

export function checkReportOf(result: CheckWorkspaceResult, shown: (uri: string) => string): CheckReport {
  const findings: FileFinding[] = [];
  for (const file of result.files) {
    for (const f of file.findings) {
      findings.push({
        file: shown(file.uri),
        rule: f.rule, severity: f.severity, message: f.message,
        line: f.range.start.line + 1, column: f.range.start.character + 1, endLine: f.range.end.line + 1, endColumn: f.range.end.character + 1,
        ...(f.code !== undefined ? { code: f.code } : {}),
        ...(f.loop ? { loop: { text: f.loop, line: f.loopLine ?? f.range.start.line + 1 } } : {}),
        ...(f.fix ? { fix: { kind: f.fixKind ?? 'suggestion', title: f.fix, edits: [] } } : {}),
      });
    }
  }
  findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.rule.localeCompare(b.rule));
  return {
    files: result.filesChecked, lines: result.lines ?? 0, parseMs: 0, analysisMs: result.ms, indexMs: 0,
    findings,
    errors: (result.errors ?? []).map((e) => ({ file: shown(e.uri), message: e.message })),
  };
}

/** `ruleLink`: a rule's page (the team's published pages, or the ones the extension ships). */
export function reviewChecklist(result: CheckWorkspaceResult, paths: ChecklistPaths, ruleLink: (rule: string) => string): string {
  const linkOf = new Map<string, string>();
  for (const file of result.files) linkOf.set(paths.shown(file.uri), paths.linked(file.uri));
  return renderMarkdown(checkReportOf(result, paths.shown), undefined, {
    ruleLink,
    lineLink: (file, line) => `${encodeURI(linkOf.get(file) ?? file)}#L${line}`,
  });
}
