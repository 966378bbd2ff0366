// VS Code glue of "Profile this block" (the run itself is ./run/profileRun.ts, free of VS Code): the commands
// plsqlPerf.profileBlock / connect / disconnect, the progress notification with Cancel, confirmation for
// blocks that commit, and saving .plsqlprofile.json. Opening and comparing saved profiles needs no trust:
// ./profileFiles.ts registers those in every workspace.
import * as vscode from 'vscode';
import { basename, relative } from 'node:path';
import { ConnectionManager } from '../connections/connectionManager.ts';
import { explainDbError } from '../connections/oracleErrors.ts';
import { PROFILE_FILE_SUFFIX, type ProfileDocument } from '../../../server/src/profile/profileDocument.ts';
import { chooseBlock, type EditorSelection } from './run/blockSelection.ts';
import { commitConcerns } from './run/blockSafety.ts';
import { ProfileRunner } from './run/profileRun.ts';
import { probeCommand, ProbeTransportError, type ProbeCommand } from './run/probeTransport.ts';
import { GrantsNeededError } from './run/sessionIdentity.ts';
import { findingsForTarget, findingsFromServer, type HypothesesSource, type TargetFindings } from './run/staticFindings.ts';
import type { ProfileTarget } from './run/blockSelection.ts';
import { readProfileSettings } from './profileSettings.ts';
import { importTraceCommand } from './importTraceCommand.ts';
import type { ProfileViewer } from './profileFiles.ts';

/** What the code lens passes (server/src/lsp/protocol.ts ProfileBlockArguments; 0-based range). */
interface LensArguments { uri: string; range: { start: { line: number; character: number } } }

const TOOL_VERSION = '0.1.0';

export async function registerProfileCommands(context: vscode.ExtensionContext, analyzer: HypothesesSource, viewer: ProfileViewer): Promise<void> {
  const connections = new ConnectionManager(context.secrets, TOOL_VERSION);
  context.subscriptions.push(connections);
  const show = async (doc: ProfileDocument, saved?: vscode.Uri): Promise<void> => viewer.show(doc, saved);

  context.subscriptions.push(
    vscode.commands.registerCommand('plsqlPerf.connect', (name?: unknown) => connections.connect(typeof name === 'string' ? name : undefined)),
    vscode.commands.registerCommand('plsqlPerf.disconnect', () => connections.disconnect()),
    vscode.commands.registerCommand('plsqlPerf.profileBlock', (args?: LensArguments) => profileBlock(context, connections, analyzer, show, args)),
    vscode.commands.registerCommand('plsqlPerf.importTrace', (uri?: vscode.Uri, selected?: vscode.Uri[]) =>
      importTraceCommand(context, analyzer, show, selected?.length ? selected : uri ? [uri] : undefined)),
  );
}

