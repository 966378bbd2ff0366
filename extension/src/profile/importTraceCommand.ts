// "PL/SQL Perf: Import a trace": traces a DBA already has (DTrace, bpftrace, truss, strace, perf, pstack,
// SQL*Plus autotrace) for the PL/SQL in the active editor: the selection's lines (or the whole file) give the
// hypotheses, the traces the numbers. The profile is saved like a recorded one, opened in the panel, and its
// confirmed hints are marked in the editor. The reading and the cards are server/src/profile/import (no VS Code).
import * as vscode from 'vscode';
import { basename, relative } from 'node:path';
import { importTraces, type TraceInput } from '../../../server/src/profile/import/importTrace.ts';
import { TraceImportError } from '../../../server/src/profile/import/traceEvidence.ts';
import { PROFILE_FILE_SUFFIX, type ProfileDocument } from '../../../server/src/profile/profileDocument.ts';
import { readProfileSettings } from './profileSettings.ts';
import type { ProfileTarget } from './run/blockSelection.ts';
import { findingsForTarget, findingsFromServer, type HypothesesSource, type TargetFindings } from './run/staticFindings.ts';

const TOOL_VERSION = '0.1.0';

/** The measured lines: the selection's whole lines, or the whole document when nothing is selected. */
function measuredLines(editor: vscode.TextEditor): ProfileTarget {
  const doc = editor.document;
  const sel = editor.selection;
  const startLine = sel.isEmpty ? 1 : sel.start.line + 1;
  // A selection that ends at column 0 of a line does not include that line.
  const endLine = sel.isEmpty ? doc.lineCount : Math.max(startLine, sel.end.character === 0 && sel.end.line > sel.start.line ? sel.end.line : sel.end.line + 1);
  const text = doc.getText(new vscode.Range(startLine - 1, 0, endLine - 1, doc.lineAt(endLine - 1).text.length));
  return { kind: 'subprogram', startLine, endLine, text, executedText: text };
}

async function hypotheses(analyzer: HypothesesSource, document: vscode.TextDocument, target: ProfileTarget, file: string | undefined): Promise<TargetFindings> {
  try {
    const fromServer = await findingsFromServer(analyzer, document.uri.toString(), document.version, target);
    if (fromServer) return fromServer;
  } catch {
    // The language server is not answering: the document alone is analysed below.
  }
  return findingsForTarget(document.getText(), target, file);
}

async function askIterations(): Promise<number | undefined | null> {
  const answer = await vscode.window.showInputBox({
    title: 'Import a trace: loop iterations',
    prompt: "How often the measured loop ran, if you know it (leave empty to use the analyzer's loop estimate)",
    validateInput: (v) => (v.trim() === '' || /^\d[\d,_]*$/.test(v.trim()) ? undefined : 'a whole number, or empty'),
  });
  if (answer === undefined) return null; // cancelled
  const n = Number(answer.trim().replace(/[,_]/g, ''));
  return answer.trim() === '' || !Number.isSafeInteger(n) || n < 1 ? undefined : n;
}

export async function importTraceCommand(
  context: vscode.ExtensionContext,
  analyzer: HypothesesSource,
  show: (doc: ProfileDocument, saved?: vscode.Uri) => Promise<void>,
  traceUris?: vscode.Uri[],
): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const uris = traceUris?.length ? traceUris : await vscode.window.showOpenDialog({
    title: `Import a trace${editor ? ` for ${basename(editor.document.uri.path)}` : ''} (DTrace, bpftrace, truss, strace, perf, pstack, autotrace)`,
    canSelectMany: true,
    openLabel: 'Import',
  });
  if (!uris?.length) return;
  const iterations = await askIterations();
  if (iterations === null) return;

  const traces: TraceInput[] = [];
  for (const uri of uris) {
    try {
      traces.push({ file: vscode.workspace.asRelativePath(uri, false), text: new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)) });
    } catch (error) {
      void vscode.window.showErrorMessage(`PL/SQL Perf: cannot read ${uri.fsPath}: ${(error as Error).message}`);
      return;
    }
  }
  let source: Parameters<typeof importTraces>[0]['source'];
  const document = editor?.document;
  if (editor && document) {
    const folder = vscode.workspace.getWorkspaceFolder(document.uri);
    const file = document.uri.scheme === 'file' ? (folder ? relative(folder.uri.fsPath, document.uri.fsPath) : document.uri.fsPath) : undefined;
    const target = measuredLines(editor);
    const { findings } = await hypotheses(analyzer, document, target, file);
    source = { file: file ?? basename(document.uri.path), text: document.getText(), lines: { start: target.startLine, end: target.endLine }, findings };
  }
  let doc: ProfileDocument;
  try {
    doc = importTraces({ traces, toolVersion: TOOL_VERSION, ...(source ? { source } : {}), ...(iterations !== undefined ? { iterations } : {}) });
  } catch (error) {
    if (!(error instanceof TraceImportError)) throw error;
    void vscode.window.showErrorMessage(`PL/SQL Perf: the trace could not be imported. ${error.message}`);
    return;
  }
  const saved = await save(context, document, doc);
  await show(doc, saved);
  const unread = doc.provenance!.traces.reduce((s, t) => s + t.unreadCount, 0);
  if (unread) void vscode.window.showInformationMessage(`PL/SQL Perf: ${unread} line${unread === 1 ? '' : 's'} of the trace could not be read; the profile's "Imported traces" section lists them.`);
}

async function save(context: vscode.ExtensionContext, document: vscode.TextDocument | undefined, doc: ProfileDocument): Promise<vscode.Uri | undefined> {
  const folder = document ? vscode.workspace.getWorkspaceFolder(document.uri) : vscode.workspace.workspaceFolders?.[0];
  const dir = folder ? vscode.Uri.joinPath(folder.uri, readProfileSettings(document?.uri).saveFolder) : vscode.Uri.joinPath(context.globalStorageUri, 'profiles');
  const stem = document ? basename(document.uri.path).replace(/\.[^.]*$/, '') : 'trace';
  const uri = vscode.Uri.joinPath(dir, `${stem || 'trace'}-import-${doc.createdAt.replace(/[:.]/g, '-')}${PROFILE_FILE_SUFFIX}`);
  try {
    await vscode.workspace.fs.createDirectory(dir);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(`${JSON.stringify(doc, null, 2)}\n`));
    return uri;
  } catch (error) {
    void vscode.window.showErrorMessage(`PL/SQL Perf: the imported profile could not be saved to ${uri.fsPath}: ${(error as Error).message}`);
    return undefined;
  }
}
