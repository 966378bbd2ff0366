import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// The analyzer is a library shared by the CLI, the language server and the extension: it must not
// depend on any of them (STYLE.md §1). ESLint enforces the same rule while editing; this test makes it
// part of every test run.
const root = new URL('../../server/src/', import.meta.url).pathname;
const forbidden = /from\s+['"](vscode|vscode-languageserver[^'"]*|vscode-languageclient[^'"]*|oracledb|\.\.\/(lsp|cli)\/[^'"]*)['"]/;

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'generated') continue;
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

test('server/src/analysis, syntax and parser import no editor, transport or driver module', () => {
  const files = [...sources(join(root, 'analysis')), ...sources(join(root, 'syntax')), ...sources(join(root, 'parser'))];
  assert.ok(files.length > 10, 'analyzer sources were found');
  const offenders = files.filter((f) => forbidden.test(readFileSync(f, 'utf8')));
  assert.deepEqual(offenders, []);
});

// The layers run one way: parser -> syntax (model) -> analysis (semantics, rules) -> cli / lsp.
// A layer may import only the layers before it.
const layers = ['parser', 'syntax', 'analysis'] as const;

test('dependencies run one way: parser -> syntax -> analysis', () => {
  const offenders: string[] = [];
  for (const [index, layer] of layers.entries()) {
    const later = layers.slice(index + 1);
    for (const file of sources(join(root, layer))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/from\s+['"]([^'"]+)['"]/g)) {
        const target = match[1]!;
        if (!target.startsWith('.')) continue;
        const resolved = relative(root, join(file, '..', target));
        const targetLayer = resolved.split('/')[0];
        if (later.includes(targetLayer as (typeof later)[number]) || targetLayer === 'cli' || targetLayer === 'lsp') {
          offenders.push(`${relative(root, file)} imports ${resolved}`);
        }
      }
    }
  }
  assert.deepEqual(offenders, []);
});

// The profile's contract (server/src/profile/profileDocument.ts and contract/: the probe's profile, the panel
// messages) is shared by the server, the webview page and the extension. The arrows run one way: extension ->
// server and media -> server, never from server/ or media/ up into extension/ (the extension host is the one
// part that may import vscode).
const repoRoot = new URL('../../', import.meta.url).pathname;

function importsIntoExtension(dir: string): string[] {
  const offenders: string[] = [];
  for (const file of sources(join(repoRoot, dir))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
      const target = match[1]!;
      if (!target.startsWith('.')) continue;
      const resolved = relative(repoRoot, join(file, '..', target));
      if (resolved === 'extension' || resolved.startsWith('extension/')) offenders.push(`${relative(repoRoot, file)} imports ${resolved}`);
    }
  }
  return offenders;
}

test('server/ and media/ import nothing from extension/', () => {
  assert.ok(sources(join(repoRoot, 'media')).length > 5, 'media sources were found');
  assert.deepEqual([...importsIntoExtension('server/src'), ...importsIntoExtension('media')], []);
});
