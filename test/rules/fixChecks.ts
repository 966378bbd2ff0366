/**
 * What the quick-fix tests check a fix and a suppression with: applying edits, and what the code does as the
 * walk sees it (fixes.test.ts on the rules' fixtures, fixesOnCorpus.test.ts on real code).
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import type { Rule } from '../../server/src/analysis/rules/rule.ts';
import type { Finding, TextEdit } from '../../server/src/syntax/finding.ts';
import { computeLineStarts } from '../../server/src/parser/script/scanner.ts';
import { suppressionEdits } from '../../server/src/lsp/features/codeActions.ts';

/** Applies edits given in 1-based line/column ranges (non-overlapping), last first. Lines end as the editor counts them. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lineStarts = computeLineStarts(text);
  const offset = (line: number, column: number) => lineStarts[line - 1]! + column - 1;
  const sorted = [...edits].sort((a, b) => offset(b.range.line, b.range.column) - offset(a.range.line, a.range.column));
  let out = text;
  for (const edit of sorted) {
    out = out.slice(0, offset(edit.range.line, edit.range.column)) + edit.newText + out.slice(offset(edit.range.endLine, edit.range.endColumn));
  }
  return out;
}

/** The text after the editor's "Disable for this line" of `finding`, with a reason typed in place of the placeholder. */
export function applySuppression(text: string, finding: Finding): string {
  const document = TextDocument.create('file:///f.sql', 'plsql', 1, text);
  const edits = suppressionEdits(document, finding.line - 1, finding.rule);
  return TextDocument.applyEdits(document, edits.map((e) => ({ ...e, newText: e.newText.replace('<reason>', 'reviewed: runs once a night') })));
}

/** Fixes that replace their statement by an equivalent one of another kind (the calls in it stay). */
export const REWRITES: Record<string, { from: string; to: string }> = { 'select-from-dual': { from: 'statement sql', to: 'statement assignment' } };

/**
 * What the code does, as the walk sees it: every statement's kind and every call's name, in order, and the
 * mixed notation the compiler rejects.
 */
export function statementsOf(text: string, rewritten?: { line: number; from: string; to: string }): string[] {
  const seen: string[] = [];
  const recorder: Rule = {
    meta: { id: 'test-recorder', defaultSeverity: 'info', status: 'preview', summary: '', remedy: '', fixKind: 'none', docPath: '' },
    create: () => ({
      statement: (statement) => {
        const kind = `statement ${statement.statementKind}`;
        seen.push(rewritten && statement.range.line === rewritten.line && kind === rewritten.from ? rewritten.to : kind);
      },
      call: ({ call }) => {
        seen.push(`call ${call.name}`);
        // PL/SQL rejects a positional argument after a named one (PLS-00312); the parser accepts it
        const firstNamed = call.args.findIndex((a) => a.name !== undefined);
        if (firstNamed >= 0 && call.args.slice(firstNamed).some((a) => a.name === undefined)) seen.push(`PLS-00312 in the call of ${call.name}`);
      },
    }),
  };
  analyzeText(text, { extraRules: [recorder] });
  return seen;
}

export function describe(finding: Finding): string {
  return `${finding.rule} at ${finding.line}:${finding.column} (${finding.fix!.title})`;
}
