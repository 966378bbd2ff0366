/**
 * The profile commands come from extension/src/profile/ (the profile feature) when it is built in. This
 * branch must build without it, so the module is found by esbuild's glob import over that folder at bundle
 * time and looked up at run time. Until it registers `plsqlPerf.profileBlock`, the code lens runs a
 * command that says what profiling will do.
 */
import * as vscode from 'vscode';
import { ProfileBlockCommand, type ProfileBlockArguments } from '../../server/src/lsp/protocol.ts';

type ProfileModule = { registerProfileCommands?: (context: vscode.ExtensionContext) => unknown };

async function loadProfileModule(output: vscode.OutputChannel): Promise<ProfileModule | undefined> {
  for (const name of ['index', 'registerProfileCommands', 'commands']) {
    try {
      const module = (await import(`./profile/${name}.ts`)) as ProfileModule;
      if (typeof module.registerProfileCommands === 'function') return module;
    } catch (error) {
      if (!String(error).includes('Module not found in bundle')) {
        output.appendLine(`profile commands in ./profile/${name}: ${String(error)}`);
      }
    }
  }
  return undefined;
}

export async function registerProfileHook(context: vscode.ExtensionContext, output: vscode.OutputChannel): Promise<void> {
  const module = await loadProfileModule(output);
  try {
    await module?.registerProfileCommands?.(context);
  } catch (error) {
    output.appendLine(`the profile commands failed to register: ${error instanceof Error ? error.message : String(error)}`);
  }
  if ((await vscode.commands.getCommands(true)).includes(ProfileBlockCommand)) return;
  context.subscriptions.push(vscode.commands.registerCommand(ProfileBlockCommand, (args?: ProfileBlockArguments) => {
    const what = args ? `${args.name} (${args.kind.replace('-', ' ')})` : 'this block';
    void vscode.window.showInformationMessage(
      `Profiling ${what} will run it on a database you choose, with the server process observed by plsql-probe, ` +
        'and show where the time went (PL/SQL calls, SQL executions, waits) next to the static hints. ' +
        'Profiling is not available in this build yet.',
      { modal: false },
    );
  }));
}
