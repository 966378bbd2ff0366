/**
 * The Markdown summary of a profile: headline figures, finding cards, and the top of each evidence table, with
 * the same numbers and annotations as the page (shared view code), for a ticket or a pull-request comment.
 */
import type { ProfileView } from '../../profile/contract/panelMessages.ts';
import { annotateFunction } from '../../profile/annotations/annotateFunction.ts';
import { compareProfiles } from '../../profile/compareProfiles.ts';
import type { FindingCard, ProfileDocument } from '../../profile/profileDocument.ts';
import { formatBytes, formatCount, formatMs, formatNs, formatPercent, formatRatio, formatUs, formatWithUnit } from '../../profile/view/format.ts';
import { countsOrigin, provenanceLines, stacksCaption } from '../../profile/view/evidenceLabels.ts';
import { profileFacts, runOf } from '../../profile/view/profileFacts.ts';
import { sampledFunctions } from '../../profile/view/stacks.ts';
import { dominantBin, histogramTitle } from '../../profile/view/writeSizes.ts';
import { oneLine } from '../reporters/escape.ts';
import { codeSpan } from '../reporters/markdown.ts';

const TOP = 10;

/** Text for a table cell or an inline span: no pipes, no line breaks, no markup, no raw control characters. */
function md(value: string | number): string {
  return oneLine(String(value)).replace(/([\\`*_[\]<>|#])/g, '\\$1');
}

/** A name in code style whatever it holds: a backtick cannot end the span, a pipe cannot end the table cell. */
function code(value: string): string {
  return codeSpan(String(value)).replace(/\|/g, '\\|');
}

function mdTable(headings: string[], rows: string[][], numeric: boolean[] = []): string[] {
  if (rows.length === 0) return [];
  return [
    `| ${headings.join(' | ')} |`,
    `|${headings.map((_, i) => (numeric[i] ? '---:' : '---')).join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
  ];
}

const VERDICT: Record<FindingCard['verdict'], string> = { confirmed: 'CONFIRMED', 'not-observed': 'not observed', 'not-measured': 'not measured' };

function cardLines(card: FindingCard): string[] {
  const h = card.hypothesis;
  const where = [h.rule ? code(h.rule) : 'session-level', h.line !== undefined ? `${h.file ? `${md(h.file)}:` : 'line '}${md(h.line)}` : undefined, h.loop ? md(h.loop.text) : undefined].filter(Boolean).join(', ');
  return [
    `### ${VERDICT[card.verdict]}: ${md(card.title)}`,
    '',
    `- Hypothesis (${where}): ${md(h.message)}`,
    ...card.measurements.map((m) => `- Measured: ${md(m.label)} **${md(formatWithUnit(m.value, m.unit))}** (${md(m.source)}, ${md(m.run)} run)`),
    `- Verdict: ${md(card.reason)}`,
    ...(h.docPath ? [`- Rule documentation: ${md(h.docPath)}`] : []),
    '',
  ];
}

function singleReport(doc: ProfileDocument): string[] {
  const f = profileFacts(doc);
  const out: string[] = [`# PL/SQL profile: ${md(doc.source.file ?? 'untitled block')} lines ${md(doc.source.startLine)}-${md(doc.source.endLine)}`, ''];
  out.push(`Recorded ${md(doc.createdAt)}${doc.database ? ` on Oracle ${md(doc.database.version)}` : ' without a database'}${doc.driver ? ` with ${md(doc.driver.name)} ${md(doc.driver.version)} (${md(doc.driver.mode)})` : ''}.`, '');
  const figures: string[][] = [];
  if (f.elapsedMs) figures.push(['Elapsed', formatMs(f.elapsedMs.value), `${md(f.elapsedMs.run)} run`]);
  if (f.dbCpuUs) figures.push(['DB CPU', formatUs(f.dbCpuUs.value), `${md(f.dbCpuUs.run)} run`]);
  if (f.dbTimeUs) figures.push(['DB time', formatUs(f.dbTimeUs.value), `${md(f.dbTimeUs.run)} run`]);
  if (f.waitUs && f.waits) figures.push(['Waits (non-idle)', `${formatUs(f.waitUs.value)} in ${formatCount(f.waits.value)} waits`, `${md(f.waitUs.run)} run`]);
  if (f.probedElapsedMs) figures.push(['Elapsed with the probe', formatMs(f.probedElapsedMs.value), `${md(f.probedElapsedMs.run)} run (slower by the probe)`]);
  if (f.overheadMs) figures.push(['Probe overhead', `${formatMs(f.overheadMs.value)} (estimate)`, `${md(f.overheadMs.run)} run`]);
  out.push(...mdTable(['Figure', 'Value', 'From'], figures));

  out.push('## Findings', '');
  if (doc.cards.length === 0) out.push('No finding cards.', '');
  for (const card of doc.cards) out.push(...cardLines(card));

  const hprof = runOf(doc, doc.measuredBy.hprof)?.hprof;
  if (hprof) {
    out.push('## PL/SQL hot lines (DBMS_HPROF)', '');
    const lines = [...hprof.lines].sort((a, b) => b.elapsedUs - a.elapsedUs).slice(0, TOP);
    out.push(...mdTable(['Line', 'What', 'Calls', 'Elapsed', 'Share'], lines.map((l) => [l.fileLine !== undefined ? md(l.fileLine) : `${md(l.module)}:${md(l.unitLine)}`, md(l.label), formatCount(l.calls), formatUs(l.elapsedUs), formatPercent(l.elapsedUs, hprof.totalElapsedUs)]), [false, false, true, true, true]));
  }

  const probe = f.probe?.profile;
  const functions = probe?.collectors.functions?.functions ?? [];
  if (functions.length > 0) {
    out.push(`## Kernel functions by calls (${md(f.probe!.run)} run)`, '', `${md(countsOrigin(probe!))}.`, '');
    const top = [...functions].sort((a, b) => b.calls - a.calls).slice(0, TOP);
    out.push(...mdTable(['Function', 'Calls', 'Layer', 'What it does'], top.map((fn) => [code(fn.name), formatCount(fn.calls), md(annotateFunction(fn.name)?.layer ?? ''), md(annotateFunction(fn.name)?.summary ?? '')]), [false, true]));
  }
  const stacks = probe?.collectors.stacks;
  if (stacks && stacks.samples > 0) {
    const total = stacks.folded.reduce((s, x) => s + x.count, 0);
    out.push(stacks.counts === 'calls' ? `## Kernel functions in the counted stacks (${md(stacksCaption(stacks))})` : `## Kernel functions by sampled time (${md(stacksCaption(stacks))})`, '');
    const top = sampledFunctions(stacks.folded).filter((s) => s.self > 0).slice(0, TOP);
    out.push(...mdTable(['Function', 'Self', 'Total', 'Layer'], top.map((s) => [code(s.name), formatPercent(s.self, total), formatPercent(s.total, total), md(annotateFunction(s.name)?.layer ?? '')]), [false, true, true]));
  }
  const syscalls = probe?.collectors.syscalls;
  if (syscalls) {
    out.push('## System calls', '');
    const timed = syscalls.mode !== 'count';
    const top = [...syscalls.syscalls].sort((a, b) => b.calls - a.calls).slice(0, TOP);
    out.push(...mdTable(timed ? ['Syscall', 'Calls', 'Time'] : ['Syscall', 'Calls'], top.map((s) => [code(s.name), formatCount(s.calls), ...(timed ? [formatNs(s.total_ns)] : [])]), [false, true, true]));
    for (const w of syscalls.writes) {
      const bin = dominantBin(w);
      out.push(`- ${md(histogramTitle(w))}: ${formatCount(w.calls)} calls, ${formatBytes(w.bytes)}${bin ? `; most common size ${md(bin.label)} (${formatCount(bin.calls)} calls)` : ''}`);
    }
    if (syscalls.writes.length > 0) out.push('');
  }
  const db = runOf(doc, doc.measuredBy.dbStats)?.db;
  if (db) {
    out.push(`## Wait events (${md(doc.measuredBy.dbStats ?? '')} run)`, '');
    const events = [...db.events].sort((a, b) => b.timeWaitedUs - a.timeWaitedUs);
    out.push(...(events.length ? mdTable(['Event', 'Waits', 'Time waited'], events.map((e) => [md(e.event), formatCount(e.waits), formatUs(e.timeWaitedUs)]), [false, true, true]) : ['The session did not wait.', '']));
    out.push('## Top statistic deltas', '');
    const stats = [...db.stats].sort((a, b) => b.delta - a.delta).slice(0, TOP);
    out.push(...mdTable(['Statistic', 'Delta'], stats.map((s) => [md(s.name), formatCount(s.delta)]), [false, true]));
  }
  if (doc.notes.length > 0) out.push('## Notes', '', ...doc.notes.map((n) => `- ${md(n)}`), '');
  if (doc.provenance) {
    out.push('## Imported traces', '', ...provenanceLines(doc).map((l) => `- ${md(l)}`), '');
    if (doc.provenance.estimated.length) out.push('Estimated or derived:', '', ...doc.provenance.estimated.map((e) => `- ${md(e)}`), '');
    const unread = doc.provenance.traces.flatMap((t) => t.unread.slice(0, 10).map((u) => `- ${md(t.file)} line ${u.line}: \`${u.text.trim().slice(0, 120).replace(/`/g, "'")}\``));
    if (unread.length) out.push('Lines not read (first of each trace):', '', ...unread, '');
  }
  return out;
}

function compareReport(before: ProfileDocument, after: ProfileDocument): string[] {
  const cmp = compareProfiles(before, after);
  return [
    '# PL/SQL profile comparison',
    '',
    `Before: ${md(before.source.file ?? 'untitled')} recorded ${md(cmp.before.createdAt)}. After: ${md(after.source.file ?? 'untitled')} recorded ${md(cmp.after.createdAt)}.`,
    '',
    ...cmp.warnings.map((w) => `- Warning: ${md(w)}`),
    ...(cmp.warnings.length ? [''] : []),
    ...mdTable(
      ['Group', 'Metric', 'Before', 'After', 'Ratio'],
      cmp.metrics.map((m) => [md(m.group), md(m.name), m.before === undefined ? '–' : md(formatWithUnit(m.before, m.unit)), m.after === undefined ? '–' : md(formatWithUnit(m.after, m.unit)), formatRatio(m.ratio)]),
      [false, false, true, true, true],
    ),
  ];
}

export function markdownReport(view: ProfileView): string {
  const lines = view.kind === 'single' ? singleReport(view.doc) : compareReport(view.before, view.after);
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}
