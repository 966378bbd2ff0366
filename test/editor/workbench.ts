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

/** Runs a command from the palette (F1) by its title. */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  await page.waitForSelector('.quick-input-widget input');
  await page.keyboard.type(title);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor();
  await page.keyboard.press('Enter');
}

/** Opens a workspace file by name with Quick Open (Ctrl+P). */
export async function quickOpen(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+P');
  await page.waitForSelector('.quick-input-widget input');
  await page.keyboard.type(name);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor();
  await page.keyboard.press('Enter');
}
