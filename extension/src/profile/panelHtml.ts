// The HTML of the profile panel: the page script and style come from the extension's dist/webview folder
// (asWebviewUri), the only script allowed is the one carrying this load's nonce. No vscode imports, so the
// chromium tests load exactly this HTML.
import { randomBytes } from 'node:crypto';
import { escapeHtml, pageShell } from '../../../server/src/profile/view/pageShell.ts';

export interface PanelHtmlParts {
  /** webview.cspSource: the origin the webview serves local resources from. */
  cspSource: string;
  nonce: string;
  scriptUri: string;
  styleUri: string;
  title: string;
}

/** 128 random bits, base64: a fresh one for every HTML the panel loads. */
export function makeNonce(): string {
  return randomBytes(16).toString('base64');
}

export function panelCsp(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
}

export function panelHtml(parts: PanelHtmlParts): string {
  return pageShell({
    csp: panelCsp(parts.cspSource, parts.nonce),
    title: parts.title,
    head: `<link rel="stylesheet" href="${escapeHtml(parts.styleUri)}">`,
    tail: `<script nonce="${escapeHtml(parts.nonce)}" src="${escapeHtml(parts.scriptUri)}"></script>`,
  });
}
