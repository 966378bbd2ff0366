/**
 * The bundled language server (dist/server.cjs) driven by a real LSP client over stdio: diagnostics with exact
 * ranges, incremental edits and debouncing, pull mode, hover, code actions, navigation across files (also
 * files that are not open), symbols, watched-file changes, and survival of broken input.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DidChangeWatchedFilesNotification, FileChangeType } from 'vscode-languageserver-protocol/node.js';
import { ensureBuilt, repoRoot } from '../cli/buildOnce.ts';
import { fileUri, readText, startClient, type LspClient } from './lspClient.ts';

const fixtures = join(repoRoot, 'test/fixtures/lsp/ws');
const server = ['node', join(repoRoot, 'dist/server.cjs'), '--stdio'];

function copyWorkspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'plsql-perf-lsp-'));
  cpSync(fixtures, dir, { recursive: true });
  return dir;
}

async function indexed(client: LspClient): Promise<void> {
  await new Promise<void>((resolve) => {
    client.connection.onNotification('plsqlPerf/indexStatus', (s: { state: string }) => s.state === 'ready' && resolve());
  });
}

const ruleDoc = (rule: string) => ({ href: fileUri(join(repoRoot, 'docs/rules', `${rule}.md`)) });

// broken.sql: the UPDATE on line 2 has no ';' (the error is at its end, not on the COMMIT below).
const brokenError = {
  range: { start: { line: 1, character: 51 }, end: { line: 1, character: 52 } },
  severity: 1,
  code: 'syntax-error',
  source: 'plsql-perf',
  message: "syntax error: ';' expected after '1'",
  codeDescription: ruleDoc('syntax-error'),
};

/** orders.pkb line 8 calls the standalone function BY2 of by2.fnc in a loop of 100,000 iterations. */
function standaloneCall(ws: string) {
  return {
    range: { start: { line: 7, character: 27 }, end: { line: 7, character: 30 } },
    severity: 1,
    code: 'standalone-call-in-loop',
    source: 'plsql-perf',
    message: 'BY2 is a standalone function (by2.fnc line 1); each call pins it in the library cache, inside a loop of about 100,000 iterations. ' +
      'Put it in a package, or call it once outside the loop.',
    codeDescription: ruleDoc('standalone-call-in-loop'),
    relatedInformation: [
      {
        location: { uri: fileUri(join(ws, 'by2.fnc')), range: { start: { line: 0, character: 27 }, end: { line: 0, character: 30 } } },
        message: 'BY2: a schema-level standalone function defined in by2.fnc line 1',
      },
      {
        location: { uri: fileUri(join(ws, 'orders.pkb')), range: { start: { line: 6, character: 4 }, end: { line: 6, character: 24 } } },
        message: 'the loop: inside a loop of about 100,000 iterations',
      },
    ],
  };
}

