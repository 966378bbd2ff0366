/**
 * "Disable for this line" where the finding's line starts inside a string or comment: the suppression goes
 * around the lines (`disable` / `enable`), never into the string. Found by applying the action to every finding
 * of ../shared/corpus and ../shared/corpus-wide: one of 721 (utPLSQL coverage_helper.pkb:497, a
 * `statistics_level=all` inside a q-quoted PL/SQL block) got its comment line inserted into the string, which
 * changed the block the code runs and suppressed nothing.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import { LinesInsideTokens, suppressionPlacement } from '../../server/src/analysis/suppressionPlacement.ts';
import { suppressionEdits } from '../../server/src/lsp/features/codeActions.ts';

const PROFILED_BLOCK = [
  'CREATE OR REPLACE PROCEDURE run_profiled(p_command VARCHAR2) IS', // 1
  '  l_block VARCHAR2(32767);',
  'BEGIN',
  "  l_block := q'[", // 4: the q-quote opens
  '    begin',
  "      execute immediate 'alter session set statistics_level=all';", // 6: inside the string
  "      ]' || p_command || q'[", // 7: closes, and a second opens
  "    end;]';", // 8
  '  EXECUTE IMMEDIATE l_block;', // 9
  "  EXECUTE IMMEDIATE 'alter session set statistics_level = all';", // 10
  'END run_profiled;',
  '/',
  '',
].join('\n');

/** The edits of the action applied to the text (LSP positions, last first). */
function applied(text: string, line: number, rule: string): string {
  const document = TextDocument.create('file:///f.sql', 'plsql', 1, text);
  const edits = suppressionEdits(document, line - 1, rule).map((e) => ({ ...e, newText: e.newText.replace('<reason>', 'a test helper') }));
  return TextDocument.applyEdits(document, edits);
}

const stringsOf = (text: string) => [...text.matchAll(/q'\[([\s\S]*?)\]'|'((?:[^']|'')*)'/g)].map((m) => m[0]);

test('a finding on a line inside a q-quoted block: disable above the statement, enable after it, the strings unchanged', () => {
  const before = analyzeText(PROFILED_BLOCK).findings.filter((f) => f.rule === 'plan-statistics-in-code');
  assert.deepEqual(before.map((f) => f.line), [6, 10]);
  assert.deepEqual(suppressionPlacement(new LinesInsideTokens(PROFILED_BLOCK), 6), { kind: 'range', disableLine: 4, enableLine: 9 });

  const text = applied(PROFILED_BLOCK, 6, 'plan-statistics-in-code');
  const lines = text.split('\n');
  assert.equal(lines[3], '  -- plsql-perf-disable plan-statistics-in-code -- a test helper');
  assert.equal(lines[9], '  -- plsql-perf-enable plan-statistics-in-code');
  assert.deepEqual(stringsOf(text), stringsOf(PROFILED_BLOCK), 'every string literal is as it was');
  const after = analyzeText(text).findings;
  assert.deepEqual(after.filter((f) => f.rule === 'syntax-error'), []);
  assert.deepEqual(after.filter((f) => f.rule === 'plan-statistics-in-code').map((f) => f.line), [12], 'only the suppressed one is gone (line 10, now 12)');
});

test('a finding on a line that starts outside any string keeps "disable-next-line" above it', () => {
  assert.deepEqual(suppressionPlacement(new LinesInsideTokens(PROFILED_BLOCK), 10), { kind: 'next-line', line: 10 });
  const text = applied(PROFILED_BLOCK, 10, 'plan-statistics-in-code');
  assert.equal(text.split('\n')[9], '  -- plsql-perf-disable-next-line plan-statistics-in-code -- a test helper');
  assert.deepEqual(analyzeText(text).findings.filter((f) => f.rule === 'plan-statistics-in-code').map((f) => f.line), [6]);
});

test('which lines start inside a token: strings, q-quotes, quoted identifiers and block comments across lines; not comments or REM text', () => {
  const text = [
    "x := 'one", // 1
    "two' || 'three", // 2: inside the first string
    "four';", // 3: inside the second, which began on a line that starts inside the first
    '/* a', // 4
    '   b */ y := 1;', // 5: inside the comment
    "-- it's a line comment", // 6
    'z := 1;', // 7: the apostrophe above opened nothing
    "rem it's a remark", // 8
    'w := 2;', // 9
    'select "A', // 10
    'B" from dual;', // 11: inside the quoted identifier
    "v := nq'{x", // 12
    "}';", // 13: inside the national q-quote
    '',
  ].join('\n');
  const lines = new LinesInsideTokens(text);
  assert.deepEqual([...Array(14).keys()].map((i) => i + 1).filter((l) => lines.startsInside(l)), [2, 3, 5, 11, 13]);
  // the string of line 2-3 began on line 2, which starts inside the string of lines 1-2: disable above line 1
  assert.deepEqual(suppressionPlacement(lines, 3), { kind: 'range', disableLine: 1, enableLine: 4 });
  assert.deepEqual(suppressionPlacement(lines, 5), { kind: 'range', disableLine: 4, enableLine: 6 });
});

test('CR LF and CR line ends count lines as the editor does', () => {
  for (const eol of ['\r\n', '\r']) {
    const text = PROFILED_BLOCK.split('\n').join(eol);
    assert.deepEqual(suppressionPlacement(new LinesInsideTokens(text), 6), { kind: 'range', disableLine: 4, enableLine: 9 }, JSON.stringify(eol));
  }
});

test('a string that runs to the end of the text: the enable goes after its last line', () => {
  const text = "begin\n  x := 'a\n  b';\nend;";
  assert.deepEqual(suppressionPlacement(new LinesInsideTokens(text), 3), { kind: 'range', disableLine: 2, enableLine: 4 });
  const open = "begin\n  x := 'a\n  b";
  assert.deepEqual(suppressionPlacement(new LinesInsideTokens(open), 3), { kind: 'range', disableLine: 2, enableLine: 4 });
  const document = TextDocument.create('file:///f.sql', 'plsql', 1, open);
  assert.equal(TextDocument.applyEdits(document, suppressionEdits(document, 2, 'r')), "begin\n  -- plsql-perf-disable r -- <reason>\n  x := 'a\n  b\n-- plsql-perf-enable r\n");
});
