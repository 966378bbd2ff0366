/**
 * A code-review checklist: a summary table (findings per rule and severity), then per file one checkbox per
 * finding with severity, rule, line and message, the code line, the loop estimate and what to do.
 */
import { severityRank, type Severity } from '../../syntax/finding.ts';
import { countBySeverity, plural, type CheckReport, type FileFinding } from '../model.ts';
import { ruleInfo } from '../ruleInfo.ts';
import { oneLine } from './escape.ts';

/**
 * Escapes characters that Markdown would turn into formatting, flattens line breaks and escapes control
 * characters. An underscore between two letters or digits (`ut_run.pkb`) cannot start emphasis, so it stays.
 */
export function escapeMarkdown(s: string): string {
  return oneLine(s).replace(/[\\`*<>[\]|]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g, (c) => `\\${c}`);
}

/** An inline code span that shows `s` literally: the fence is longer than any run of backticks inside. */
export function codeSpan(s: string): string {
  const text = oneLine(s.trim());
  const longestRun = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

function summaryTable(findings: readonly FileFinding[]): string[] {
  const byRule = new Map<string, Record<Severity, number>>();
  for (const f of findings) {
    let counts = byRule.get(f.rule);
    if (!counts) byRule.set(f.rule, (counts = { error: 0, warning: 0, info: 0 }));
    counts[f.severity]++;
  }
  const out = ['| rule | error | warning | info | total |', '| --- | ---: | ---: | ---: | ---: |'];
  for (const rule of [...byRule.keys()].sort()) {
    const c = byRule.get(rule)!;
    out.push(`| ${escapeMarkdown(rule)} | ${c.error} | ${c.warning} | ${c.info} | ${c.error + c.warning + c.info} |`);
  }
  const t = countBySeverity(findings);
  out.push(`| **total** | ${t.error} | ${t.warning} | ${t.info} | ${findings.length} |`);
  return out;
}

/** How the checklist is rendered where it is not the CLI's: the editor's export links each line to its file. */
export interface ChecklistOptions {
  /** A link to a file's line (relative to where the checklist is saved); without it, lines are plain text. */
  lineLink?: (file: string, line: number) => string;
  /** A rule's page (the editor links the pages it ships or the team's); default: from `docsBaseUrl`. */
  ruleLink?: (rule: string) => string;
}

function checklistItem(f: FileFinding, docsBaseUrl: string | undefined, options: ChecklistOptions): string[] {
  const info = ruleInfo(f.rule);
  const at = options.lineLink ? `[line ${f.line}](${options.lineLink(f.file, f.line)})` : `line ${f.line}`;
  const out = [`- [ ] **${f.severity}** ${escapeMarkdown(f.rule)} at ${at}: ${escapeMarkdown(f.message)}`];
  if (f.code !== undefined && f.code.trim() !== '') out.push(`  - code: ${codeSpan(f.code)}`);
  if (f.loop) out.push(`  - loop: ${escapeMarkdown(f.loop.text)} (line ${f.loop.line})`);
  const fix = f.fix ? `${escapeMarkdown(f.fix.title)} (${f.fix.kind} fix available). ` : '';
  const link = options.ruleLink?.(f.rule) ?? (docsBaseUrl === undefined ? info.docPath : new URL(info.docPath, docsBaseUrl).href);
  out.push(`  - what to do: ${fix}${escapeMarkdown(info.remedy)} See [${info.docPath}](${link}).`);
  return out;
}

/**
 * The review checklist of `check --format markdown` and of the editor's "Export review checklist" (one
 * renderer for both). `docsBaseUrl`: where docs/ is published; without it the rule links are relative to
 * the repository root.
 */
export function renderMarkdown(report: CheckReport, docsBaseUrl?: string, options: ChecklistOptions = {}): string {
  return [...markdownChunks(report, docsBaseUrl, options)].join('');
}

/** The checklist's text in pieces, as `renderMarkdown` gives it whole (lines joined by line breaks). */
export function* markdownChunks(report: CheckReport, docsBaseUrl?: string, options: ChecklistOptions = {}): Generator<string> {
  let first = true;
  for (const line of checklistLines(report, docsBaseUrl, options)) {
    yield first ? line : `\n${line}`;
    first = false;
  }
}

function* checklistLines(report: CheckReport, docsBaseUrl: string | undefined, options: ChecklistOptions): Generator<string> {
  yield '# plsql-perf review checklist';
  yield '';
  const c = countBySeverity(report.findings);
  yield `${plural(report.files, 'file')} checked, ${plural(report.lines, 'line')}: ` +
    `${plural(report.findings.length, 'finding')} (${plural(c.error, 'error')}, ${plural(c.warning, 'warning')}, ${c.info} info).`;
  yield '';

  if (report.findings.length > 0) {
    yield* summaryTable(report.findings);
    yield '';
    const byFile = new Map<string, FileFinding[]>();
    for (const f of report.findings) {
      const list = byFile.get(f.file);
      if (list) list.push(f);
      else byFile.set(f.file, [f]);
    }
    for (const [file, findings] of byFile) {
      // Most severe first within a file, then by position: the reviewer starts with what matters most.
      const ordered = [...findings].sort((a, b) => severityRank[b.severity] - severityRank[a.severity] || a.line - b.line || a.column - b.column);
      yield `## ${escapeMarkdown(file)}`;
      yield '';
      for (const f of ordered) yield* checklistItem(f, docsBaseUrl, options);
      yield '';
    }
  } else {
    yield 'No findings.';
    yield '';
  }

  const unexplained = report.unexplainedSuppressions ?? [];
  if (unexplained.length > 0) {
    yield* ['## Suppressions without a reason', '', 'Each hides findings; ask for the reason after ` -- ` in the comment.', ''];
    for (const s of unexplained) {
      yield `- [ ] ${escapeMarkdown(s.file)} line ${s.line}: ${s.kind} ${s.rules.map(escapeMarkdown).join(', ')}`;
    }
    yield '';
  }

  if (report.errors.length > 0) {
    yield '## Files not checked';
    yield '';
    for (const e of report.errors) yield `- ${escapeMarkdown(e.file)}: ${escapeMarkdown(e.message)}`;
    yield '';
  }
}
