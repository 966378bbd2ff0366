/** Starts the bundled language server (dist/server.cjs) over Node IPC for PL/SQL documents. */
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node.js';

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
    // The server registers its own file watchers (workspace/didChangeWatchedFiles), for every client alike.
  };
  return new LanguageClient('plsqlPerf', 'PL/SQL Perf', serverOptions, clientOptions);
}