describe('language server over stdio (push diagnostics)', () => {
  let ws: string;
  let client: LspClient;
  let ready: Promise<void>;
  const uri = (name: string) => fileUri(join(ws, name));

  before(async () => {
    ensureBuilt('dist/server.cjs');
    ws = copyWorkspace();
    client = await startClient(server, { rootPath: ws, capabilities: { window: { workDoneProgress: true } } });
    ready = indexed(client);
  });
  after(async () => {
    assert.equal(await client.close(), 0, 'the server exits with 0 after shutdown/exit');
    rmSync(ws, { recursive: true, force: true });
  });

  test('the workspace is indexed in the background with $/progress', async () => {
    await ready;
    assert.equal(client.progress[0]?.kind, 'begin');
    assert.equal(client.progress[0]?.title, 'PL/SQL Perf: indexing');
    assert.equal(client.progress.at(-1)?.kind, 'end');
  });

  test('two files: diagnostics with exact ranges, code, source, rule link, related places in another file', async () => {
    await ready;
    const broken = client.nextDiagnostics(uri('broken.sql'));
    const orders = client.nextDiagnostics(uri('orders.pkb'));
    client.open(uri('broken.sql'), readText(join(ws, 'broken.sql')));
    client.open(uri('orders.pkb'), readText(join(ws, 'orders.pkb')));
    assert.deepEqual((await broken).diagnostics, [brokenError]);
    assert.deepEqual((await orders).diagnostics, [standaloneCall(ws)]);
  });

  test('an edit to the loop bound re-analyses: a cold loop lowers the severity', async () => {
    const cooler = client.nextDiagnostics(uri('orders.pkb'), (p) => p.version === 2);
    // Line 7 (0-based 6) is "    FOR i IN 1 .. 100000 LOOP".
    await client.change(uri('orders.pkb'), 2, 6, 18, 24, '10');
    const diagnostics = (await cooler).diagnostics;
    assert.deepEqual(diagnostics.map((d) => [d.code, d.severity, d.range.start]), [['standalone-call-in-loop', 3, { line: 7, character: 27 }]]);
    assert.match(diagnostics[0]!.message, /inside a loop of about 10 iterations/);
    const back = client.nextDiagnostics(uri('orders.pkb'), (p) => p.version === 3);
    await client.change(uri('orders.pkb'), 3, 6, 18, 20, '100000');
    assert.deepEqual((await back).diagnostics, [standaloneCall(ws)]);
  });

  test('an incremental edit gets updated diagnostics; a burst of edits publishes once, for the last version', async () => {
    const fixed = client.nextDiagnostics(uri('broken.sql'), (p) => p.version === 2);
    // Line 2 (0-based 1) is "  UPDATE orders SET amount = amount * 2 WHERE id = 1": add the missing ';'.
    await client.change(uri('broken.sql'), 2, 1, 52, 52, ';');
    assert.deepEqual((await fixed).diagnostics, []);

    const before = client.published.length;
    const last = client.nextDiagnostics(uri('broken.sql'), (p) => p.version === 7);
    // Type a space after BEGIN and remove it again, twice; version 7 puts "xx" before COMMIT: a new error.
    for (let version = 3; version < 7; version++) await client.change(uri('broken.sql'), version, 0, 5, version % 2 ? 5 : 6, version % 2 ? ' ' : '');
    await client.change(uri('broken.sql'), 7, 2, 2, 2, 'xx ');
    const final = await last;
    assert.deepEqual(final.diagnostics.map((d) => [d.code, d.range, d.message]), [
      ['syntax-error', { start: { line: 2, character: 5 }, end: { line: 2, character: 11 } }, "syntax error: unexpected 'COMMIT'"],
    ]);
    const burst = client.published.slice(before).filter((p) => p.uri === uri('broken.sql')).map((p) => p.version);
    assert.deepEqual(burst, [7], 'only the last version of the burst was published');
  });

  test('go to definition and references across files, including files that are not open', async () => {
    await ready;
    // orders.pkb line 8: "      l_total := l_total + by2(i);" -> by2.fnc, which is not open.
    const definition = await client.connection.sendRequest('textDocument/definition', {
      textDocument: { uri: uri('orders.pkb') }, position: { line: 7, character: 28 },
    });
    assert.deepEqual(definition, [{ uri: uri('by2.fnc'), range: { start: { line: 0, character: 27 }, end: { line: 0, character: 30 } } }]);

    // An unqualified call to a member of the same package body.
    const member = await client.connection.sendRequest('textDocument/definition', {
      textDocument: { uri: uri('orders.pkb') }, position: { line: 9, character: 6 },
    });
    assert.deepEqual(member, [{ uri: uri('orders.pkb'), range: { start: { line: 12, character: 12 }, end: { line: 12, character: 21 } } }]);

    const refs = await client.connection.sendRequest('textDocument/references', {
      textDocument: { uri: uri('orders.pkb') }, position: { line: 7, character: 28 }, context: { includeDeclaration: true },
    });
    assert.deepEqual(refs, [
      { uri: uri('by2.fnc'), range: { start: { line: 0, character: 27 }, end: { line: 0, character: 30 } } },
      { uri: uri('orders.pkb'), range: { start: { line: 7, character: 27 }, end: { line: 7, character: 30 } } },
    ]);
  });

  test('hover on a finding explains the rule and the loop; on a call, how it resolved and where it is defined', async () => {
    const hover = (await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: uri('orders.pkb') }, position: { line: 7, character: 28 },
    })) as { contents: { value: string } };
    const [finding, call] = hover.contents.value.split('\n\n---\n\n');
    assert.match(finding!, /^\*\*standalone-call-in-loop\*\* \(error\): A call inside a loop to a schema-level standalone/);
    assert.ok(!finding!.includes('BY2 is a standalone function'), 'the diagnostic message is not repeated (the editor shows it in the same hover)');
    assert.match(finding!, /Runs inside a loop of about 100,000 iterations \(loop on line 7\)\./);
    assert.match(finding!, /What to do: Move the function into a package/);
    assert.ok(finding!.includes(`[Rule documentation](${ruleDoc('standalone-call-in-loop').href})`));
    assert.equal(call, '`BY2`: a schema-level standalone function defined in by2.fnc line 1; runs inside a loop of about 100,000 iterations');
    const onOracle = (await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: uri('orders.pkb') }, position: { line: 14, character: 10 },
    })) as { contents: { value: string } };
    assert.equal(onOracle.contents.value, '`DBMS_OUTPUT.PUT_LINE`: Oracle-supplied (STANDARD built-in or supplied package)');
    const nothing = await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: uri('orders.pkb') }, position: { line: 5, character: 0 },
    });
    assert.equal(nothing, null);
  });

  test('code actions: the rule\'s fix, "disable for this line" and the rule documentation', async () => {
    const stats = client.nextDiagnostics(uri('order_stats.prc'));
    client.open(uri('order_stats.prc'), readText(join(ws, 'order_stats.prc')));
    const [hint] = (await stats).diagnostics;
    assert.equal(hint?.code, 'plan-statistics-in-code');
    const fixes = (await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: uri('order_stats.prc') }, range: hint!.range, context: { diagnostics: [hint] },
    })) as { title: string; isPreferred?: boolean; edit?: { changes: Record<string, unknown[]> }; command?: { command: string; arguments: unknown[] } }[];
    assert.deepEqual(fixes.map((a) => a.title), [
      'Remove the gather_plan_statistics hint', 'Disable plan-statistics-in-code for this line', 'Open documentation for plan-statistics-in-code',
    ]);
    assert.equal(fixes[0]!.isPreferred, true, 'a safe fix is the preferred action');
    // Line 4: "  SELECT /*+ gather_plan_statistics */ SUM(amount) INTO l_total FROM orders;"
    assert.deepEqual(fixes[0]!.edit!.changes[uri('order_stats.prc')], [
      { range: { start: { line: 3, character: 9 }, end: { line: 3, character: 39 } }, newText: '' },
    ]);
    assert.deepEqual(fixes[1]!.edit!.changes[uri('order_stats.prc')], [{
      range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } },
      newText: '  -- plsql-perf-disable-next-line plan-statistics-in-code -- <reason>\n',
    }]);
    assert.deepEqual(fixes[2]!.command, {
      title: 'Open documentation for plan-statistics-in-code', command: 'plsqlPerf.server.openRuleDocumentation',
      arguments: ['plan-statistics-in-code', ruleDoc('plan-statistics-in-code').href],
    });

    const diagnostic = standaloneCall(ws);
    const actions = (await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: uri('orders.pkb') }, range: diagnostic.range, context: { diagnostics: [diagnostic] },
    })) as { title: string; edit?: { changes: Record<string, unknown[]> } }[];
    const disable = actions.find((a) => a.title === 'Disable standalone-call-in-loop for this line');
    assert.ok(disable, `actions: ${actions.map((a) => a.title).join(', ')}`);
    assert.deepEqual(disable.edit!.changes[uri('orders.pkb')], [{
      range: { start: { line: 7, character: 0 }, end: { line: 7, character: 0 } },
      newText: '      -- plsql-perf-disable-next-line standalone-call-in-loop -- <reason>\n',
    }]);
    // Syntax errors are not suppressible: no such action for them.
    const forSyntax = (await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: uri('broken.sql') }, range: brokenError.range, context: { diagnostics: [brokenError] },
    })) as { title: string }[];
    assert.equal(forSyntax.some((a) => a.title.startsWith('Disable')), false);
  });

  test('document symbols and workspace symbols', async () => {
    const symbols = (await client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: uri('orders.pkb') } })) as
      { name: string; detail: string; children: { name: string; detail: string }[] }[];
    assert.deepEqual(symbols.map((s) => [s.name, s.detail, s.children.map((c) => `${c.name}:${c.detail}`)]), [
      ['ORDERS_API', 'package body', ['C_ORDERS:cursor', 'DOUBLE_ALL:()', 'LOG_TOTAL:(P_TOTAL IN NUMBER)']],
    ]);
    const found = (await client.connection.sendRequest('workspace/symbol', { query: 'by2' })) as { name: string; location: { uri: string } }[];
    assert.deepEqual(found.map((s) => [s.name, s.location.uri]), [['BY2', uri('by2.fnc')]]);
  });

  test('loop-heat inlay hints after the END LOOP of hot loops', async () => {
    const hints = await client.connection.sendRequest('textDocument/inlayHint', {
      textDocument: { uri: uri('orders.pkb') }, range: { start: { line: 0, character: 0 }, end: { line: 17, character: 0 } },
    });
    assert.deepEqual(hints, [{
      position: { line: 8, character: 13 }, label: '≈100,000 iterations', kind: 2, paddingLeft: true, tooltip: 'the code in the loop of line 7 runs inside a loop of about 100,000 iterations',
    }]);
  });

  test('code lenses offer "Profile this block" on subprograms', async () => {
    const lenses = (await client.connection.sendRequest('textDocument/codeLens', { textDocument: { uri: uri('orders.pkb') } })) as
      { range: { start: { line: number } }; command: { title: string; command: string; arguments: { name: string }[] } }[];
    assert.deepEqual(lenses.map((l) => [l.range.start.line, l.command.title, l.command.command, l.command.arguments[0]!.name]), [
      [3, 'Profile this block', 'plsqlPerf.profileBlock', 'ORDERS_API.DOUBLE_ALL'],
      [12, 'Profile this block', 'plsqlPerf.profileBlock', 'ORDERS_API.LOG_TOTAL'],
    ]);
  });

  test('a new file on disk is indexed from a watched-file event', async () => {
    writeFileSync(join(ws, 'triple.prc'), 'CREATE OR REPLACE PROCEDURE log_triple(p IN NUMBER) IS\nBEGIN\n  NULL;\nEND;\n/\n');
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uri('triple.prc'), type: FileChangeType.Created }] });
    const found = (await client.connection.sendRequest('workspace/symbol', { query: 'log_triple' })) as { name: string }[];
    assert.deepEqual(found.map((s) => s.name), ['LOG_TRIPLE']);
    rmSync(join(ws, 'triple.prc'));
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uri('triple.prc'), type: FileChangeType.Deleted }] });
    assert.deepEqual(await client.connection.sendRequest('workspace/symbol', { query: 'log_triple' }), []);
  });

  test('.plsqlperf.json is honoured and re-read when it changes', async () => {
    const off = client.nextDiagnostics(uri('orders.pkb'), (p) => p.diagnostics.length === 0);
    writeFileSync(join(ws, '.plsqlperf.json'), JSON.stringify({ rules: { 'standalone-call-in-loop': 'off' } }));
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uri('.plsqlperf.json'), type: FileChangeType.Created }] });
    assert.deepEqual((await off).diagnostics, []);
    const back = client.nextDiagnostics(uri('orders.pkb'), (p) => p.diagnostics.length === 1);
    rmSync(join(ws, '.plsqlperf.json'));
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uri('.plsqlperf.json'), type: FileChangeType.Deleted }] });
    assert.deepEqual((await back).diagnostics, [standaloneCall(ws)]);
  });

  test('garbage input does not bring the server down', async () => {
    const garbage = `\u0000\uFFFF${'BEGIN '.repeat(3000)}${"'".repeat(7)}/*\n${'('.repeat(5000)}\n/\nCREATE PACKAGE BODY x AS END;\n`;
    const diags = client.nextDiagnostics(uri('garbage.sql'));
    client.open(uri('garbage.sql'), garbage);
    assert.ok((await diags).diagnostics.length > 0);
    const symbols = await client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: uri('garbage.sql') } });
    assert.ok(Array.isArray(symbols));
    // Requests for documents the client never opened get empty answers, not errors.
    assert.equal(await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: uri('never.sql') }, position: { line: 0, character: 0 } }), null);
  });
});

