/** A review checklist: counts by rule, then `- [ ] path:line — rule: message` grouped by file. */
import type { Severity } from '../../syntax/finding.ts';
import { countBySeverity, plural, type CheckReport, type FileFinding } from '../model.ts';

/**
 * Escapes characters that Markdown would turn into formatting, and flattens line breaks. An underscore between
 * two letters or digits (`ut_run.pkb`) cannot start emphasis, so it stays as it is.
 */
export function escapeMarkdown(s: string): string {
  return s
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replace(/[\\`*<>[\]|]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g, (c) => `\\${c}`);
}

export function renderMarkdown(report: CheckReport): string {
  const out: string[] = ['# plsql-perf review checklist', ''];
  const c = countBySeverity(report.findings);
  out.push(
    `${plural(report.files, 'file')} checked, ${plural(report.lines, 'line')}: ` +
      `${plural(report.findings.length, 'finding')} (${plural(c.error, 'error')}, ${plural(c.warning, 'warning')}, ${c.info} info).`,
    '',
  );

  if (report.findings.length > 0) {
    const byRule = new Map<string, { severity: Severity; count: number }>();
    for (const f of report.findings) {
      const entry = byRule.get(f.rule);
      if (entry) entry.count++;
      else byRule.set(f.rule, { severity: f.severity, count: 1 });
    }
    out.push('| rule | severity | findings |', '| --- | --- | ---: |');
    for (const rule of [...byRule.keys()].sort()) {
      const { severity, count } = byRule.get(rule)!;
      out.push(`| ${escapeMarkdown(rule)} | ${severity} | ${count} |`);
    }
    out.push(`| **total** | | ${report.findings.length} |`, '');

    const byFile = new Map<string, FileFinding[]>();
    for (const f of report.findings) {
      const list = byFile.get(f.file);
      if (list) list.push(f);
      else byFile.set(f.file, [f]);
    }
    for (const [file, findings] of byFile) {
      out.push(`## ${escapeMarkdown(file)}`, '');
      for (const f of findings) {
        out.push(`- [ ] ${escapeMarkdown(f.file)}:${f.line} — ${escapeMarkdown(f.rule)}: ${escapeMarkdown(f.message)}`);
      }
      out.push('');
    }
  } else {
    out.push('No findings.', '');
  }

  if (report.errors.length > 0) {
    out.push('## Files not checked', '');
    for (const e of report.errors) out.push(`- ${escapeMarkdown(e.file)}: ${escapeMarkdown(e.message)}`);
    out.push('');
  }
  return out.join('\n');
}
