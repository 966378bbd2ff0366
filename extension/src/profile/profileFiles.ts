/**
 * Saved profiles (`*.plsqlprofile.json`): "Open a saved profile" and "Compare two saved profiles", from the
 * palette, the Explorer's context menu and the PL/SQL Perf view. They only read files (through workspace.fs), so
 * they are registered in every workspace: trusted or not (Restricted Mode), on disk or virtual.
 * Compare asks with two quick picks of the workspace's profiles (then a file dialog for one elsewhere): a
 * multi-select open dialog is single-select in code-server's own dialog, a quick pick works in every client.
 */
import * as vscode from 'vscode';
import { basename } from 'node:path';
import { loadProfile } from '../../../server/src/profile/loadProfile.ts';
import { PROFILE_FILE_SUFFIX, type ProfileDocument } from '../../../server/src/profile/profileDocument.ts';
import { markConfirmedHints } from './confirmedHints.ts';
import { registerProfilePanelSerializer, showProfileComparePanel, showProfilePanel } from './panel.ts';

/** Shows profiles in the panel and marks the hints they confirmed in the Problems panel. */
export class ProfileViewer implements vscode.Disposable {
  private readonly confirmed = vscode.languages.createDiagnosticCollection('plsql-perf-profile');
  private readonly serializer: vscode.Disposable;

  constructor(private readonly context: vscode.ExtensionContext) {
    this.serializer = registerProfilePanelSerializer(context);
  }

  show(doc: ProfileDocument, saved?: vscode.Uri): void {
    // the panel names the files the profile speaks of that are not in this workspace
    const missingFiles = markConfirmedHints(this.confirmed, doc, saved);
    showProfilePanel(this.context, doc, missingFiles);
  }

  compare(a: ProfileDocument, b: ProfileDocument): void {
    // Older first: "before" is the profile recorded earlier.
    const [before, after] = a.createdAt <= b.createdAt ? [a, b] : [b, a];
    showProfileComparePanel(this.context, before, after);
  }

  dispose(): void {
    this.confirmed.dispose();
    this.serializer.dispose();
  }
}

export function registerProfileFileCommands(context: vscode.ExtensionContext, viewer: ProfileViewer): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('plsqlPerf.openProfile', async (uri?: vscode.Uri) => {
      const target = uri instanceof vscode.Uri ? uri : await pickProfileFile();
      if (!target) return;
      const doc = await readProfile(target);
      if (doc) viewer.show(doc, target);
    }),
    vscode.commands.registerCommand('plsqlPerf.compareProfiles', async (clicked?: vscode.Uri, selected?: vscode.Uri[]) => {
      const files = await chooseTwo(clicked instanceof vscode.Uri ? clicked : undefined, Array.isArray(selected) ? selected : undefined);
      if (!files) return;
      const [a, b] = await Promise.all(files.map(readProfile));
      if (a && b) viewer.compare(a, b);
    }),
  );
}

/** The Explorer's two selected files; else the clicked one and a second picked; else two picked. */
async function chooseTwo(clicked?: vscode.Uri, selected?: vscode.Uri[]): Promise<[vscode.Uri, vscode.Uri] | undefined> {
  if (selected?.length === 2) return [selected[0]!, selected[1]!];
  const found = await workspaceProfiles();
  const first = clicked ?? (await pickProfile(found, undefined, 'Compare profiles (1 of 2): the first profile'));
  if (!first) return undefined;
  const second = await pickProfile(found, first, `Compare profiles (2 of 2): compare ${basename(first.path)} with`);
  return second ? [first, second] : undefined;
}

export async function workspaceProfiles(): Promise<vscode.Uri[]> {
  const found = await vscode.workspace.findFiles(`**/*${PROFILE_FILE_SUFFIX}`, '**/node_modules/**', 1000);
  return found.sort((a, b) => a.path.localeCompare(b.path));
}

type ProfileItem = vscode.QuickPickItem & { uri?: vscode.Uri };

async function pickProfile(found: vscode.Uri[], exclude: vscode.Uri | undefined, title: string): Promise<vscode.Uri | undefined> {
  const candidates = found.filter((u) => u.toString() !== exclude?.toString());
  if (candidates.length === 0) return pickProfileFile(title);
  const items: ProfileItem[] = candidates.map((uri) => ({ label: basename(uri.path), description: vscode.workspace.asRelativePath(uri), uri }));
  items.push({ label: '$(folder-opened) Choose a file…', description: 'a profile outside this workspace' });
  const picked = await vscode.window.showQuickPick(items, { title, placeHolder: 'Type to filter the saved profiles', matchOnDescription: true });
  if (!picked) return undefined;
  return picked.uri ?? pickProfileFile(title);
}

async function pickProfileFile(title = 'Open a saved profile'): Promise<vscode.Uri | undefined> {
  const picked = await vscode.window.showOpenDialog({ title, canSelectMany: false, filters: { 'PL/SQL profiles': ['json'] }, openLabel: 'Open' });
  return picked?.[0];
}

export async function readProfile(uri: vscode.Uri): Promise<ProfileDocument | undefined> {
  let text: string;
  try {
    text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch (error) {
    void vscode.window.showErrorMessage(`PL/SQL Perf: cannot read ${uri.fsPath}: ${(error as Error).message}`);
    return undefined;
  }
  const result = loadProfile(text);
  if (result.ok) return result.document;
  void vscode.window.showErrorMessage(`PL/SQL Perf: ${basename(uri.fsPath)} is not a valid profile`, { modal: true, detail: result.errors.slice(0, 20).join('\n') });
  return undefined;
}
