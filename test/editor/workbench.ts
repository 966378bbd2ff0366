/**
 * Driving the VS Code workbench that code-server serves, in Debian's chromium: the browser launch (the flags this
 * machine's closed network needs, ../shared/docs/editor-e2e.md) and the two ways a user reaches things, the
 * command palette and Quick Open, VS Code's own (simple) open dialog, and the profile panel's webview. Shared by
 * the editor and the profile panel tests.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { basename } from 'node:path';
import { chromium, type BrowserContext, type Frame, type Page } from 'playwright-core';

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

/**
 * Picks a file in VS Code's simple open dialog (the one code-server shows), once a command has opened it. The
 * dialog fills in its start folder asynchronously and may overwrite what was typed first: type until it stays.
 */
export async function chooseInOpenDialog(page: Page, startFolder: string, path: string): Promise<void> {
  const dialogInput = page.locator('.quick-input-widget:not([style*="display: none"]) input');
  await page.waitForFunction(`(document.querySelector('.quick-input-widget input') || {}).value?.startsWith(${JSON.stringify(startFolder)})`);
  for (let attempt = 0; ; attempt++) {
    await dialogInput.fill(path);
    const listed = await page.locator('.quick-input-list .monaco-list-row', { hasText: basename(path) }).first()
      .waitFor({ timeout: 5000 }).then(() => true, () => false);
    if (listed && (await dialogInput.inputValue()) === path) break;
    assert.ok(attempt < 5, `the open dialog kept replacing the path (it shows ${await dialogInput.inputValue()})`);
  }
  await page.keyboard.press('Enter');
}

/** The page inside the profile panel's webview: the outer iframe (VS Code's host page) holds the one with our HTML. */
export async function profileFrame(page: Page): Promise<Frame> {
  const outer = await (await page.waitForSelector('iframe.webview.ready')).contentFrame();
  assert.ok(outer, 'the webview host frame');
  const inner = await (await outer.waitForSelector('iframe#active-frame')).contentFrame();
  assert.ok(inner, 'the webview content frame');
  await inner.waitForSelector('body[data-rendered="true"]');
  return inner;
}
