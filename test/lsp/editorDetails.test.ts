/**
 * The editor's small things over a real LSP client on stdio, as the VS Code extension configures the server
 * (initializationOptions.clientCommands): rule links that open the rendered page (a command, not the raw .md
 * in the install folder), "Disable for this line" as a snippet with the reason selected, a hover that does not
 * repeat the diagnostic's message, an outline with the editor's symbol kinds and signatures, and loop-heat
 * hints where the line does not already say it (after END LOOP, or after the calls inside a hot loop).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-protocol/node.js';
import { ensureBuilt, repoRoot } from '../cli/buildOnce.ts';
import { fileUri, readText, startClient, type LspClient } from './lspClient.ts';

const server = ['node', join(repoRoot, 'dist/server.cjs'), '--stdio'];
const clientCommands = { ruleDocumentation: 'plsqlPerf.showRuleDocumentation', insertSnippet: 'plsqlPerf.insertSnippet' };
const docCommand = (rule: string) => `command:plsqlPerf.showRuleDocumentation?${encodeURIComponent(JSON.stringify([rule]))}`;

async function start(ws: string, initializationOptions: unknown): Promise<{ client: LspClient; diagnostics: Diagnostic[] }> {
  const client = await startClient(server, { rootPath: ws, initializationOptions });
  const published = client.nextDiagnostics(fileUri(join(ws, 'orders.pkb')), (p) => p.diagnostics.length > 0);
  client.open(fileUri(join(ws, 'orders.pkb')), readText(join(ws, 'orders.pkb')));
  return { client, diagnostics: (await published).diagnostics };
}

interface Action { title: string; kind?: string; isPreferred?: boolean; edit?: unknown; command?: { command: string; arguments: unknown[] } }

/** Writes `name` into the workspace, opens it and waits for its first non-empty diagnostics. */
async function openNew(client: LspClient, ws: string, name: string, text: string): Promise<Diagnostic[]> {
  writeFileSync(join(ws, name), text);
  const published = client.nextDiagnostics(fileUri(join(ws, name)), (p) => p.diagnostics.length > 0);
  client.open(fileUri(join(ws, name)), text);
  return (await published).diagnostics;
}

/** Opens `name` and asks the code actions of its first diagnostic, which must be `rule`'s at the 0-based `line`. */
async function firstFindingActions(client: LspClient, ws: string, name: string, text: string, rule: string, line: number): Promise<Action[]> {
  const [first] = await openNew(client, ws, name, text);
  assert.equal(first!.code, rule);
  assert.equal(first!.range.start.line, line);
  return actionsFor(client, ws, name, first!);
}

/** The code actions for one diagnostic of `name`, of the kinds in `only` when given. */
async function actionsFor(client: LspClient, ws: string, name: string, diagnostic: Diagnostic, only?: string[]): Promise<Action[]> {
  return (await client.connection.sendRequest('textDocument/codeAction', {
    textDocument: { uri: fileUri(join(ws, name)) }, range: diagnostic.range, context: { diagnostics: [diagnostic], ...(only ? { only } : {}) },
  })) as Action[];
}

