/** The PL/SQL Perf view's "Connections": the entries of plsqlPerf.connections, the one in use marked. */
import * as vscode from 'vscode';
import { parseConnections, type ConnectionProfile } from '../connections/connectionSettings.ts';
import { activeConnectionChanged } from '../connections/connectionManager.ts';

export class ConnectionsView implements vscode.TreeDataProvider<ConnectionProfile>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private active: string | undefined;
  private readonly subscriptions: vscode.Disposable[];

  constructor() {
    this.subscriptions = [
      this.changed,
      activeConnectionChanged.event((name) => {
        this.active = name;
        this.changed.fire();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('plsqlPerf.connections') && this.changed.fire()),
    ];
  }

  getChildren(element?: ConnectionProfile): ConnectionProfile[] {
    if (element) return [];
    return parseConnections(vscode.workspace.getConfiguration('plsqlPerf').get('connections')).profiles;
  }

  getTreeItem(profile: ConnectionProfile): vscode.TreeItem {
    const connected = profile.name === this.active;
    const item = new vscode.TreeItem(profile.name, vscode.TreeItemCollapsibleState.None);
    item.id = `connection:${profile.name}`;
    item.description = `${profile.user}@${profile.connectString}${connected ? ' (connected)' : ''}`;
    item.tooltip = `${profile.user}@${profile.connectString}\nprobe: ${profile.probe.kind}`;
    item.iconPath = new vscode.ThemeIcon(connected ? 'database' : 'debug-disconnect');
    item.contextValue = connected ? 'connection-active' : 'connection';
    return item;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
