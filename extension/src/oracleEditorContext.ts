/**
 * The `plsqlPerf.oracleEditor` context key: the active editor holds Oracle PL/SQL (a `plsql` document, or a
 * `sql` / `oraclesql` one that the dialect check and plsqlPerf.sqlFiles let through, like the server does).
 * The menus' `when` clauses use it, so "Profile this block" is offered on Oracle code only.
 */
import * as vscode from 'vscode';
import { isSilencedDocument, SQL_FILES_MODES, type SqlFilesMode } from '../../server/src/lsp/dialectGate.ts';
import { PLSQL_LANGUAGES } from './languageClient.ts';

export function isOracleDocument(document: vscode.TextDocument): boolean {
  if (!(PLSQL_LANGUAGES as readonly string[]).includes(document.languageId)) return false;
  const setting = vscode.workspace.getConfiguration('plsqlPerf', document.uri).get<string>('sqlFiles');
  const mode: SqlFilesMode = (SQL_FILES_MODES as readonly (string | undefined)[]).includes(setting) ? (setting as SqlFilesMode) : 'auto';
  return !isSilencedDocument({ uri: document.uri.toString(), languageId: document.languageId, getText: () => document.getText() }, mode);
}

export function trackOracleEditor(context: vscode.ExtensionContext): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const update = () => {
    const document = vscode.window.activeTextEditor?.document;
    void vscode.commands.executeCommand('setContext', 'plsqlPerf.oracleEditor', document !== undefined && isOracleDocument(document));
  };
  update();
  context.subscriptions.push(
    vscode.window.onDidChangeActiveTextEditor(update),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('plsqlPerf.sqlFiles') && update()),
    // Typing can turn an empty file into an Oracle (or a PostgreSQL) script: look again once the typing pauses.
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document !== vscode.window.activeTextEditor?.document) return;
      clearTimeout(timer);
      timer = setTimeout(update, 500);
    }),
    { dispose: () => clearTimeout(timer) },
  );
}