describe('the editor details, with the extension\'s client commands', () => {
  let ws: string;
  let client: LspClient;
  let diagnostics: Diagnostic[];
  const uri = (name: string) => fileUri(join(ws, name));

  before(async () => {
    ensureBuilt('dist/server.cjs');
    ws = mkdtempSync(join(tmpdir(), 'plsql-perf-details-'));
    cpSync(join(repoRoot, 'test/fixtures/lsp/ws'), ws, { recursive: true });
    ({ client, diagnostics } = await start(ws, { clientCommands }));
  });
  after(async () => {
    assert.equal(await client.close(), 0);
    rmSync(ws, { recursive: true, force: true });
  });

  test('rule links run the command that renders the page (Problems panel code link and hover)', async () => {
    assert.equal(diagnostics[0]!.code, 'standalone-call-in-loop');
    assert.deepEqual(diagnostics[0]!.codeDescription, { href: docCommand('standalone-call-in-loop') });
    const hover = (await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: uri('orders.pkb') }, position: { line: 7, character: 28 },
    })) as { contents: { value: string } };
    assert.ok(hover.contents.value.includes(`[Rule documentation](${docCommand('standalone-call-in-loop')})`), hover.contents.value);
    assert.ok(!hover.contents.value.includes('file:'), 'no link to the raw .md file');
  });

  test('the hover does not repeat the diagnostic\'s message', async () => {
    const hover = (await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: uri('orders.pkb') }, position: { line: 7, character: 28 },
    })) as { contents: { value: string } };
    const message = diagnostics[0]!.message;
    assert.equal(hover.contents.value.split(message.slice(0, 40)).length - 1, 0, 'the message is the diagnostic\'s, shown by the editor');
    assert.match(hover.contents.value, /^\*\*standalone-call-in-loop\*\* \(error\): A call inside a loop to a schema-level standalone/);
    assert.match(hover.contents.value, /Runs inside a loop of about 100,000 iterations \(loop on line 7\)\./);
  });

  test('"Disable for this line" is a snippet with the reason as the placeholder; the documentation action renders the page', async () => {
    const actions = (await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: uri('orders.pkb') }, range: diagnostics[0]!.range, context: { diagnostics: [diagnostics[0]] },
    })) as { title: string; edit?: unknown; command?: { command: string; arguments: unknown[] } }[];
    const disable = actions.find((a) => a.title === 'Disable standalone-call-in-loop for this line')!;
    assert.equal(disable.edit, undefined);
    assert.deepEqual(disable.command, {
      title: 'Disable standalone-call-in-loop for this line', command: 'plsqlPerf.insertSnippet',
      arguments: [uri('orders.pkb'), 7, '      -- plsql-perf-disable-next-line standalone-call-in-loop -- ${1:reason}\n'],
    });
    const docs = actions.find((a) => a.title === 'Open documentation for standalone-call-in-loop')!;
    assert.deepEqual(docs.command, { title: 'Open documentation for standalone-call-in-loop', command: 'plsqlPerf.showRuleDocumentation', arguments: ['standalone-call-in-loop'] });
  });

  test('"Disable" for a finding on a line inside a string: the enable as the edit, the disable as the snippet above the statement', async () => {
    const text = "CREATE OR REPLACE PROCEDURE run_profiled IS\n  l_block VARCHAR2(4000);\nBEGIN\n  l_block := q'[\n" +
      "    begin execute immediate 'alter session set statistics_level=all'; end;]';\n  EXECUTE IMMEDIATE l_block;\nEND run_profiled;\n/\n";
    const actions = await firstFindingActions(client, ws, 'run_profiled.prc', text, 'plan-statistics-in-code', 4);
    const title = 'Disable plan-statistics-in-code for lines 4-5 (the line starts inside a string or comment)';
    const disable = actions.find((a) => a.title === title)!;
    assert.ok(disable, actions.map((a) => a.title).join(', '));
    assert.deepEqual(disable.edit, { changes: { [uri('run_profiled.prc')]: [
      { range: { start: { line: 5, character: 0 }, end: { line: 5, character: 0 } }, newText: '  -- plsql-perf-enable plan-statistics-in-code\n' },
    ] } });
    assert.deepEqual(disable.command, {
      title, command: 'plsqlPerf.insertSnippet',
      arguments: [uri('run_profiled.prc'), 3, '  -- plsql-perf-disable plan-statistics-in-code -- ${1:reason}\n'],
    });
  });

  test('FETCH ... BULK COLLECT without LIMIT: advice in the hover, no LIMIT edit (it would drop every row after the first batch)', async () => {
    const text = 'CREATE OR REPLACE PROCEDURE load_events IS\n  CURSOR c_events IS SELECT * FROM events;\n  TYPE t_events IS TABLE OF c_events%ROWTYPE;\n' +
      '  l_events t_events;\nBEGIN\n  OPEN c_events;\n  FETCH c_events BULK COLLECT INTO l_events;\n  CLOSE c_events;\nEND load_events;\n/\n';
    const actions = await firstFindingActions(client, ws, 'loader.prc', text, 'bulk-collect-without-limit', 6);
    assert.deepEqual(actions.map((a) => a.title), ['Disable bulk-collect-without-limit for this line', 'Open documentation for bulk-collect-without-limit']);
    assert.ok(actions.every((a) => a.edit === undefined), 'no edit but the suppression snippet (a command)');
    const hover = (await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: uri('loader.prc') }, position: { line: 6, character: 3 },
    })) as { contents: { value: string } };
    assert.match(hover.contents.value, /What to do: Fetch in a loop with LIMIT \(100 to 1000 rows\), process each batch inside the loop, and exit when a fetch returns no rows\./);
  });

  test('the outline: Method and Function kinds, signatures as detail', async () => {
    const symbols = (await client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: uri('orders.pkb') } })) as
      { name: string; kind: number; detail: string; children: { name: string; kind: number; detail: string }[] }[];
    assert.deepEqual(symbols.map((s) => [s.name, s.kind, s.detail, s.children.map((c) => [c.name, c.kind, c.detail])]), [
      ['ORDERS_API', 4, 'package body', [['C_ORDERS', 13, 'cursor'], ['DOUBLE_ALL', 6, '()'], ['LOG_TOTAL', 6, '(P_TOTAL IN NUMBER)']]],
    ]);
    client.open(uri('by2.fnc'), readText(join(ws, 'by2.fnc')));
    const standalone = (await client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: uri('by2.fnc') } })) as
      { name: string; kind: number; detail: string }[];
    assert.deepEqual(standalone.map((s) => [s.name, s.kind, s.detail]), [['BY2', 12, '(P_VALUE IN NUMBER) RETURN NUMBER']]);
  });

  test('loop-heat hints after END LOOP by default, not on the header that shows the bound', async () => {
    const hints = (await client.connection.sendRequest('textDocument/inlayHint', {
      textDocument: { uri: uri('orders.pkb') }, range: { start: { line: 0, character: 0 }, end: { line: 17, character: 0 } },
    })) as { position: { line: number; character: number }; label: string }[];
    // line 9 (0-based 8): "    END LOOP;"
    assert.deepEqual(hints.map((h) => [h.position, h.label]), [[{ line: 8, character: 13 }, '≈100,000 iterations']]);
  });
});

