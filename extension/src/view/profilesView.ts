/** The PL/SQL Perf view's "Saved profiles": the workspace's *.plsqlprofile.json files; a click opens one. */
import * as vscode from 'vscode';
import { basename } from 'node:path';
import { PROFILE_FILE_SUFFIX } from '../../../server/src/profile/profileDocument.ts';
import { workspaceProfiles } from '../profile/profileFiles.ts';

export class ProfilesView implements vscode.TreeDataProvider<vscode.Uri>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly watcher = vscode.workspace.createFileSystemWatcher(`**/*${PROFILE_FILE_SUFFIX}`);

  constructor() {
    const refresh = () => this.changed.fire();
    this.watcher.onDidCreate(refresh);
    this.watcher.onDidDelete(refresh);
  }

  async getChildren(element?: vscode.Uri): Promise<vscode.Uri[]> {
    return element ? [] : workspaceProfiles();
  }

  getTreeItem(uri: vscode.Uri): vscode.TreeItem {
    const item = new vscode.TreeItem(basename(uri.path), vscode.TreeItemCollapsibleState.None);
    item.resourceUri = uri;
    item.description = vscode.workspace.asRelativePath(uri.with({ path: uri.path.slice(0, uri.path.lastIndexOf('/')) }));
    item.iconPath = new vscode.ThemeIcon('graph');
    item.contextValue = 'profile';
    item.command = { command: 'plsqlPerf.openProfile', title: 'Open profile', arguments: [uri] };
    return item;
  }

  dispose(): void {
    this.watcher.dispose();
    this.changed.dispose();
  }
}
