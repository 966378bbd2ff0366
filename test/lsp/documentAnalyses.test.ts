/**
 * The server's analysis scheduling, on the class itself with real documents and the real analyzer: requests read
 * the latest finished analysis and start nothing; a newer version cancels an older run; code actions wait for
 * the analysis of their own version and give up when the document moves on; the parses of superseded versions
 * are not kept.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { DocumentAnalyses } from '../../server/src/lsp/documentAnalyses.ts';
import { defaultSettings } from '../../server/src/lsp/settings.ts';
import { FileKeys } from '../../server/src/lsp/workspace/fileKeys.ts';
import { WorkspaceFolders } from '../../server/src/lsp/workspace/workspaceFolders.ts';
import { parseCounters } from '../../server/src/syntax/parseScript.ts';

function setup() {
  const folders = new WorkspaceFolders();
  const analyses = new DocumentAnalyses(new WorkspaceIndex(), folders, new FileKeys(folders), () => Promise.resolve(defaultSettings), () => undefined);
  return analyses;
}

const procedure = (n: number) => `  procedure p${n} is\n    x number;\n  begin\n    for i in 1 .. 1000 loop\n      select ${n} into x from dual;\n    end loop;\n  end p${n};\n`;
const body = (count: number) => `create or replace package body shop as\n${Array.from({ length: count }, (_, i) => procedure(i)).join('')}end shop;\n/\n`;

/** An edit at the start of line `line` (0-based), as the client sends it. */
function edit(document: TextDocument, version: number, line: number, text: string): TextDocument {
  return TextDocument.update(document, [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text }], version);
}

test('requests read the latest finished analysis, of an older version, and start none', async () => {
  const analyses = setup();
  let document = TextDocument.create('untitled:shop.pkb', 'plsql', 1, body(3));
  const first = await analyses.analyse(document);
  assert.equal(first?.version, 1);
  document = edit(document, 2, 1, '  -- a comment\n');
  const misses = parseCounters.cacheMisses;
  const answered = await analyses.latest(document);
  assert.equal(answered, first!.analysis, 'the analysis of version 1 answers');
  assert.equal(parseCounters.cacheMisses, misses, 'nothing was parsed for the request');
  assert.equal(analyses.finishedVersion(document.uri), 1);
});

test('a newer version cancels the analysis of an older one', async () => {
  const analyses = setup();
  let document = TextDocument.create('untitled:cancel.pkb', 'plsql', 1, body(40));
  const older = analyses.analyse(document);
  document = edit(document, 2, 1, '  -- typed\n');
  const newer = analyses.analyse(document);
  assert.equal(await older, undefined, 'the run for version 1 stopped');
  const result = await newer;
  assert.equal(result?.version, 2);
  assert.equal(analyses.finishedVersion(document.uri), 2);
  assert.equal(result!.analysis.findings.filter((f) => f.rule === 'select-into-in-loop').length, 40);
});

test('a code action waits for its own version, and gets nothing once the document moved on', async () => {
  const analyses = setup();
  let document = TextDocument.create('untitled:actions.pkb', 'plsql', 1, body(2));
  await analyses.analyse(document);
  document = edit(document, 2, 1, '  -- typed\n');
  const waiting = analyses.current(document);
  const result = await analyses.analyse(document);
  assert.equal(await waiting, result!.analysis);

  document = edit(document, 3, 1, '  -- more\n');
  const stale = analyses.current(document);
  document = edit(document, 4, 1, '  -- and more\n');
  analyses.changed(document.uri, 4);
  assert.equal(await stale, undefined);
});

test('invalidation keeps answering requests from the last analysis until the next one finishes', async () => {
  const analyses = setup();
  const document = TextDocument.create('untitled:settings.pkb', 'plsql', 1, body(2));
  const first = await analyses.analyse(document);
  analyses.invalidate();
  assert.equal(await analyses.latest(document), first!.analysis);
  const again = await analyses.analyse(document);
  assert.notEqual(again!.analysis, first!.analysis, 'the same version is analysed again after the invalidation');
});
