/**
 * The PL/SQL Perf view in the activity bar: connections (add, edit, test, connect, disconnect, remove; only in a
 * trusted workspace, see package.json), the workspace's saved profiles (open, compare), and the findings by rule.
 */
import * as vscode from 'vscode';
import type { ConnectionProfile } from '../connections/connectionSettings.ts';
import { connectionForm, removeConnection, testConnection } from './connectionForm.ts';
import { ConnectionsView } from './connectionsView.ts';
import { FindingsView } from './findingsView.ts';
import { ProfilesView } from './profilesView.ts';

export function registerPerfView(context: vscode.ExtensionContext): void {
  const connections = new ConnectionsView();
  const profiles = new ProfilesView();
  const findings = new FindingsView();
  const nameOf = (node?: ConnectionProfile | string): string | undefined => (typeof node === 'string' ? node : node?.name);
  context.subscriptions.push(
    connections, profiles, findings,
    vscode.window.registerTreeDataProvider('plsqlPerf.connections', connections),
    vscode.window.registerTreeDataProvider('plsqlPerf.profiles', profiles),
    vscode.window.registerTreeDataProvider('plsqlPerf.findings', findings),
    vscode.commands.registerCommand('plsqlPerf.addConnection', () => connectionForm(context.secrets)),
    vscode.commands.registerCommand('plsqlPerf.editConnection', (node?: ConnectionProfile) => connectionForm(context.secrets, nameOf(node))),
    vscode.commands.registerCommand('plsqlPerf.removeConnection', async (node?: ConnectionProfile) => {
      const name = nameOf(node);
      if (name) await removeConnection(context.secrets, name);
    }),
    vscode.commands.registerCommand('plsqlPerf.testConnection', async (node?: ConnectionProfile) => {
      const name = nameOf(node);
      if (name) await testConnection(context.secrets, name);
    }),
    vscode.commands.registerCommand('plsqlPerf.connectTo', (node?: ConnectionProfile) => vscode.commands.executeCommand('plsqlPerf.connect', nameOf(node))),
  );
}