async function profileBlock(
  context: vscode.ExtensionContext,
  connections: ConnectionManager,
  analyzer: HypothesesSource,
  show: (doc: ProfileDocument, saved?: vscode.Uri) => Promise<void>,
  args?: LensArguments,
): Promise<void> {
  const editor = args ? await vscode.window.showTextDocument(vscode.Uri.parse(args.uri), { preserveFocus: true }) : vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showErrorMessage('PL/SQL Perf: open a PL/SQL file and put the cursor in a block to profile.');
    return;
  }
  const document = editor.document;
  const sel = args
    ? { line: args.range.start.line + 1, column: args.range.start.character + 1, endLine: args.range.start.line + 1, endColumn: args.range.start.character + 1 }
    : toSelection(editor.selection);
  const choice = chooseBlock(document.getText(), sel);
  if (choice.kind === 'refused') {
    void vscode.window.showErrorMessage(`PL/SQL Perf: ${choice.reason}.`);
    return;
  }
  if (choice.kind === 'call-block') {
    const doc = await vscode.workspace.openTextDocument({ language: document.languageId, content: choice.callBlock });
    await vscode.window.showTextDocument(doc, vscode.ViewColumn.Beside);
    void vscode.window.showInformationMessage(`PL/SQL Perf: fill in the arguments of ${choice.subprogram}, then run "Profile this block" in the new editor.`);
    return;
  }
  const { target } = choice;
  const settings = readProfileSettings(document.uri);
  const concerns = commitConcerns(target.executedText, target.startLine);
  if (concerns.length) {
    const go = 'Run anyway';
    const answer = await vscode.window.showWarningMessage(
      `This block may make changes permanent: the rollback at the end cannot undo them. Run it?`,
      { modal: true, detail: concerns.map((c) => `line ${c.line}: ${c.reason}`).join('\n') },
      go,
    );
    if (answer !== go) return;
  }
  const connection = connections.current ?? (await connections.connect());
  if (!connection) return;

  const folder = vscode.workspace.getWorkspaceFolder(document.uri);
  const file = document.uri.scheme === 'file' ? (folder ? relative(folder.uri.fsPath, document.uri.fsPath) : document.uri.fsPath) : undefined;
  const { findings, units, note } = await hypothesesFor(analyzer, document, target, file);
  let probe: ProbeCommand | undefined;
  try {
    probe = probeCommand(connection.profile.probe);
  } catch (error) {
    if (!(error instanceof ProbeTransportError)) throw error;
    void vscode.window.showWarningMessage(`PL/SQL Perf: the probe transport of "${connection.profile.name}" is not usable (${error.message}); profiling with database evidence only.`);
  }
  const request = {
    target,
    ...(file !== undefined ? { file } : {}),
    options: { ...settings.run, probe: probe !== undefined },
    user: connection.profile.user,
    connection: { name: connection.profile.name, user: connection.profile.user, connectString: connection.profile.connectString },
    staticFindings: findings,
    units,
    ...(note !== undefined ? { staticFindingsNote: note } : {}),
    toolVersion: TOOL_VERSION,
    ...(probe ? { probe } : {}),
  };

  let doc: ProfileDocument;
  try {
    doc = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'PL/SQL Perf: profiling', cancellable: true },
      (progress, token) => {
        const runner = new ProfileRunner(request, { db: connection.session, onProgress: (message) => progress.report({ message }) });
        token.onCancellationRequested(() => void runner.cancel());
        return runner.run();
      },
    );
  } catch (error) {
    // A lost connection is dropped, so the next run connects again instead of failing the same way.
    if (['NJS-500', 'NJS-501', 'NJS-003', 'NJS-521'].includes(explainDbError(error).code ?? '')) await connections.disconnect();
    await reportRunError(error);
    return;
  }
  const saved = await saveProfile(context, folder, settings.saveFolder, document.uri, doc);
  await show(doc, saved);
  const failed = doc.runs.find((r) => r.status === 'error' || r.status === 'timeout');
  if (failed?.error) void vscode.window.showWarningMessage(`PL/SQL Perf: the block failed in the ${failed.role} run. ${explainDbError(failed.error).message}`);
}

/** The editor's own findings (the language server, with the workspace index); this file alone if it cannot answer. */
async function hypothesesFor(analyzer: HypothesesSource, document: vscode.TextDocument, target: ProfileTarget, file: string | undefined): Promise<TargetFindings> {
  let reason = 'the language server gave no findings for this version of the file';
  try {
    const fromServer = await findingsFromServer(analyzer, document.uri.toString(), document.version, target);
    if (fromServer) return fromServer;
  } catch (error) {
    reason = `the language server did not answer (${error instanceof Error ? error.message : String(error)})`;
  }
  return {
    ...findingsForTarget(document.getText(), target, file),
    note: `the static findings come from this file alone, without the workspace index: ${reason}; calls into other files were not resolved`,
  };
}

function toSelection(s: vscode.Selection): EditorSelection {
  return { line: s.start.line + 1, column: s.start.character + 1, endLine: s.end.line + 1, endColumn: s.end.character + 1 };
}

async function reportRunError(error: unknown): Promise<void> {
  if (error instanceof GrantsNeededError) {
    const copy = 'Copy GRANT statements';
    const answer = await vscode.window.showErrorMessage('PL/SQL Perf: the database user lacks privileges the profile needs.', { modal: true, detail: `Missing: ${error.missing.join('; ')}\n\n${error.message}` }, copy);
    if (answer === copy) await vscode.env.clipboard.writeText(error.grants.join('\n'));
    return;
  }
  const explained = explainDbError(error);
  void vscode.window.showErrorMessage(`PL/SQL Perf: the profile run failed. ${explained.message}`, { modal: false, detail: explained.detail });
}

async function saveProfile(context: vscode.ExtensionContext, folder: vscode.WorkspaceFolder | undefined, saveFolder: string, source: vscode.Uri, doc: ProfileDocument): Promise<vscode.Uri | undefined> {
  const dir = folder ? vscode.Uri.joinPath(folder.uri, saveFolder) : vscode.Uri.joinPath(context.globalStorageUri, 'profiles');
  const stamp = doc.createdAt.replace(/[:.]/g, '-');
  const name = `${basename(source.path).replace(/\.[^.]*$/, '') || 'untitled'}-L${doc.source.startLine}-${stamp}${PROFILE_FILE_SUFFIX}`;
  const uri = vscode.Uri.joinPath(dir, name);
  try {
    await vscode.workspace.fs.createDirectory(dir);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(`${JSON.stringify(doc, null, 2)}\n`));
    return uri;
  } catch (error) {
    void vscode.window.showErrorMessage(`PL/SQL Perf: the profile could not be saved to ${uri.fsPath}: ${(error as Error).message}`);
    return undefined;
  }
}
