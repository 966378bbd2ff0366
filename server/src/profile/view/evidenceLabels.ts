// How the view names imported evidence, so the panel, the HTML report and the Markdown summary say the same:
// where the counts come from, what a stack's count means, and what the import could not read.
import type { Profile as ProbeProfile, StacksResult } from '../contract/probeProfile.ts';
import type { ProfileDocument } from '../profileDocument.ts';
import { formatCount } from './format.ts';

/** "482 samples at 99 Hz", "3 samples (rate unknown)", "40,000,057 counted calls". */
export function stacksCaption(stacks: StacksResult): string {
  const total = stacks.folded.reduce((s, f) => s + f.count, 0);
  if (stacks.counts === 'calls') return `${formatCount(total)} counted calls of the stacks' leaf functions`;
  return stacks.hz > 0 ? `${formatCount(total)} samples at ${stacks.hz} Hz` : `${formatCount(total)} samples (rate unknown)`;
}

/** Where the function counts come from. */
export function countsOrigin(probe: ProbeProfile): string {
  return probe.source === 'import' ? 'Call counts from the imported trace' : probe.source === 'dtrace' ? 'Exact call counts from DTrace' : 'Exact call counts from uprobes';
}

/** One line per imported trace: file, tool, format, platform, lines not read. */
export function provenanceLines(doc: ProfileDocument): string[] {
  const p = doc.provenance;
  if (!p) return [];
  return p.traces.map((t) => `${t.file}: ${t.tool} ${t.format} (${t.formatFrom})${t.platform ? `, ${t.platform}` : ''}, ${formatCount(t.lines)} lines${t.unreadCount ? `, ${formatCount(t.unreadCount)} not read` : ', all read'}`);
}
