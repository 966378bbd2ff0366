/**
 * The built profile page (dist/webview/profile.js and .css) that the HTML report inlines. The CLI runs either
 * bundled (dist/cli.mjs, the page sits next to it in dist/webview/) or from source through tsx (tests).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface PageAssets {
  script: string;
  style: string;
}

const CANDIDATES = ['./webview/', '../../../../dist/webview/'];

export function loadPageAssets(): PageAssets {
  for (const dir of CANDIDATES) {
    const script = fileURLToPath(new URL(`${dir}profile.js`, import.meta.url));
    const style = fileURLToPath(new URL(`${dir}profile.css`, import.meta.url));
    if (existsSync(script) && existsSync(style)) {
      return { script: withoutSourceMapComment(readFileSync(script, 'utf8')), style: withoutSourceMapComment(readFileSync(style, 'utf8')) };
    }
  }
  throw new Error('the profile page is not built (dist/webview/profile.js is missing): run `npm run build`');
}

/** The report is one file: a pointer to a .map next to it would point at nothing. */
function withoutSourceMapComment(text: string): string {
  return text.replace(/\n?\/[/*][#@] sourceMappingURL=[^\n]*\s*$/, '\n');
}
