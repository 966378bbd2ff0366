import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

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

test('server/src/analysis and server/src/parser import no editor, transport or driver module', () => {
  const files = [...sources(join(root, 'analysis')), ...sources(join(root, 'parser'))];
  assert.ok(files.length > 10, 'analyzer sources were found');
  const offenders = files.filter((f) => forbidden.test(readFileSync(f, 'utf8')));
  assert.deepEqual(offenders, []);
});
