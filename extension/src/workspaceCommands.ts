/**
 * "Check workspace" (findings of every file in the Problems panel, also for files that are not open) and
 * "Export review checklist to Markdown". Both ask the server to analyse the indexed files.
 */
import { posix } from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node.js';
import { CheckWorkspaceRequest, type CheckWorkspaceResult } from '../../server/src/lsp/protocol.ts';
import { clientCommands } from './languageClient.ts';
import { reviewChecklist } from './reviewChecklist.ts';

const severities: Record<string, vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

async function runCheck(client: LanguageClient): Promise<CheckWorkspaceResult | undefined> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'PL/SQL Perf: checking the workspace', cancellable: true },
    (_progress, token) => client.sendRequest<CheckWorkspaceResult | null>(CheckWorkspaceRequest, {}, token).then((r) => r ?? undefined),
  );
}

/** A file as the user knows it: relative to its workspace folder (prefixed by the folder's name in a multi-root workspace). */
const relativePath = (uri: string): string => vscode.workspace.asRelativePath(vscode.Uri.parse(uri));

/** A file relative to the folder the checklist is saved in, so that its Markdown links open the file. */
const relativeTo = (checklist: vscode.Uri) => (uri: string): string =>
  posix.relative(posix.dirname(checklist.path), vscode.Uri.parse(uri).path);

export function registerWorkspaceCommands(context: vscode.ExtensionContext, client: LanguageClient, output: vscode.OutputChannel): void {
  // Files open in an editor already get live diagnostics from the server; this collection holds the rest.
  const collection = vscode.languages.createDiagnosticCollection('plsql-perf-workspace');
  context.subscriptions.push(collection, vscode.workspace.onDidOpenTextDocument((d) => collection.delete(d.uri)));

  context.subscriptions.push(vscode.commands.registerCommand('plsqlPerf.checkWorkspace', async () => {
    const result = await runCheck(client);
    if (!result) return;
    collection.clear();
    const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
    let total = 0;
    for (const file of result.files) {
      total += file.findings.length;
      output.appendLine(`${relativePath(file.uri)}: ${file.findings.length} finding(s)`);
      if (open.has(file.uri)) continue;
      collection.set(vscode.Uri.parse(file.uri), file.findings.map((f) => {
        const d = new vscode.Diagnostic(
          new vscode.Range(f.range.start.line, f.range.start.character, f.range.end.line, f.range.end.character),
          f.message,
          severities[f.severity],
        );
        d.source = 'plsql-perf';
        // the rule's rendered page, as the server links it for open files
        d.code = { value: f.rule, target: vscode.Uri.parse(`command:${clientCommands.ruleDocumentation}?${encodeURIComponent(JSON.stringify([f.rule]))}`) };
        return d;
      }));
    }
    const summary = `PL/SQL Perf: ${total} finding(s) in ${result.files.length} of ${result.filesChecked} files (${result.ms} ms).`;
    output.appendLine(summary);
    void vscode.window.showInformationMessage(summary, 'Show Problems').then((choice) => {
      if (choice) void vscode.commands.executeCommand('workbench.actions.view.problems');
    });
  }));

  context.subscriptions.push(vscode.commands.registerCommand('plsqlPerf.exportReviewChecklist', async () => {
    const result = await runCheck(client);
    if (!result) return;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const target = await vscode.window.showSaveDialog({
      defaultUri: folder ? vscode.Uri.joinPath(folder, 'plsql-perf-review.md') : undefined,
      filters: { Markdown: ['md'] },
      saveLabel: 'Export review checklist',
    });
    if (!target) return;
    // rule pages: the team's published ones (the ruleDocsBaseUrl setting names their folder), else the shipped ones
    const teamDocs = vscode.workspace.getConfiguration('plsqlPerf').get<string>('ruleDocsBaseUrl', '').replace(/\/?$/, '/');
    const ruleLink = (rule: string) => (teamDocs !== '/' ? `${teamDocs}${rule}.md` : vscode.Uri.joinPath(context.extensionUri, 'docs', 'rules', `${rule}.md`).toString());
    const text = reviewChecklist(result, { shown: relativePath, linked: relativeTo(target) }, ruleLink);
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
    await vscode.window.showTextDocument(target);
  }));
}
