// Hints a profile confirmed are marked in the editor: an information diagnostic on the hint's own range (source
// "plsql-perf profile", the rule as its code, the measured reason as its message) whose related information
// points at the saved profile, so the evidence is one click away from the code. Cards of a called subprogram in
// another file are marked in that file. The marks follow the profile shown last.
import * as vscode from 'vscode';
import { existsSync } from 'node:fs';
import { basename, isAbsolute } from 'node:path';
import type { ProfileDocument, StaticFinding } from '../../../server/src/profile/profileDocument.ts';

/** Profiles name files relative to their workspace folder: the folder that has the file (the first one if none has). */
function fileUri(file: string): vscode.Uri | undefined {
  if (isAbsolute(file)) return vscode.Uri.file(file);
  const folders = vscode.workspace.workspaceFolders ?? [];
  const owner = folders.find((f) => existsSync(vscode.Uri.joinPath(f.uri, file).fsPath)) ?? folders[0];
  return owner ? vscode.Uri.joinPath(owner.uri, file) : undefined;
}

export function markConfirmedHints(collection: vscode.DiagnosticCollection, doc: ProfileDocument, profile?: vscode.Uri): void {
  collection.clear();
  const byFile = new Map<string, vscode.Diagnostic[]>();
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
    byFile.set(file, [...(byFile.get(file) ?? []), d]);
  }
  for (const [file, diagnostics] of byFile) {
    const uri = fileUri(file);
    if (uri) collection.set(uri, diagnostics);
  }
}
