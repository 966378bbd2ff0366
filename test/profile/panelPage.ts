// Loads the profile panel's page in chromium the way VS Code does: the HTML from panelHtml() (nonce CSP, script
// and style from the webview origin), acquireVsCodeApi() stubbed to record posted messages and to keep the
// state in sessionStorage (so a reload restores it, as VS Code's webview state does).
import { readFileSync, statSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { makeNonce, panelHtml } from '../../extension/src/profile/panelHtml.ts';
import type { PageMessage, PageState, ProfileView } from '../../server/src/profile/contract/panelMessages.ts';
import { ensureBuilt } from '../cli/buildOnce.ts';
import { repoRoot, watchProblems, type PageProblems } from './chromium.ts';

/** Stands in for webview.cspSource: the origin VS Code serves local resources from. */
export const WEBVIEW_ORIGIN = 'https://webview.test';
export const PAGE_SCRIPT = 'dist/webview/profile.js';

function newest(dir: string): number {
  let t = 0;
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, name.name);
    t = Math.max(t, name.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** The page bundle, rebuilt when media/ or the shared view code changed since it was built. */
export function ensurePageBuilt(): void {
  const script = join(repoRoot, PAGE_SCRIPT);
  const sources = Math.max(newest(join(repoRoot, 'media')), newest(join(repoRoot, 'server/src/profile')), newest(join(repoRoot, 'extension/src/profile')));
  if (existsSync(script) && statSync(script).mtimeMs < sources) rmSync(script);
  ensureBuilt(PAGE_SCRIPT);
}

/**
 * acquireVsCodeApi() as the webview provides it, recording postMessage calls in window.__posted. Plain
 * JavaScript source: functions passed to the page as closures would carry tsx's helper calls with them.
 */
const VSCODE_API_STUB = `
  window.__posted = [];
  window.acquireVsCodeApi = function () {
    return {
      postMessage: function (m) { window.__posted.push(JSON.parse(JSON.stringify(m))); },
      getState: function () { var s = sessionStorage.getItem('vscode-state'); return s ? JSON.parse(s) : undefined; },
      setState: function (s) { sessionStorage.setItem('vscode-state', JSON.stringify(s)); },
    };
  };
`;

export interface PanelPage {
  page: Page;
  problems: PageProblems;
  posted(): Promise<PageMessage[]>;
  state(): Promise<PageState | undefined>;
  /** What the extension does after "ready": send the view. */
  show(view: ProfileView): Promise<void>;
  close(): Promise<void>;
}

export async function openPanelPage(browser: Browser): Promise<PanelPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems = await watchProblems(page);
  await page.route(`${WEBVIEW_ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/panel.html') {
      // A fresh nonce per load, like ProfilePanel.
      const html = panelHtml({
        cspSource: WEBVIEW_ORIGIN,
        nonce: makeNonce(),
        scriptUri: `${WEBVIEW_ORIGIN}/${PAGE_SCRIPT}`,
        styleUri: `${WEBVIEW_ORIGIN}/dist/webview/profile.css`,
        title: 'Profile',
      });
      await route.fulfill({ contentType: 'text/html', body: html });
    } else if (path.startsWith('/dist/webview/')) {
      const type = path.endsWith('.css') ? 'text/css' : path.endsWith('.js') ? 'text/javascript' : 'application/json';
      await route.fulfill({ contentType: type, body: readFileSync(join(repoRoot, path)) });
    } else {
      await route.abort();
    }
  });
  await page.addInitScript({ content: VSCODE_API_STUB });
  await page.goto(`${WEBVIEW_ORIGIN}/panel.html`);
  await page.waitForFunction("window.__posted.some(function (m) { return m.type === 'ready'; })");
  return {
    page,
    problems,
    posted: async () => (await page.evaluate('window.__posted')) as PageMessage[],
    state: async () => {
      const s = (await page.evaluate("sessionStorage.getItem('vscode-state')")) as string | null;
      return s ? (JSON.parse(s) as PageState) : undefined;
    },
    show: async (view) => {
      // Page-side code is passed as source text: the tests are type-checked without the DOM library.
      await page.evaluate('delete document.body.dataset.rendered');
      await page.evaluate(`window.postMessage({ type: 'show', view: ${JSON.stringify(view)} }, '*')`);
      await page.waitForSelector('body[data-rendered]');
    },
    close: () => context.close(),
  };
}
