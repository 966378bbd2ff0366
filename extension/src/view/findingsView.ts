/**
 * The PL/SQL Perf view's "Findings": the diagnostics the language server published, grouped by rule with a
 * count; under each rule its findings, a click goes to the line. Read from VS Code's diagnostics, so it shows
 * what the Problems panel shows, for the files checked so far ("Check workspace" checks them all).
 */
import * as vscode from 'vscode';
import { basename } from 'node:path';

interface RuleNode { kind: 'rule'; rule: string; findings: FindingNode[] }
interface FindingNode { kind: 'finding'; uri: vscode.Uri; diagnostic: vscode.Diagnostic }
type Node = RuleNode | FindingNode;

const ruleOf = (d: vscode.Diagnostic): string => (typeof d.code === 'object' ? String(d.code.value) : String(d.code ?? ''));

export class FindingsView implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly listener: vscode.Disposable;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    // Diagnostics change on every keystroke: redraw once they settle.
    this.listener = vscode.languages.onDidChangeDiagnostics(() => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.changed.fire(), 300);
    });
  }

  getChildren(element?: Node): Node[] {
    if (element) return element.kind === 'rule' ? element.findings : [];
    const byRule = new Map<string, FindingNode[]>();
    for (const [uri, diagnostics] of vscode.languages.getDiagnostics()) {
      for (const diagnostic of diagnostics) {
        if (diagnostic.source !== 'plsql-perf') continue;
        const rule = ruleOf(diagnostic);
        byRule.set(rule, [...(byRule.get(rule) ?? []), { kind: 'finding', uri, diagnostic }]);
      }
    }
    return [...byRule.entries()]
      .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
      .map(([rule, findings]) => ({ kind: 'rule', rule, findings }));
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (node.kind === 'rule') {
      const item = new vscode.TreeItem(node.rule, vscode.TreeItemCollapsibleState.Collapsed);
      item.id = `rule:${node.rule}`;
      item.description = String(node.findings.length);
      item.tooltip = `${node.findings.length} finding(s) of ${node.rule}`;
      item.iconPath = new vscode.ThemeIcon('warning');
      item.contextValue = 'rule';
      return item;
    }
    const line = node.diagnostic.range.start.line + 1;
    const item = new vscode.TreeItem(`${basename(node.uri.path)}:${line}`, vscode.TreeItemCollapsibleState.None);
    item.description = node.diagnostic.message;
    item.tooltip = node.diagnostic.message;
    item.command = { command: 'vscode.open', title: 'Go to the finding', arguments: [node.uri, { selection: node.diagnostic.range }] };
    return item;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.listener.dispose();
    this.changed.dispose();
  }
}
