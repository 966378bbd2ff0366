// Entry point of the profile page. Two hosts share the renderer:
// - inside VS Code (acquireVsCodeApi exists): the extension sends the view; state survives reloads through
//   getState/setState; clicks on lines and rules are posted to the extension;
// - the standalone report: the view is embedded in the page as JSON; clicks scroll to the source listing.
import type { HostMessage, PageMessage, PageState, PageUiState, ProfileView, SourceTarget } from '../../server/src/profile/contract/panelMessages.ts';
import { REPORT_DATA_ID } from '../../server/src/profile/view/pageShell.ts';
import type { PageHost } from './context.ts';
import { el } from './dom.ts';
import { renderView } from './render.ts';

interface VsCodeApi {
  postMessage(message: PageMessage): void;
  getState(): PageState | undefined;
  setState(state: PageState): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

const root = document.getElementById('app') ?? document.body.appendChild(el('div', { attrs: { id: 'app' } }));
let dispose: (() => void) | undefined;

function show(view: ProfileView, host: PageHost, ui: PageUiState): void {
  dispose?.();
  try {
    dispose = renderView(root, view, host, ui);
    document.body.dataset.rendered = 'true';
  } catch (error) {
    // A profile the renderer cannot handle: say so on the page instead of leaving it blank.
    root.replaceChildren(el('p', { className: 'pp-error' }, `This profile could not be shown: ${error instanceof Error ? error.message : String(error)}`));
    document.body.dataset.rendered = 'error';
    throw error;
  }
}

/** Briefly marks the listing line a click pointed at, and scrolls it into view. */
function scrollToSourceLine(target: SourceTarget): void {
  const line = document.querySelector<HTMLElement>(`[data-src-line="${target.line}"]`);
  if (!line) return;
  line.scrollIntoView({ block: 'center' });
  line.classList.add('pp-src-target');
  setTimeout(() => line.classList.remove('pp-src-target'), 2000);
}

function startInVsCode(api: VsCodeApi): void {
  let state = api.getState();
  const host: PageHost = {
    openSource: (target) => api.postMessage({ type: 'openSource', target }),
    openRuleDoc: (rule) => api.postMessage({ type: 'openRuleDoc', rule }),
    saveUi: (ui) => {
      if (state) api.setState((state = { ...state, ui }));
    },
  };
  window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
    const message = event.data;
    if (message?.type !== 'show') return;
    state = { view: message.view, ui: { flameZoom: [] } };
    api.setState(state);
    show(state.view, host, state.ui);
  });
  if (state) show(state.view, host, state.ui);
  api.postMessage({ type: 'ready', hasView: state !== undefined });
}

function startAsReport(): void {
  const data = document.getElementById(REPORT_DATA_ID);
  if (!data?.textContent) {
    root.replaceChildren(el('p', { className: 'pp-error' }, 'This report holds no profile data.'));
    return;
  }
  const view = JSON.parse(data.textContent) as ProfileView;
  const host: PageHost = { openSource: scrollToSourceLine, saveUi: () => undefined };
  show(view, host, { flameZoom: [] });
}

if (typeof acquireVsCodeApi === 'function') startInVsCode(acquireVsCodeApi());
else startAsReport();
