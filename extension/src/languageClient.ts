/** Starts the bundled language server (dist/server.cjs) over Node IPC for PL/SQL documents. */
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node.js';

export function createLanguageClient(context: vscode.ExtensionContext, output: vscode.OutputChannel): LanguageClient {
  const module = vscode.Uri.joinPath(context.extensionUri, 'dist', 'server.cjs').fsPath;
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: 'plsql', scheme: 'file' }, { language: 'plsql', scheme: 'untitled' }],
    outputChannel: output,
    // The server registers its own file watchers (workspace/didChangeWatchedFiles), for every client alike.
  };
  return new LanguageClient('plsqlPerf', 'PL/SQL Perf', serverOptions, clientOptions);
}
