// Headless Debian chromium for the profile-page tests (playwright-core drives it; no browser download).
// Without chromium the tests skip and say so; under CI=true a missing chromium fails them instead.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const repoRoot = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');
/** Screenshots for CI artifacts (git-ignored). */
export const ARTIFACTS = join(repoRoot, 'test-artifacts', 'profile-view');

/** A reason to skip, or undefined when chromium is there; throws under CI=true, where skipping would hide it. */
export function chromiumMissing(): string | undefined {
  if (existsSync(CHROMIUM)) return undefined;
  const reason = `${CHROMIUM} not found (apt-get install -y chromium): profile page tests skipped`;
  if (process.env.CI === 'true') throw new Error(reason);
  return reason;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Everything the page must not produce: console errors, uncaught exceptions, CSP violations. */
export interface PageProblems {
  list: string[];
}

export async function watchProblems(page: Page): Promise<PageProblems> {
  const problems: PageProblems = { list: [] };
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.list.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.list.push(`page error: ${e.message}`));
  await page.exposeFunction('__reportCspViolation', (text: string) => problems.list.push(`CSP violation: ${text}`));
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', function (e) {
      window.__reportCspViolation(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' (' + e.sourceFile + ':' + e.lineNumber + ')');
    });`,
  });
  return problems;
}

export interface CanvasInk {
  name: string;
  width: number;
  height: number;
  /** Pixels with any opacity. */
  painted: number;
  /** Distinct colours among painted pixels (a blank or single-fill canvas has at most 1). */
  colours: number;
}

/** Page-side source (plain JavaScript, see CANVAS_INK_JS's use) that measures every chart canvas. */
const CANVAS_INK_JS = `Array.from(document.querySelectorAll('canvas[data-chart]')).map(function (c) {
  var data = c.width > 0 && c.height > 0 ? c.getContext('2d').getImageData(0, 0, c.width, c.height).data : [];
  var painted = 0;
  var colours = new Set();
  for (var i = 0; i < data.length; i += 4) {
    if (data[i + 3] > 0) {
      painted++;
      if (colours.size < 64) colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    }
  }
  return { name: c.dataset.chart || '', width: c.width, height: c.height, painted: painted, colours: colours.size };
})`;

/** Reads back every chart canvas: how much of it was drawn on. */
export async function canvasInk(page: Page | Frame): Promise<CanvasInk[]> {
  return (await page.evaluate(CANVAS_INK_JS)) as CanvasInk[];
}

export function screenshotPath(name: string): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  return join(ARTIFACTS, `${name}.png`);
}
