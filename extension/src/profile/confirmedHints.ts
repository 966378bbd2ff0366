// Hints a profile confirmed are marked in the editor: an information diagnostic on the hint's own range (source
// "plsql-perf profile", the rule as its code, the measured reason as its message) whose related information
// points at the saved profile, so the evidence is one click away from the code. Cards of a called subprogram in
// another file are marked in that file. The marks follow the profile shown last.
// Only files of this workspace are marked (locateProfileFile.ts: by path, else by content); the files a profile
// names that are not here are returned, for the panel to say so.
import * as vscode from 'vscode';
import { basename } from 'node:path';
import type { ProfileDocument, StaticFinding } from '../../../server/src/profile/profileDocument.ts';
import { locateProfileFile, type RecordedContent } from './locateProfileFile.ts';

/** Marks the confirmed hints; returns the files the profile names that are not in this workspace. */
export function markConfirmedHints(collection: vscode.DiagnosticCollection, doc: ProfileDocument, profile?: vscode.Uri): string[] {
  collection.clear();
  const byFile = new Map<string, { diagnostics: vscode.Diagnostic[]; recorded?: RecordedContent }>();
  for (const card of doc.cards) {
    const { rule, line } = card.hypothesis;
    const file = card.hypothesis.file ?? doc.source.file;
    if (card.verdict !== 'confirmed' || line === undefined || file === undefined) continue;
    const finding: StaticFinding | undefined = doc.staticFindings.find((f) => f.rule === rule && f.line === line && (f.file ?? doc.source.file) === file);
    const range = finding
      ? new vscode.Range(finding.line - 1, finding.column - 1, finding.endLine - 1, finding.endColumn - 1)
      : new vscode.Range(line - 1, 0, line - 1, Number.MAX_SAFE_INTEGER);
    const d = new vscode.Diagnostic(range, `Confirmed by profile: ${card.reason}`, vscode.DiagnosticSeverity.Information);
    d.source = 'plsql-perf profile';
    if (rule) d.code = rule;
    if (profile) {
      d.relatedInformation = [new vscode.DiagnosticRelatedInformation(
        new vscode.Location(profile, new vscode.Position(0, 0)),
        `measured by ${basename(profile.fsPath)} (${doc.createdAt}): ${card.measurements.map((m) => `${m.label} ${m.value.toLocaleString('en-US')}${m.unit === undefined ? '' : m.unit === '%' ? '%' : ` ${m.unit}`}`).join(', ')}`,
      )];
    }
    const entry = byFile.get(file) ?? { diagnostics: [] };
    entry.diagnostics.push(d);
    // what the profile saw in the file, to recognise it by content where its path does not lead to it
    entry.recorded ??= file === doc.source.file
      ? { startLine: doc.source.startLine, text: doc.source.text }
      : finding?.code ? { line: finding.line, code: finding.code } : undefined;
    byFile.set(file, entry);
  }
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
  const notFound: string[] = [];
  for (const [file, { diagnostics, recorded }] of byFile) {
    const path = locateProfileFile(file, folders, recorded);
    if (path) collection.set(vscode.Uri.file(path), diagnostics);
    else notFound.push(file);
  }
  return notFound;
}
