/**
 * Code actions for plsql-perf diagnostics: the rule's fix (safe fixes preferred), "disable for this line"
 * (a suppression comment above the line with a reason placeholder to fill in) and "open rule documentation".
 */
import { CodeActionKind, type CodeAction, type Diagnostic, type TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { EditorAnalysis } from '../analyzeDocument.ts';
import { findingFor, SOURCE } from '../diagnostics.ts';
import { toLspRange } from '../positions.ts';
import { OpenRuleDocumentationCommand } from '../protocol.ts';

/** Rules that are not about the code's performance have nothing to suppress. */
const notSuppressible = new Set(['syntax-error', 'internal-error']);

export function suppressionEdit(document: TextDocument, line: number, rule: string): TextEdit {
  const text = document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
  const indent = /^[ \t]*/.exec(text)![0];
  return {
    range: { start: { line, character: 0 }, end: { line, character: 0 } },
    newText: `${indent}-- plsql-perf-disable-next-line ${rule} -- <reason>\n`,
  };
}

export function codeActionsFor(
  document: TextDocument,
  analysis: EditorAnalysis,
  diagnostics: Diagnostic[],
  docUri: (rule: string) => string | undefined,
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
      actions.push({
        title: `Disable ${rule} for this line`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        edit: { changes: { [document.uri]: [suppressionEdit(document, diagnostic.range.start.line, rule)] } },
      });
    }
    const href = docUri(rule);
    if (href) {
      actions.push({
        title: `Open documentation for ${rule}`,
        kind: CodeActionKind.Empty,
        diagnostics: [diagnostic],
        command: { title: `Open documentation for ${rule}`, command: OpenRuleDocumentationCommand, arguments: [rule, href] },
      });
    }
  }
  return actions;
}
