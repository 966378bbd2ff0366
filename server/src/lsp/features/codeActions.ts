/**
 * Code actions for plsql-perf diagnostics: the rule's fix (only fixes that keep behaviour are offered as
 * edits), "disable for this line" (a suppression comment above the line with the reason to fill in: a snippet
 * with the reason selected when the client has a snippet command, else a `<reason>` to overwrite) and "open
 * rule documentation" (the client's command that renders the page, else the server's command).
 */
import { CodeActionKind, type CodeAction, type Diagnostic, type TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { EditorAnalysis } from '../analyzeDocument.ts';
import { findingFor, SOURCE } from '../diagnostics.ts';
import { toLspRange } from '../positions.ts';
import { OpenRuleDocumentationCommand, type ClientCommands } from '../protocol.ts';

/** Rules that are not about the code's performance have nothing to suppress. */
const notSuppressible = new Set(['syntax-error', 'internal-error']);

function indentOf(document: TextDocument, line: number): string {
  const text = document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
  return /^[ \t]*/.exec(text)![0];
}

export function suppressionEdit(document: TextDocument, line: number, rule: string): TextEdit {
  return {
    range: { start: { line, character: 0 }, end: { line, character: 0 } },
    newText: `${indentOf(document, line)}-- plsql-perf-disable-next-line ${rule} -- <reason>\n`,
  };
}

/** The same comment as a snippet (TextMate syntax): the reason is the placeholder, selected for typing. */
export function suppressionSnippet(document: TextDocument, line: number, rule: string): string {
  return `${indentOf(document, line)}-- plsql-perf-disable-next-line ${rule} -- \${1:reason}\n`;
}

export function codeActionsFor(
  document: TextDocument,
  analysis: EditorAnalysis,
  diagnostics: Diagnostic[],
  docUri: (rule: string) => string | undefined,
  commands: ClientCommands = {},
): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    if (diagnostic.source !== SOURCE || typeof diagnostic.code !== 'string') continue;
    const rule = diagnostic.code;
    const finding = findingFor(diagnostic, analysis.findings);
    if (finding?.fix) {
      actions.push({
        title: finding.fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        isPreferred: finding.fix.kind === 'safe',
        edit: { changes: { [document.uri]: finding.fix.edits.map((e) => ({ range: toLspRange(e.range), newText: e.newText })) } },
      });
    }
    if (!notSuppressible.has(rule)) {
      const title = `Disable ${rule} for this line`;
      const line = diagnostic.range.start.line;
      actions.push(commands.insertSnippet
        ? { title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], command: { title, command: commands.insertSnippet, arguments: [document.uri, line, suppressionSnippet(document, line, rule)] } }
        : { title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: { changes: { [document.uri]: [suppressionEdit(document, line, rule)] } } });
    }
    const href = docUri(rule);
    if (href) {
      const title = `Open documentation for ${rule}`;
      actions.push({
        title,
        kind: CodeActionKind.Empty,
        diagnostics: [diagnostic],
        command: commands.ruleDocumentation && href.startsWith('command:')
          ? { title, command: commands.ruleDocumentation, arguments: [rule] }
          : { title, command: OpenRuleDocumentationCommand, arguments: [rule, href] },
      });
    }
  }
  return actions;
}
