/** "Show rule documentation": pick a rule, open its page (shipped with the extension, or the configured URL). */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node.js';
import { RuleListRequest, type RuleListResult } from '../../server/src/lsp/protocol.ts';

export async function openRulePage(docUri: string): Promise<void> {
  const uri = vscode.Uri.parse(docUri);
  if (uri.scheme === 'file') await vscode.commands.executeCommand('markdown.showPreview', uri);
  else await vscode.env.openExternal(uri);
}

export function registerRuleDocumentationCommand(context: vscode.ExtensionContext, client: LanguageClient): void {
  context.subscriptions.push(vscode.commands.registerCommand('plsqlPerf.showRuleDocumentation', async (ruleId?: string) => {
    const list = await client.sendRequest<RuleListResult | null>(RuleListRequest, {});
    const rules = list?.rules ?? [];
    const chosen = typeof ruleId === 'string'
      ? rules.find((r) => r.id === ruleId)
      : (await vscode.window.showQuickPick(rules.map((r) => ({ label: r.id, detail: r.summary, rule: r })), {
          title: 'PL/SQL Perf: rule documentation', matchOnDetail: true,
        }))?.rule;
    if (!chosen) return;
    if (!chosen.docUri) {
      void vscode.window.showWarningMessage(`No documentation page is available for ${chosen.id}.`);
      return;
    }
    await openRulePage(chosen.docUri);
  }));
}
