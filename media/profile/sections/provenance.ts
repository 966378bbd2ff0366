// An imported profile says where its numbers come from: each trace (tool, format, platform), what the import
// derived rather than read, and the lines it could not read, so nothing it skipped goes unseen.
import type { ProfileDocument } from '../../../server/src/profile/profileDocument.ts';
import { provenanceLines } from '../../../server/src/profile/view/evidenceLabels.ts';
import { el, note, section, table } from '../dom.ts';

interface UnreadRow { file: string; line: number; text: string }

export function renderProvenance(doc: ProfileDocument): HTMLElement | null {
  const p = doc.provenance;
  if (!p) return null;
  const unread: UnreadRow[] = p.traces.flatMap((t) => t.unread.map((u) => ({ file: t.file, line: u.line, text: u.text })));
  const more = p.traces.reduce((s, t) => s + t.unreadCount - t.unread.length, 0);
  return section(
    'provenance',
    'Imported traces',
    el('ul', { className: 'pp-notes', attrs: { 'data-list': 'traces' } }, ...provenanceLines(doc).map((l) => el('li', null, l))),
    p.iterations !== undefined && el('p', null, `Iterations compared with: ${p.iterations.value.toLocaleString('en-US')} (${p.iterations.from === 'option' ? 'given with --iterations' : "the analyzer's loop estimate"}).`),
    p.estimated.length > 0 && el('h3', null, 'Estimated or derived'),
    p.estimated.length > 0 && el('ul', { className: 'pp-notes', attrs: { 'data-list': 'estimated' } }, ...p.estimated.map((e) => el('li', null, e))),
    el('h3', null, 'Lines not read'),
    unread.length === 0
      ? note('Every line of the traces was read.')
      : table<UnreadRow>('unread', [
          { heading: 'Trace', cell: (u) => u.file },
          { heading: 'Line', cell: (u) => String(u.line), numeric: true },
          { heading: 'Text', cell: (u) => el('code', null, u.text) },
        ], unread),
    more > 0 && note(`${more.toLocaleString('en-US')} more lines not read (the profile keeps the first 50 of each trace).`),
  );
}
