/**
 * The VS Code extension: starts the language server, shows its state in the status bar and its log in an
 * Output channel, and adds the "PL/SQL Perf" commands. All analysis happens in the server.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node.js';
import { IndexStatusNotification, type IndexStatus } from '../../server/src/lsp/protocol.ts';
import { createLanguageClient, registerInsertSnippetCommand } from './languageClient.ts';
import { registerProfileHook } from './profileHook.ts';
import { ProfileViewer, registerProfileFileCommands } from './profile/profileFiles.ts';
import { trackOracleEditor } from './oracleEditorContext.ts';
import { registerPerfView } from './view/registerPerfView.ts';
import { registerRuleDocumentationCommand } from './ruleDocumentation.ts';
import { StatusBar } from './statusBar.ts';
import { registerWorkspaceCommands } from './workspaceCommands.ts';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('PL/SQL Perf');
  const status = new StatusBar();
  context.subscriptions.push(output, status, vscode.commands.registerCommand('plsqlPerf.showOutput', () => output.show(true)));

  client = createLanguageClient(context, output);
  registerWorkspaceCommands(context, client, output);
  registerRuleDocumentationCommand(context, client);
  registerInsertSnippetCommand(context);
  // Saved profiles open and compare in every workspace (they only read files); profiling needs trust.
  const viewer = new ProfileViewer(context);
  context.subscriptions.push(viewer);
  registerProfileFileCommands(context, viewer);
  trackOracleEditor(context);
  registerPerfView(context);
  await registerProfileHook(context, output, client, viewer);
  client.onNotification(IndexStatusNotification, (s: IndexStatus) => status.index(s));
  try {
    await client.start();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    status.failed(`the language server did not start (${reason})`);
    output.appendLine(`the language server did not start: ${reason}`);
  }
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
