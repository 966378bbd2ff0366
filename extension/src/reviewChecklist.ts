/**
 * The review checklist: one Markdown task per finding, grouped by file, for a code review or a ticket.
 * Pure (no vscode import) so it is tested without an editor.
 */
import type { CheckWorkspaceResult } from '../../server/src/lsp/protocol.ts';

const escapeMarkdown = (text: string): string => text.replace(/([\\`*_[\]<>|])/g, '\\$1');

export function reviewChecklist(result: CheckWorkspaceResult, relativePath: (uri: string) => string, generatedAt: Date): string {
  const total = result.files.reduce((n, f) => n + f.findings.length, 0);
  const lines = [
    '# PL/SQL performance review',
    '',
    `${total} finding${total === 1 ? '' : 's'} in ${result.files.length} of ${result.filesChecked} files checked by plsql-perf on ${generatedAt.toISOString().slice(0, 10)}.`,
  ];
  const files = [...result.files].sort((a, b) => relativePath(a.uri).localeCompare(relativePath(b.uri)));
  for (const file of files) {
    const path = relativePath(file.uri);
    lines.push('', `## ${escapeMarkdown(path)}`, '');
    for (const f of file.findings) {
      const line = f.range.start.line + 1;
      let item = `- [ ] [${escapeMarkdown(path)}:${line}](${encodeURI(path)}#L${line}) **${f.rule}** (${f.severity}): ${escapeMarkdown(f.message)}`;
      if (f.fix) item += `. Fix: ${escapeMarkdown(f.fix)}`;
      lines.push(item);
    }
  }
  if (files.length === 0) lines.push('', 'Nothing to review.');
  return `${lines.join('\n')}\n`;
}
