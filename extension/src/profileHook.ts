/**
 * The profile commands (extension/src/profile/) connect to a database and run the probe, so they are
 * registered only in a trusted workspace (`capabilities.untrustedWorkspaces: limited`): until the folder is
 * trusted, "Profile this block" says why it is unavailable; when trust is granted, the real commands replace
 * that placeholder.
 */
import * as vscode from 'vscode';
import { ProfileBlockCommand } from '../../server/src/lsp/protocol.ts';
import { registerProfileCommands } from './profile/registerProfileCommands.ts';
import type { HypothesesSource } from './profile/run/staticFindings.ts';
import type { ProfileViewer } from './profile/profileFiles.ts';

async function registerTrusted(context: vscode.ExtensionContext, output: vscode.OutputChannel, analyzer: HypothesesSource, viewer: ProfileViewer): Promise<void> {
  try {
    await registerProfileCommands(context, analyzer, viewer);
  } catch (error) {
    output.appendLine(`the profile commands failed to register: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** `analyzer` is the language client: the profile's hypotheses are the editor's own findings. */
export async function registerProfileHook(context: vscode.ExtensionContext, output: vscode.OutputChannel, analyzer: HypothesesSource, viewer: ProfileViewer): Promise<void> {
  if (vscode.workspace.isTrusted) {
    await registerTrusted(context, output, analyzer, viewer);
    return;
  }
  const placeholder = vscode.commands.registerCommand(ProfileBlockCommand, () => {
    void vscode.window.showInformationMessage(
      'Profiling runs the block on a database and observes the server process; it is disabled in an untrusted workspace. ' +
        'Trust this folder (Manage Workspace Trust) to profile.',
    );
  });
  context.subscriptions.push(placeholder, vscode.workspace.onDidGrantWorkspaceTrust(async () => {
    placeholder.dispose();
    await registerTrusted(context, output, analyzer, viewer);
  }));
}
