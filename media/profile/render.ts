// The one renderer of a profile view, used by both hosts: the VS Code panel and the standalone HTML report.
// Builds the whole page as DOM nodes, attaches it, then draws the canvases.
import type { PageUiState, ProfileView } from '../../server/src/profile/contract/panelMessages.ts';
import type { ProfileDocument } from '../../server/src/profile/profileDocument.ts';
import { profileFacts } from '../../server/src/profile/view/profileFacts.ts';
import type { PageHost, RenderContext } from './context.ts';
import { el } from './dom.ts';
import { renderCards } from './sections/cards.ts';
import { renderComparison } from './sections/compare.ts';
import { renderDatabase } from './sections/database.ts';
import { renderFlameGraph } from './sections/flameGraph.ts';
import { renderFunctionCalls, renderSampledFunctions } from './sections/functions.ts';
import { renderHprof } from './sections/hprof.ts';
import { renderOutput, renderSource } from './sections/source.ts';
import { renderProvenance } from './sections/provenance.ts';
import { renderSummary } from './sections/summary.ts';
import { renderSyscalls } from './sections/syscalls.ts';
import { readTheme } from './theme.ts';

function singleSections(doc: ProfileDocument, ctx: RenderContext): (HTMLElement | null)[] {
  const probe = profileFacts(doc).probe;
  const probeSections = probe
    ? [
        renderFunctionCalls(probe.profile, probe.run, ctx),
        renderSampledFunctions(probe.profile, probe.run, ctx),
        renderFlameGraph(probe.profile, probe.run, ctx),
        renderSyscalls(probe.profile, probe.run, ctx),
      ]
    : [];
  return [renderSummary(doc), renderCards(doc, ctx), renderProvenance(doc), renderHprof(doc, ctx), ...probeSections, renderDatabase(doc, ctx), renderOutput(doc), renderSource(doc)];
}

function compareSections(before: ProfileDocument, after: ProfileDocument, ctx: RenderContext): HTMLElement[] {
  return [renderComparison(before, after, ctx), renderSummary(before, 'summary-before', 'Before'), renderSummary(after, 'summary-after', 'After')];
}

function nav(sections: HTMLElement[]): HTMLElement {
  return el(
    'nav',
    { className: 'pp-nav' },
    ...sections.map((s) => {
      const heading = s.querySelector('h2')?.textContent ?? s.id;
      return el('button', { className: 'pp-link', onClick: () => s.scrollIntoView({ block: 'start' }) }, heading);
    }),
  );
}

/** The profile was recorded in another checkout: these files are not here, so their hints are not marked. */
function missingFilesNotice(files: readonly string[]): HTMLElement {
  const list = files.join(', ');
  return el('p', { className: 'pp-notice pp-missing-files' },
    `Not found in this workspace: ${list}. Its confirmed hints are not marked in the editor (the profile was recorded from another checkout, or the file moved and changed).`);
}

/** Replaces the content of root with the view; returns a function that releases charts and observers. */
export function renderView(root: HTMLElement, view: ProfileView, host: PageHost, ui: PageUiState): () => void {
  const ctx: RenderContext = { theme: readTheme(), host, ui, afterAttach: [], disposables: [] };
  const sections = (view.kind === 'single' ? singleSections(view.doc, ctx) : compareSections(view.before, view.after, ctx)).filter((s): s is HTMLElement => s !== null);
  const title = view.kind === 'single' ? `Profile: ${view.doc.source.file ?? 'untitled block'}` : 'Profile comparison';
  const missing = view.kind === 'single' && view.missingFiles?.length ? missingFilesNotice(view.missingFiles) : null;
  root.replaceChildren(el('header', { className: 'pp-header' }, el('h1', null, title), ...(missing ? [missing] : []), nav(sections)), el('main', null, ...sections));
  document.title = title;
  for (const draw of ctx.afterAttach) draw();
  return () => ctx.disposables.forEach((d) => d.destroy());
}
