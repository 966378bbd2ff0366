/**
 * Driving the VS Code workbench that code-server serves, in Debian's chromium: the browser launch (the flags this
 * machine's closed network needs, ../shared/docs/editor-e2e.md) and the two ways a user reaches things, the
 * command palette and Quick Open. Shared by the editor and the profile panel tests.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** A headless chromium with a fresh profile; without the background-networking flags it keeps dialling out. */
export function launchChromium(viewport: { width: number; height: number }): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'plsql-perf-chrome-')), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
}

/** Opens a quick input with `key`, types `text` and picks the first row that shows it. */
async function pick(page: Page, key: string, text: string): Promise<void> {
  await page.keyboard.press(key);
  await page.waitForSelector('.quick-input-widget input');
  await page.keyboard.type(text);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: text }).first().waitFor();
  await page.keyboard.press('Enter');
}

/** Runs a command from the palette (F1) by its title. */
export const runCommand = (page: Page, title: string): Promise<void> => pick(page, 'F1', title);

/** Opens a workspace file by name with Quick Open (Ctrl+P). */
export const quickOpen = (page: Page, name: string): Promise<void> => pick(page, 'Control+P', name);
