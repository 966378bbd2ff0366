// The database connection of the profile commands: picks a profile from plsqlPerf.connections, asks for the
// password once and keeps it in VS Code SecretStorage (never in settings or files), connects with
// node-oracledb Thin, and shows the connection in the status bar. Errors say what to do (oracleErrors.ts).
import * as vscode from 'vscode';
import { parseConnections, type ConnectionProfile } from './connectionSettings.ts';
import { explainDbError } from './oracleErrors.ts';
import { OracleDbSession } from './oracleSession.ts';

export const secretKey = (profile: Pick<ConnectionProfile, 'name' | 'user'>, what: 'password' | 'walletPassword'): string => `plsqlPerf.${what}:${profile.name}:${profile.user}`;

/** The name of the connection in use, whenever it changes (the PL/SQL Perf view marks it). */
export const activeConnectionChanged = new vscode.EventEmitter<string | undefined>();

export interface ActiveConnection { profile: ConnectionProfile; session: OracleDbSession }

export class ConnectionManager implements vscode.Disposable {
  private active: ActiveConnection | undefined;
  private readonly status = vscode.window.createStatusBarItem('plsqlPerf.connection', vscode.StatusBarAlignment.Left, 50);

  constructor(private readonly secrets: vscode.SecretStorage, private readonly toolVersion: string) {
    this.status.name = 'PL/SQL Perf connection';
    this.render();
    this.status.show();
  }

  get current(): ActiveConnection | undefined {
    return this.active;
  }

  private render(): void {
    // The menus offer "Disconnect" only while connected.
    void vscode.commands.executeCommand('setContext', 'plsqlPerf.connected', this.active !== undefined);
    activeConnectionChanged.fire(this.active?.profile.name);
    if (this.active) {
      const p = this.active.profile;
      this.status.text = `$(database) ${p.name}`;
      this.status.tooltip = `PL/SQL Perf: connected as ${p.user} to ${p.connectString} (node-oracledb Thin, database ${this.active.session.serverVersion}). Click to disconnect.`;
      this.status.command = 'plsqlPerf.disconnect';
    } else {
      this.status.text = '$(debug-disconnect) PL/SQL Perf';
      this.status.tooltip = 'PL/SQL Perf: not connected. Click to connect to a database for "Profile this block".';
      this.status.command = 'plsqlPerf.connect';
    }
  }

  private profiles(): ConnectionProfile[] {
    const { profiles, errors } = parseConnections(vscode.workspace.getConfiguration('plsqlPerf').get('connections'));
    for (const e of errors) void vscode.window.showWarningMessage(`PL/SQL Perf: ${e}`);
    return profiles;
  }

  /** Connects (asking which profile when there are several); returns undefined when the user gave up. */
  async connect(name?: string): Promise<ActiveConnection | undefined> {
    const profiles = this.profiles();
    if (!profiles.length) {
      const open = 'Open Settings';
      const answer = await vscode.window.showErrorMessage('PL/SQL Perf: no connection is configured. Add one to plsqlPerf.connections (name, user, connectString).', open);
      if (answer === open) await vscode.commands.executeCommand('workbench.action.openSettings', 'plsqlPerf.connections');
      return undefined;
    }
    let profile = name ? profiles.find((p) => p.name === name) : profiles.length === 1 ? profiles[0] : undefined;
    if (!profile) {
      const picked = await vscode.window.showQuickPick(profiles.map((p) => ({ label: p.name, description: `${p.user}@${p.connectString}`, profile: p })), { placeHolder: 'Connect to which database?' });
      if (!picked) return undefined;
      profile = picked.profile;
    }
    await this.disconnect();
    const password = await this.secret(profile, 'password', `Password of ${profile.user} for ${profile.connectString}`);
    if (password === undefined) return undefined;
    let walletPassword: string | undefined;
    if (profile.walletPasswordRequired) {
      walletPassword = await this.secret(profile, 'walletPassword', `Password of the wallet in ${profile.walletLocation ?? 'the wallet location'}`);
      if (walletPassword === undefined) return undefined;
    }
    try {
      const session = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `PL/SQL Perf: connecting to ${profile.name}` },
        () => OracleDbSession.connect(profile, walletPassword === undefined ? { password } : { password, walletPassword }, this.toolVersion),
      );
      this.active = { profile, session };
      this.render();
      return this.active;
    } catch (error) {
      const explained = explainDbError(error);
      // A refused password must not be offered again next time.
      if (explained.code === 'ORA-01017' || explained.code === 'ORA-28001') await this.secrets.delete(secretKey(profile, 'password'));
      void vscode.window.showErrorMessage(`PL/SQL Perf: could not connect to ${profile.name}. ${explained.message}`, { detail: explained.detail, modal: false });
      return undefined;
    }
  }

  private async secret(profile: ConnectionProfile, what: 'password' | 'walletPassword', prompt: string): Promise<string | undefined> {
    const stored = await this.secrets.get(secretKey(profile, what));
    if (stored !== undefined) return stored;
    const entered = await vscode.window.showInputBox({ prompt, password: true, ignoreFocusOut: true });
    if (entered === undefined) return undefined;
    await this.secrets.store(secretKey(profile, what), entered);
    return entered;
  }

  /** Forgets the stored password of a profile (the next connect asks again). */
  async forgetPassword(profile: ConnectionProfile): Promise<void> {
    await this.secrets.delete(secretKey(profile, 'password'));
    await this.secrets.delete(secretKey(profile, 'walletPassword'));
  }

  async disconnect(): Promise<void> {
    const active = this.active;
    this.active = undefined;
    this.render();
    if (active) await active.session.close().catch(() => undefined);
  }

  dispose(): void {
    void this.disconnect();
    this.status.dispose();
  }
}
