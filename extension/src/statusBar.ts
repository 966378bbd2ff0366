/** The status bar item: whether the server is indexing or ready, and how much it knows; a click shows the log. */
import * as vscode from 'vscode';
import type { IndexStatus } from '../../server/src/lsp/protocol.ts';

export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('plsqlPerf.status', vscode.StatusBarAlignment.Right, 100);

  constructor() {
    this.item.name = 'PL/SQL Perf';
    this.item.command = 'plsqlPerf.showOutput';
    this.starting();
    this.item.show();
  }

  starting(): void {
    this.item.text = '$(sync~spin) PL/SQL Perf';
    this.item.tooltip = 'PL/SQL Perf: starting the language server';
  }

  index(status: IndexStatus): void {
    if (status.state === 'indexing') {
      this.item.text = '$(sync~spin) PL/SQL Perf';
      this.item.tooltip = 'PL/SQL Perf: indexing the workspace';
    } else {
      this.item.text = '$(pulse) PL/SQL Perf';
      this.item.tooltip = `PL/SQL Perf: ${status.files} files, ${status.definitions} definitions indexed in ${status.ms} ms. Click for the log.`;
    }
  }

  failed(reason: string): void {
    this.item.text = '$(error) PL/SQL Perf';
    this.item.tooltip = `PL/SQL Perf: ${reason}. Click for the log.`;
  }

  dispose(): void {
    this.item.dispose();
  }
}
