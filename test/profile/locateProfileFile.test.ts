/**
 * "Confirmed by profile" marks only on files of this workspace: a profile's path is matched relative to the
 * workspace folders, else by content (the lines the profile recorded, hashed); a file found neither way is
 * reported, not marked.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { locateProfileFile } from '../../extension/src/profile/locateProfileFile.ts';

const block = 'BEGIN\n  FOR i IN 1 .. 5000 LOOP\n    l_total := l_total + tax_rate(i);\n  END LOOP;\nEND;';

function workspace(): string {
  const ws = mkdtempSync(join(tmpdir(), 'plsql-perf-profile-files-'));
  mkdirSync(join(ws, 'src', 'billing'), { recursive: true });
  // the profiled block, moved to another folder, at line 3, with CRLF line ends
  writeFileSync(join(ws, 'src', 'billing', 'month_end.sql'), `-- month end\n\n${block}\n`.replace(/\n/g, '\r\n'));
  writeFileSync(join(ws, 'src', 'other.sql'), 'BEGIN\n  NULL;\nEND;\n');
  writeFileSync(join(ws, 'src', 'billing', 'tax_rate.fnc'), 'CREATE OR REPLACE FUNCTION tax_rate(p IN NUMBER) RETURN NUMBER IS\nBEGIN\n  RETURN p * 0.2;\nEND;\n');
  return ws;
}

test('a path relative to a workspace folder is the file', () => {
  const ws = workspace();
  try {
    assert.equal(locateProfileFile('src/other.sql', [ws]), join(ws, 'src', 'other.sql'));
    assert.equal(locateProfileFile(join(ws, 'src', 'other.sql'), ['/nowhere']), join(ws, 'src', 'other.sql'), 'an absolute path that exists');
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
});

test('a path from another checkout is matched by the content recorded at its lines', () => {
  const ws = workspace();
  try {
    assert.equal(locateProfileFile('scripts/month_end.sql', [ws], { startLine: 3, text: block }), join(ws, 'src', 'billing', 'month_end.sql'));
    // the same text at other lines is another file (or another version of it): not a match
    assert.equal(locateProfileFile('scripts/month_end.sql', [ws], { startLine: 2, text: block }), undefined);
    // a called function's file: its name and the code on the finding's line
    assert.equal(locateProfileFile('db/tax_rate.fnc', [ws], { line: 1, code: 'tax_rate' }), join(ws, 'src', 'billing', 'tax_rate.fnc'));
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
});

test('a file that is neither at its path nor found by content is not in the workspace', () => {
  const ws = workspace();
  try {
    assert.equal(locateProfileFile('/home/someone/checkout/month_end.sql', [ws], { startLine: 1, text: 'BEGIN\n  do_something_else;\nEND;' }), undefined);
    assert.equal(locateProfileFile('db/missing.fnc', [ws], { line: 1, code: 'tax_rate' }), undefined, 'a code fragment is matched only in a file of the same name');
    assert.equal(locateProfileFile('src/gone.sql', [ws]), undefined);
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
});
