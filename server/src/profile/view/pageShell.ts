// The HTML around the profile page, shared by the VS Code panel (external script and style with a nonce) and
// the standalone report (everything inlined, allowed by hash). Pure string building; the only values placed
// in it are URIs, nonces and hashes we made, each escaped, and the profile as JSON made safe for a script tag.

/** Element id of the JSON data block the standalone report embeds and the page reads. */
export const REPORT_DATA_ID = 'plsql-perf-profile';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * JSON that cannot end the script element it sits in or start a comment there: `<`, `>` and `&` become
 * \u escapes (still the same JSON), as do the line separators some parsers mishandle.
 */
export function jsonForScriptTag(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export interface PageShellParts {
  csp: string;
  title: string;
  /** Markup for <head> after the CSP: a stylesheet link or an inline style element. */
  head: string;
  /** Markup at the end of <body>: data block and script. */
  tail: string;
}

export function pageShell(parts: PageShellParts): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(parts.csp)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(parts.title)}</title>`,
    parts.head,
    '</head>',
    '<body>',
    '<div id="app"><p class="pp-loading">Loading the profile…</p></div>',
    parts.tail,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