describe('language server with a client that pulls diagnostics', () => {
  test('declares a diagnostic provider, answers pulls and never pushes', async () => {
    ensureBuilt('dist/server.cjs');
    const ws = copyWorkspace();
    const client = await startClient(server, { rootPath: ws, capabilities: { textDocument: { diagnostic: { dynamicRegistration: false } } } });
    const uri = fileUri(join(ws, 'broken.sql'));
    client.open(uri, readText(join(ws, 'broken.sql')));
    const report = await client.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri } });
    assert.deepEqual(report, { kind: 'full', items: [brokenError] });
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.deepEqual(client.published, [], 'no push diagnostics in pull mode');
    assert.equal(await client.close(), 0);
    rmSync(ws, { recursive: true, force: true });
  });
});

describe('plsql-perf lsp --stdio', () => {
  test('the command line starts the same server', async () => {
    ensureBuilt('dist/cli.mjs');
    const client = await startClient(['node', join(repoRoot, 'bin/plsql-perf.mjs'), 'lsp', '--stdio'], { rootPath: fixtures });
    const uri = fileUri(join(fixtures, 'broken.sql'));
    const diags = client.nextDiagnostics(uri);
    client.open(uri, readText(join(fixtures, 'broken.sql')));
    assert.deepEqual((await diags).diagnostics, [brokenError]);
    assert.equal(await client.close(), 0);
  });
});
