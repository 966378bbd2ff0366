// The profiled code with file line numbers, hot lines and hinted lines marked. In the report, "jump to the
// line" scrolls here; in the panel it opens the editor, and this listing is the fallback for untitled blocks.
import type { ProfileDocument } from '../../../server/src/profile/profileDocument.ts';
import { runOf } from '../../../server/src/profile/view/profileFacts.ts';
import { formatUs } from '../../../server/src/profile/view/format.ts';
import { el, section } from '../dom.ts';

export function renderSource(doc: ProfileDocument): HTMLElement {
  const hot = new Map<number, number>();
  for (const l of runOf(doc, doc.measuredBy.hprof)?.hprof?.lines ?? []) {
    if (l.fileLine !== undefined) hot.set(l.fileLine, (hot.get(l.fileLine) ?? 0) + l.elapsedUs);
  }
  const hinted = new Map<number, string[]>();
  for (const f of doc.staticFindings) hinted.set(f.line, [...(hinted.get(f.line) ?? []), f.rule]);
  const lines = doc.source.text.split(/\r?\n/);
  const rows = lines.map((text, i) => {
    const line = doc.source.startLine + i;
    const us = hot.get(line);
    const rules = hinted.get(line);
    const classes = ['pp-src-line', us !== undefined ? 'pp-src-hot' : '', rules ? 'pp-src-hinted' : ''].filter(Boolean).join(' ');
    return el(
      'div',
      { className: classes, attrs: { 'data-src-line': String(line) } },
      el('span', { className: 'pp-src-no' }, String(line)),
      el('code', { className: 'pp-src-text' }, text === '' ? ' ' : text),
      us !== undefined && el('span', { className: 'pp-src-note' }, formatUs(us)),
      rules !== undefined && el('span', { className: 'pp-src-note' }, rules.join(', ')),
    );
  });
  const listing = el('div', { className: 'pp-source' });
  for (const row of rows) listing.appendChild(row); // one call with every line as an argument overflows the stack
  return section('source', `Source${doc.source.file ? `: ${doc.source.file}` : ''}`, listing);
}

export function renderOutput(doc: ProfileDocument): HTMLElement | null {
  const runs = doc.runs.filter((r) => r.dbmsOutput.length > 0 || r.error);
  if (runs.length === 0) return null;
  return section(
    'output',
    'DBMS_OUTPUT and errors',
    ...runs.map((r) =>
      el(
        'div',
        { attrs: { 'data-output': r.role } },
        el('h3', null, `${r.role} run`),
        r.error && el('pre', { className: 'pp-error' }, `${r.error.code}: ${r.error.message}`),
        r.dbmsOutput.length > 0 && el('pre', { className: 'pp-output' }, r.dbmsOutput.join('\n')),
      ),
    ),
  );
}
