/**
 * A broken `.plsqlperf.json` over a real LSP client on stdio: diagnostics in the file (line, column, JSON
 * pointer in the message), one warning message with "Open file" that opens it, the last valid configuration
 * kept in use until the file is fixed, and unknown rule ids as warnings while the rest of the file applies.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DidChangeWatchedFilesNotification, FileChangeType, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node.js';
import { ensureBuilt, repoRoot } from '../cli/buildOnce.ts';
import { fileUri, readText, startClient, type LspClient } from './lspClient.ts';

const server = ['node', join(repoRoot, 'dist/server.cjs'), '--stdio'];

describe('.plsqlperf.json problems are shown in the file and the last valid configuration stays', () => {
  let ws: string;
  let client: LspClient;
  const messages: { type: number; message: string; actions: { title: string }[] }[] = [];
  const shown: { uri: string; selection?: unknown }[] = [];
  const uri = (name: string) => fileUri(join(ws, name));
  const configUri = () => uri('.plsqlperf.json');

  /** Writes the config file and tells the server, as the editor's file watcher does. */
  async function writeConfig(text: string, type: FileChangeType = FileChangeType.Changed): Promise<void> {
    writeFileSync(join(ws, '.plsqlperf.json'), text);
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: configUri(), type }] });
  }
  const configDiagnostics = (accept: (p: PublishDiagnosticsParams) => boolean) => client.nextDiagnostics(configUri(), accept);
  const ordersDiagnostics = () => client.nextDiagnostics(uri('orders.pkb'));

  before(async () => {
    ensureBuilt('dist/server.cjs');
    ws = mkdtempSync(join(tmpdir(), 'plsql-perf-config-'));
    cpSync(join(repoRoot, 'test/fixtures/lsp/ws'), ws, { recursive: true });
    client = await startClient(server, { rootPath: ws, capabilities: { window: { showDocument: { support: true } } } });
    client.connection.onRequest('window/showMessageRequest', (p: { type: number; message: string; actions: { title: string }[] }) => {
      messages.push(p);
      return p.actions[0];
    });
    client.connection.onRequest('window/showDocument', (p: { uri: string; selection?: unknown }) => {
      shown.push(p);
      return { success: true };
    });
    const first = ordersDiagnostics();
    client.open(uri('orders.pkb'), readText(join(ws, 'orders.pkb')));
    assert.equal((await first).diagnostics.length, 1, 'orders.pkb has its standalone-call-in-loop finding');
  });
  after(async () => {
    assert.equal(await client.close(), 0);
    rmSync(ws, { recursive: true, force: true });
  });

  test('a valid file applies', async () => {
    const off = client.nextDiagnostics(uri('orders.pkb'), (p) => p.diagnostics.length === 0);
    await writeConfig(JSON.stringify({ rules: { 'standalone-call-in-loop': 'off' } }), FileChangeType.Created);
    assert.deepEqual((await off).diagnostics, []);
    assert.equal(messages.length, 0, 'no message for a valid file');
  });

  test('bad JSON: an error at its line and column, one message with "Open file", and the last valid configuration stays', async () => {
    const inFile = configDiagnostics((p) => p.diagnostics.length > 0);
    const orders = ordersDiagnostics();
    await writeConfig('{\n  "rules": {\n    "standalone-call-in-loop": "off",\n  }\n}\n');
    const { diagnostics } = await inFile;
    assert.deepEqual(diagnostics, [{
      range: { start: { line: 3, character: 2 }, end: { line: 3, character: 3 } },
      severity: 1, source: 'plsql-perf', code: 'config',
      message: 'invalid JSON: a property name in double quotes expected (a comma too many?)',
    }]);
    assert.deepEqual((await orders).diagnostics, [], 'the rule stays off: the last valid configuration is in use');
    await waitFor(() => shown.length === 1);
    assert.equal(messages.length, 1, 'one message, however many documents read the file');
    assert.equal(messages[0]!.type, 2, 'a warning');
    assert.deepEqual(messages[0]!.actions, [{ title: 'Open file' }]);
    assert.match(messages[0]!.message, /^plsql-perf: \.plsqlperf\.json has a problem \(line 4: invalid JSON: .*\)\. The last valid configuration is used until it is fixed\.$/);
    assert.deepEqual(shown[0], { uri: configUri(), takeFocus: true, selection: diagnostics[0]!.range });
  });

  test('a bad value: the JSON pointer in the message, on the value', async () => {
    const inFile = configDiagnostics((p) => p.diagnostics.some((d) => d.message.startsWith('/rules/')));
    const orders = ordersDiagnostics();
    await writeConfig('{\n  "rules": { "standalone-call-in-loop": "of" }\n}\n');
    assert.deepEqual((await inFile).diagnostics, [{
      range: { start: { line: 1, character: 40 }, end: { line: 1, character: 44 } },
      severity: 1, source: 'plsql-perf', code: 'config',
      message: '/rules/standalone-call-in-loop: expected one of "off", "on", "error", "warning", "info", got "of"',
    }]);
    assert.deepEqual((await orders).diagnostics, [], 'still the last valid configuration');
    await waitFor(() => messages.length === 2);
  });

  test('an unknown rule id is a warning on its name, and the rest of the file applies', async () => {
    const inFile = configDiagnostics((p) => p.diagnostics.some((d) => d.severity === 2));
    const orders = client.nextDiagnostics(uri('orders.pkb'), (p) => p.diagnostics.length === 1);
    await writeConfig('{\n  "rules": { "no-such-rule": "off", "dml-in-loop": "error" }\n}\n');
    const [warning] = (await inFile).diagnostics;
    assert.deepEqual(warning!.range, { start: { line: 1, character: 13 }, end: { line: 1, character: 27 } });
    assert.match(warning!.message, /^\/rules\/no-such-rule: unknown rule "no-such-rule" \(ignored; known rules: .*standalone-call-in-loop/);
    assert.equal((await orders).diagnostics[0]!.code, 'standalone-call-in-loop', 'the file applies: the rule is on again');
  });

  test('fixed: the diagnostics in the file are cleared', async () => {
    const cleared = configDiagnostics((p) => p.diagnostics.length === 0);
    await writeConfig('{ "rules": { "dml-in-loop": "error" } }\n');
    assert.deepEqual((await cleared).diagnostics, []);
    const count = messages.length;
    await writeConfig('{ "rules": { "dml-in-loop": "warning" } }\n');
    await ordersDiagnostics();
    assert.equal(messages.length, count, 'no message for a valid file');
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}
