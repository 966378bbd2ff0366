/** Starts the bundled language server (dist/server.cjs) over Node IPC for PL/SQL documents. */
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node.js';
import type { ClientCommands } from '../../server/src/lsp/protocol.ts';

/** The extension's commands the server may use in its answers (see ClientCommands). */
export const clientCommands = {
  ruleDocumentation: 'plsqlPerf.showRuleDocumentation',
  insertSnippet: 'plsqlPerf.insertSnippet',
} satisfies ClientCommands;

/** The language ids whose documents go to the server. */
export const PLSQL_LANGUAGES = ['plsql', 'sql', 'oraclesql'] as const;

export function createLanguageClient(context: vscode.ExtensionContext, output: vscode.OutputChannel): LanguageClient {
  const module = vscode.Uri.joinPath(context.extensionUri, 'dist', 'server.cjs').fsPath;
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  const clientOptions: LanguageClientOptions = {
    // `.sql` keeps whatever language the user's editor gives it (VS Code's `sql`, `oraclesql` of the Oracle
    // extension, or `plsql`); the server's dialect check (plsqlPerf.sqlFiles) keeps non-Oracle scripts silent.
    documentSelector: PLSQL_LANGUAGES.flatMap((language) => [{ language, scheme: 'file' }, { language, scheme: 'untitled' }]),
    outputChannel: output,
    initializationOptions: { clientCommands },
    // Rule links in hovers are command links to the rendered page: only that command is trusted.
    markdown: { isTrusted: { enabledCommands: [clientCommands.ruleDocumentation] } },
    // The server registers its own file watchers (workspace/didChangeWatchedFiles), for every client alike.
  };
  return new LanguageClient('plsqlPerf', 'PL/SQL Perf', serverOptions, clientOptions);
}

/** Inserts a snippet at the start of a line of a document (the server's "Disable for this line" action). */
export function registerInsertSnippetCommand(context: vscode.ExtensionContext): void {
  context.subscriptions.push(vscode.commands.registerCommand(clientCommands.insertSnippet, async (uri: string, line: number, snippet: string) => {
    if (typeof uri !== 'string' || typeof line !== 'number' || typeof snippet !== 'string') return;
    const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
    const editor = await vscode.window.showTextDocument(document, { preserveFocus: false });
    await editor.insertSnippet(new vscode.SnippetString(snippet), new vscode.Position(line, 0));
  }));
}
