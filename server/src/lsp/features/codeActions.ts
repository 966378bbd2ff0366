/**
 * Code actions for plsql-perf diagnostics: the rule's fix (only fixes that keep behaviour are quick fixes; a
 * suggestion is a rewrite to review), "disable for this line" (a suppression comment above the line with the
 * reason to fill in: a snippet with the reason selected when the client has a snippet command, else a `<reason>`
 * to overwrite; around the lines when the finding's line starts inside a string or comment,
 * suppressionPlacement.ts) and "open rule documentation" (the client's command that renders the page, else the
 * server's command).
 */
import { CodeActionKind, type CodeAction, type Diagnostic, type TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { EditorAnalysis } from '../analyzeDocument.ts';
import { LinesInsideTokens, suppressionPlacement, type SuppressionPlacement } from '../../analysis/suppressionPlacement.ts';
import { findingFor, SOURCE } from '../diagnostics.ts';
import { toLspRange } from '../positions.ts';
import { OpenRuleDocumentationCommand, type ClientCommands } from '../protocol.ts';

/** Rules that are not about the code's performance have nothing to suppress. */
const notSuppressible = new Set(['syntax-error', 'internal-error']);

function indentOf(document: TextDocument, line: number): string {
  const text = document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
  return /^[ \t]*/.exec(text)![0];
}

/** The edits of "Disable for this line" for the 0-based `line`, with `<reason>` to overwrite. */
export function suppressionEdits(document: TextDocument, line: number, rule: string, lines = new LinesInsideTokens(document.getText())): TextEdit[] {
  const placement = suppressionPlacement(lines, line + 1);
  if (placement.kind === 'next-line') return [insertLine(document, line, `-- plsql-perf-disable-next-line ${rule} -- <reason>`)];
  return [insertLine(document, placement.disableLine - 1, `-- plsql-perf-disable ${rule} -- <reason>`), enableEdit(document, placement, rule)];
}

/** The same comment as a snippet (TextMate syntax): the reason is the placeholder, selected for typing. */
function suppressionSnippet(document: TextDocument, placement: SuppressionPlacement, rule: string): { line: number; snippet: string } {
  if (placement.kind === 'next-line') {
    return { line: placement.line - 1, snippet: `${indentOf(document, placement.line - 1)}-- plsql-perf-disable-next-line ${rule} -- \${1:reason}\n` };
  }
  return { line: placement.disableLine - 1, snippet: `${indentOf(document, placement.disableLine - 1)}-- plsql-perf-disable ${rule} -- \${1:reason}\n` };
}

function insertLine(document: TextDocument, line: number, comment: string): TextEdit {
  return { range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText: `${indentOf(document, line)}${comment}\n` };
}

/** The `enable` that closes a range placement: before its line, or after the text's last line. */
function enableEdit(document: TextDocument, placement: Extract<SuppressionPlacement, { kind: 'range' }>, rule: string): TextEdit {
  const comment = `-- plsql-perf-enable ${rule}`;
  if (placement.enableLine <= document.lineCount) return insertLine(document, placement.enableLine - 1, comment);
  const end = document.positionAt(document.getText().length);
  return { range: { start: end, end }, newText: `\n${comment}\n` };
}

export function codeActionsFor(
  document: TextDocument,
  analysis: EditorAnalysis,
  diagnostics: Diagnostic[],
  docUri: (rule: string) => string | undefined,
  commands: ClientCommands = {},
): CodeAction[] {
  const actions: CodeAction[] = [];
  let lines: LinesInsideTokens | undefined; // scanned once, for the first suppression offered
  for (const diagnostic of diagnostics) {
    if (diagnostic.source !== SOURCE || typeof diagnostic.code !== 'string') continue;
    const rule = diagnostic.code;
    const finding = findingFor(diagnostic, analysis.findings);
    if (finding?.fix) {
      // Only an edit that keeps behaviour is a quick fix. A suggestion (NOCOPY changes what a caller sees when the
      // callee raises) is a rewrite the developer chooses after review: offered, never as the problem's fix.
      const safe = finding.fix.kind === 'safe';
      actions.push({
        title: safe ? finding.fix.title : `${finding.fix.title}: review first, this can change behaviour`,
        kind: safe ? CodeActionKind.QuickFix : CodeActionKind.RefactorRewrite,
        diagnostics: [diagnostic],
        isPreferred: safe,
        edit: { changes: { [document.uri]: finding.fix.edits.map((e) => ({ range: toLspRange(e.range), newText: e.newText })) } },
      });
    }
    if (!notSuppressible.has(rule)) {
      lines ??= new LinesInsideTokens(document.getText());
      const line = diagnostic.range.start.line;
      const placement = suppressionPlacement(lines, line + 1);
      const title = placement.kind === 'next-line' ? `Disable ${rule} for this line` : `Disable ${rule} for lines ${placement.disableLine}-${placement.enableLine - 1} (the line starts inside a string or comment)`;
      if (commands.insertSnippet) {
        const { line: at, snippet } = suppressionSnippet(document, placement, rule);
        // an edit and a command: the client applies the edit (the enable, below the snippet's line) first
        const enable = placement.kind === 'range' ? { edit: { changes: { [document.uri]: [enableEdit(document, placement, rule)] } } } : {};
        actions.push({ title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], ...enable, command: { title, command: commands.insertSnippet, arguments: [document.uri, at, snippet] } });
      } else {
        actions.push({ title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: { changes: { [document.uri]: suppressionEdits(document, line, rule, lines) } } });
      }
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

/** The actions of the kinds a client asked for (`CodeActionContext.only`: a kind and the kinds below it). */
export function onlyKinds(actions: CodeAction[], only: readonly string[] | undefined): CodeAction[] {
  if (!only || only.length === 0) return actions;
  return actions.filter((a) => a.kind !== undefined && only.some((kind) => a.kind === kind || a.kind!.startsWith(`${kind}.`)));
}
