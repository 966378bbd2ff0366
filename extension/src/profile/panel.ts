// The profile webview panel: one class owns a panel, its message handling and its disposables. The page
// (dist/webview/profile.js, built from media/profile/) renders; this side sends the view, opens source lines
// and rule docs when the page asks, and brings panels back after a reload (WebviewPanelSerializer).
import * as vscode from 'vscode';
import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { ProfileDocument } from '../../../server/src/profile/profileDocument.ts';
import { loadProfile } from '../../../server/src/profile/loadProfile.ts';
import { parsePageMessage, RULE_ID, type HostMessage, type PageState, type ProfileView, type SourceTarget } from '../../../server/src/profile/contract/panelMessages.ts';
import { makeNonce, panelHtml } from './panelHtml.ts';

export const PROFILE_VIEW_TYPE = 'plsqlPerf.profile';

function titleOf(view: ProfileView): string {
  if (view.kind === 'compare') return 'Profile: before → after';
  const file = view.doc.source.file;
  return `Profile: ${file ? (file.split(/[\\/]/).pop() ?? file) : 'untitled'}:${view.doc.source.startLine}`;
}

function webviewRoot(context: vscode.ExtensionContext): vscode.Uri {
  return vscode.Uri.joinPath(context.extensionUri, 'dist', 'webview');
}

function webviewOptions(context: vscode.ExtensionContext): vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: [webviewRoot(context)] };
}

class ProfilePanel {
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly panel: vscode.WebviewPanel,
    private view: ProfileView,
  ) {
    const webview = panel.webview;
    webview.options = webviewOptions(context);
    const root = webviewRoot(context);
    webview.html = panelHtml({
      cspSource: webview.cspSource,
      nonce: makeNonce(),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(root, 'profile.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(root, 'profile.css')).toString(),
      title: titleOf(view),
    });
    panel.title = titleOf(view);
    webview.onDidReceiveMessage((raw) => this.onMessage(raw), undefined, this.disposables);
    panel.onDidDispose(() => this.dispose(), undefined, this.disposables);
  }

  private post(message: HostMessage): void {
    void this.panel.webview.postMessage(message);
  }

  private onMessage(raw: unknown): void {
    const message = parsePageMessage(raw);
    if (!message) return;
    switch (message.type) {
      case 'ready':
        // A page restored from its saved state already shows the view (and its zoom); only a new page needs it.
        if (!message.hasView) this.post({ type: 'show', view: this.view });
        return;
      case 'openSource':
        void this.openSource(message.target).catch((error: unknown) => void vscode.window.showErrorMessage(`plsql-perf: cannot open the line: ${String(error)}`));
        return;
      case 'openRuleDoc':
        void this.openRuleDoc(message.rule);
        return;
    }
  }

  /** The profiled file when it still exists (absolute, or relative to a workspace folder), else the saved text. */
  private async openSource(target: SourceTarget): Promise<void> {
    const doc = this.view.kind === 'single' ? this.view.doc : this.view.after;
    const uri = target.file ? resolveWorkspaceFile(target.file) : undefined;
    let editorDoc: vscode.TextDocument;
    let line = target.line;
    if (uri) {
      editorDoc = await vscode.workspace.openTextDocument(uri);
    } else {
      // The file is gone or was never saved: show the code as it was profiled, at the same line.
      editorDoc = await vscode.workspace.openTextDocument({ content: doc.source.text, language: 'plsql' });
      line = target.line - doc.source.startLine + 1;
    }
    const position = new vscode.Position(Math.max(0, Math.min(line - 1, editorDoc.lineCount - 1)), 0);
    await vscode.window.showTextDocument(editorDoc, { viewColumn: vscode.ViewColumn.One, selection: new vscode.Range(position, position), preserveFocus: false });
  }

  private async openRuleDoc(rule: string): Promise<void> {
    if (!RULE_ID.test(rule)) return;
    const uri = vscode.Uri.joinPath(this.context.extensionUri, 'docs', 'rules', `${rule}.md`);
    if (!existsSync(uri.fsPath)) {
      void vscode.window.showWarningMessage(`plsql-perf: no documentation page for rule ${rule}`);
      return;
    }
    await vscode.commands.executeCommand('markdown.showPreview', uri);
  }

  dispose(): void {
    while (this.disposables.length) this.disposables.pop()?.dispose();
  }
}

function resolveWorkspaceFile(file: string): vscode.Uri | undefined {
  if (isAbsolute(file)) return existsSync(file) ? vscode.Uri.file(file) : undefined;
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const uri = vscode.Uri.joinPath(folder.uri, file);
    if (existsSync(uri.fsPath)) return uri;
  }
  return undefined;
}

function openPanel(context: vscode.ExtensionContext, view: ProfileView): void {
  const panel = vscode.window.createWebviewPanel(PROFILE_VIEW_TYPE, titleOf(view), { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, webviewOptions(context));
  new ProfilePanel(context, panel, view);
}

/** Opens a panel showing one saved or freshly recorded profile. */
export function showProfilePanel(context: vscode.ExtensionContext, doc: ProfileDocument, missingFiles: string[] = []): void {
  openPanel(context, { kind: 'single', doc, ...(missingFiles.length ? { missingFiles } : {}) });
}

/** Opens a panel comparing two profiles (before -> after, ratio per metric). */
export function showProfileComparePanel(context: vscode.ExtensionContext, before: ProfileDocument, after: ProfileDocument): void {
  openPanel(context, { kind: 'compare', before, after });
}

/** The state the page saved is checked like a file from disk before it is shown again. */
function restoredView(state: unknown): ProfileView | undefined {
  const view = (state as Partial<PageState> | undefined)?.view;
  if (!view) return undefined;
  const valid = (doc: unknown): doc is ProfileDocument => loadProfile(doc).ok;
  if (view.kind === 'single' && valid(view.doc)) return view;
  if (view.kind === 'compare' && valid(view.before) && valid(view.after)) return view;
  return undefined;
}

/**
 * Call once from activate(): brings profile panels back after a window reload. package.json needs
 * "onWebviewPanel:plsqlPerf.profile" among the activation events for VS Code to ask us.
 */
export function registerProfilePanelSerializer(context: vscode.ExtensionContext): vscode.Disposable {
  return vscode.window.registerWebviewPanelSerializer(PROFILE_VIEW_TYPE, {
    deserializeWebviewPanel: async (panel, state) => {
      const view = restoredView(state);
      if (!view) {
        panel.dispose();
        return;
      }
      new ProfilePanel(context, panel, view);
    },
  });
}