describe('loop-heat hints placed after the calls inside a hot loop (inlayHints.placement "calls"), and a client without commands', () => {
  test('the call in the loop gets the count; a client with no commands gets file links and a plain edit', async () => {
    ensureBuilt('dist/server.cjs');
    const ws = mkdtempSync(join(tmpdir(), 'plsql-perf-details-'));
    cpSync(join(repoRoot, 'test/fixtures/lsp/ws'), ws, { recursive: true });
    const { client, diagnostics } = await start(ws, { settings: { inlayHints: { placement: 'calls' } } });
    try {
      const uri = fileUri(join(ws, 'orders.pkb'));
      const hints = (await client.connection.sendRequest('textDocument/inlayHint', {
        textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 17, character: 0 } },
      })) as { position: { line: number; character: number }; label: string; tooltip: string }[];
      // line 8: "      l_total := l_total + by2(i);": after "by2(i)"
      assert.deepEqual(hints.map((h) => [h.position, h.label, h.tooltip]), [[{ line: 7, character: 33 }, '≈100,000×', 'BY2 runs inside a loop of about 100,000 iterations']]);
      assert.equal(diagnostics[0]!.codeDescription?.href, fileUri(join(repoRoot, 'docs/rules/standalone-call-in-loop.md')));
      const actions = (await client.connection.sendRequest('textDocument/codeAction', {
        textDocument: { uri }, range: diagnostics[0]!.range, context: { diagnostics: [diagnostics[0]] },
      })) as { title: string; edit?: { changes: Record<string, { newText: string }[]> } }[];
      const disable = actions.find((a) => a.title.startsWith('Disable'))!;
      assert.equal(disable.edit!.changes[uri]![0]!.newText, '      -- plsql-perf-disable-next-line standalone-call-in-loop -- <reason>\n');
    } finally {
      assert.equal(await client.close(), 0);
      rmSync(ws, { recursive: true, force: true });
    }
  });
});

describe('a fix that can change behaviour is a rewrite to review, not a quick fix', () => {
  test('missing-nocopy\'s NOCOPY edit: refactor.rewrite, not preferred, left out when only quick fixes are asked for', async () => {
    ensureBuilt('dist/server.cjs');
    const ws = mkdtempSync(join(tmpdir(), 'plsql-perf-details-'));
    cpSync(join(repoRoot, 'test/fixtures/lsp/ws'), ws, { recursive: true });
    const { client } = await start(ws, { clientCommands, settings: { rules: { 'missing-nocopy': 'info' } } });
    try {
      const text = 'CREATE OR REPLACE PROCEDURE fill(p_ids IN OUT sys.odcinumberlist, p_doc IN OUT CLOB) IS\nBEGIN\n  p_ids.extend;\nEND fill;\n/\n';
      const nocopy = (await openNew(client, ws, 'fill.prc', text)).find((d) => d.code === 'missing-nocopy')!;
      assert.ok(nocopy, 'the preview rule reports the CLOB parameter');
      const ask = (only?: string[]) => actionsFor(client, ws, 'fill.prc', nocopy, only);
      const all = await ask();
      const rewrite = all.find((a) => a.title.startsWith('Pass P_DOC by reference'))!;
      assert.deepEqual([rewrite.title, rewrite.kind, rewrite.isPreferred], ['Pass P_DOC by reference (IN OUT NOCOPY): review first, this can change behaviour', 'refactor.rewrite', false]);
      assert.ok(rewrite.edit, 'still applicable, by choice');
      const quickFixes = await ask(['quickfix']);
      assert.deepEqual(quickFixes.map((a) => [a.title, a.kind]), [['Disable missing-nocopy for this line', 'quickfix']]);
    } finally {
      assert.equal(await client.close(), 0);
      rmSync(ws, { recursive: true, force: true });
    }
  });
});
