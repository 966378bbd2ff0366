#!/usr/bin/env node
// Renders assets/icon.svg to assets/icon.png (128x128, transparent corners) with headless chromium, the same
// browser the editor tests use. Run it after editing the SVG; the PNG is committed (the .vsix needs a PNG).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'plsql-perf-icon-'));
const page = join(dir, 'icon.html');
const svg = readFileSync(join(root, 'assets/icon.svg'), 'utf8');
writeFileSync(page, `<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`);
const out = join(root, 'assets/icon.png');
const r = spawnSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', [
  '--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--default-background-color=00000000',
  '--window-size=128,128', `--screenshot=${out}`, `file://${page}`,
], { encoding: 'utf8' });
rmSync(dir, { recursive: true, force: true });
if (r.status !== 0) {
  console.error(r.stderr);
  process.exit(1);
}
console.log(`wrote ${out}`);
