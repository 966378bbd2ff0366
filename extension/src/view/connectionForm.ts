/**
 * Add, edit, test and remove the connections of plsqlPerf.connections without editing settings.json: a short
 * sequence of input boxes, each validated as it is typed (the same rules parseConnections applies when the
 * setting is read). The password goes to VS Code SecretStorage only, under the key ConnectionManager reads;
 * settings never hold it. Fields the form does not ask for (configDir, wallet, probe) are kept on edit.
 */
import * as vscode from 'vscode';
import { parseConnections, type ConnectionProfile } from '../connections/connectionSettings.ts';
import { secretKey } from '../connections/connectionManager.ts';
import { explainDbError } from '../connections/oracleErrors.ts';
import { OracleDbSession } from '../connections/oracleSession.ts';
import { validateConnectionField } from '../connections/connectionFields.ts';

type RawConnection = Record<string, unknown> & { name?: string; user?: string; connectString?: string };

const TOOL_VERSION = '0.1.0';

function rawConnections(): RawConnection[] {
  const value = vscode.workspace.getConfiguration('plsqlPerf').get<unknown>('connections');
  return Array.isArray(value) ? (value.filter((e) => typeof e === 'object' && e !== null) as RawConnection[]) : [];
}

async function saveConnections(connections: RawConnection[]): Promise<void> {
  // `application` scope: one list for every workspace, in the user settings.
  await vscode.workspace.getConfiguration('plsqlPerf').update('connections', connections, vscode.ConfigurationTarget.Global);
}

async function ask(field: 'name' | 'user' | 'connectString', title: string, value: string, takenNames: string[], prompt: string): Promise<string | undefined> {
  const answer = await vscode.window.showInputBox({
    title, prompt, value, ignoreFocusOut: true,
    validateInput: (text) => validateConnectionField(field, text, takenNames),
  });
  return answer?.trim();
}

/** Asks for the fields; returns the saved entry, or undefined when the user gave up (nothing is changed). */
export async function connectionForm(secrets: vscode.SecretStorage, existingName?: string): Promise<RawConnection | undefined> {
  const all = rawConnections();
  const index = existingName === undefined ? -1 : all.findIndex((c) => c.name === existingName);
  const current: RawConnection = index >= 0 ? { ...all[index] } : {};
  const title = index >= 0 ? `Edit connection ${existingName}` : 'Add a connection';
  const taken = all.filter((_, i) => i !== index).map((c) => String(c.name ?? ''));

  const name = await ask('name', `${title} (1/4)`, current.name ?? '', taken, 'A name for this connection, shown in the status bar and the PL/SQL Perf view');
  if (name === undefined) return undefined;
  const user = await ask('user', `${title} (2/4)`, current.user ?? '', taken, 'Database user');
  if (user === undefined) return undefined;
  const connectString = await ask('connectString', `${title} (3/4)`, current.connectString ?? '', taken,
    'Easy Connect string (host:port/service:dedicated; the probe needs a dedicated server) or a TNS alias');
  if (connectString === undefined) return undefined;
  const password = await vscode.window.showInputBox({
    title: `${title} (4/4)`, password: true, ignoreFocusOut: true,
    prompt: `Password of ${user} (kept in VS Code SecretStorage, never in settings). Leave empty to be asked when connecting.`,
  });
  if (password === undefined) return undefined;

  const entry: RawConnection = { ...current, name, user, connectString };
  const { errors } = parseConnections([entry]);
  if (errors.length > 0) {
    void vscode.window.showErrorMessage(`PL/SQL Perf: ${errors.join('; ')}`);
    return undefined;
  }
  // A renamed connection or another user: the old secret belongs to a key nobody reads any more.
  if (index >= 0 && (current.name !== name || current.user !== user)) await forgetSecrets(secrets, current);
  if (password !== '') await secrets.store(secretKey({ name, user }, 'password'), password);
  const updated = [...all];
  if (index >= 0) updated[index] = entry;
  else updated.push(entry);
  await saveConnections(updated);
  return entry;
}

async function forgetSecrets(secrets: vscode.SecretStorage, entry: RawConnection): Promise<void> {
  if (typeof entry.name !== 'string' || typeof entry.user !== 'string') return;
  await secrets.delete(secretKey({ name: entry.name, user: entry.user }, 'password'));
  await secrets.delete(secretKey({ name: entry.name, user: entry.user }, 'walletPassword'));
}

export async function removeConnection(secrets: vscode.SecretStorage, name: string): Promise<void> {
  const all = rawConnections();
  const entry = all.find((c) => c.name === name);
  if (!entry) return;
  const remove = 'Remove';
  const answer = await vscode.window.showWarningMessage(`Remove the connection ${name}? Its stored password is forgotten too.`, { modal: true }, remove);
  if (answer !== remove) return;
  await forgetSecrets(secrets, entry);
  await saveConnections(all.filter((c) => c !== entry));
}

/** Connects with the stored (or asked) password, reports the database version, and disconnects. */
export async function testConnection(secrets: vscode.SecretStorage, name: string): Promise<void> {
  const { profiles } = parseConnections(rawConnections());
  const profile: ConnectionProfile | undefined = profiles.find((p) => p.name === name);
  if (!profile) {
    void vscode.window.showErrorMessage(`PL/SQL Perf: the connection ${name} is not valid in plsqlPerf.connections.`);
    return;
  }
  let password = await secrets.get(secretKey(profile, 'password'));
  password ??= await vscode.window.showInputBox({ prompt: `Password of ${profile.user} for ${profile.connectString}`, password: true, ignoreFocusOut: true });
  if (password === undefined) return;
  const walletPassword = profile.walletPasswordRequired ? await secrets.get(secretKey(profile, 'walletPassword')) : undefined;
  try {
    const session = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `PL/SQL Perf: testing ${profile.name}` },
      () => OracleDbSession.connect(profile, walletPassword === undefined ? { password: password! } : { password: password!, walletPassword }, TOOL_VERSION),
    );
    const version = session.serverVersion;
    await session.close().catch(() => undefined);
    void vscode.window.showInformationMessage(`PL/SQL Perf: ${profile.name} works (Oracle Database ${version}).`);
  } catch (error) {
    const explained = explainDbError(error);
    void vscode.window.showErrorMessage(`PL/SQL Perf: ${profile.name} did not connect. ${explained.message}`, { detail: explained.detail, modal: false });
  }
}
