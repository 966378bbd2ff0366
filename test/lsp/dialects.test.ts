/**
 * The language server keeps `.sql` scripts of other databases silent (plsqlPerf.sqlFiles): a PostgreSQL, T-SQL
 * or MySQL script gets empty diagnostics and no "Profile this block" lens, an Oracle `.sql` script gets both,
 * and so does a document opened as `sql` (VS Code's own language id for .sql) when it is Oracle.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DidOpenTextDocumentNotification } from 'vscode-languageserver-protocol/node.js';
import { ensureBuilt, repoRoot } from '../cli/buildOnce.ts';
import { fileUri, startClient, type LspClient } from './lspClient.ts';

const server = ['node', join(repoRoot, 'dist/server.cjs'), '--stdio'];
const ORACLE = 'BEGIN\n  FOR r IN (SELECT id FROM orders) LOOP\n    UPDATE orders SET done = 1 WHERE id = r.id;\n  END LOOP;\nEND;\n/\n';
let ws: string;

before(() => {
  ensureBuilt('dist/server.cjs');
  ws = mkdtempSync(join(tmpdir(), 'plsql-perf-dialect-lsp-'));
  cpSync(join(repoRoot, 'test/fixtures/dialects'), ws, { recursive: true });
  writeFileSync(join(ws, 'oracle-loop.sql'), ORACLE);
});
after(() => rmSync(ws, { recursive: true, force: true }));

function open(client: LspClient, name: string, languageId: string, text: string): string {
  const uri = fileUri(join(ws, name));
  void client.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version: 1, text } });
  return uri;
}

const lenses = async (client: LspClient, uri: string) => (await client.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as unknown[];

test('auto: foreign .sql scripts get no diagnostic and no lens; Oracle ones (as plsql or sql) do', async () => {
  const client = await startClient(server, { rootPath: ws });
  try {
    const oracle = client.nextDiagnostics(fileUri(join(ws, 'oracle-loop.sql')));
    const oracleUri = open(client, 'oracle-loop.sql', 'sql', ORACLE);
    assert.ok((await oracle).diagnostics.some((d) => d.code === 'dml-in-loop'));
    assert.equal((await lenses(client, oracleUri)).length, 1);
    for (const name of ['postgresql-functions.sql', 'tsql-procedures.sql', 'mysql-procedures.sql']) {
      const published = client.nextDiagnostics(fileUri(join(ws, name)));
      const uri = open(client, name, name.startsWith('mysql') ? 'plsql' : 'sql', readFileSync(join(ws, name), 'utf8'));
      assert.deepEqual((await published).diagnostics, [], name);
      assert.deepEqual(await lenses(client, uri), [], name);
    }
    // An untitled document opened as `sql` is dialect-checked too.
    const untitled = 'untitled:Untitled-1';
    const published = client.nextDiagnostics(untitled);
    void client.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: untitled, languageId: 'sql', version: 1, text: 'SELECT TOP 5 * FROM dbo.Orders\nGO\n' } });
    assert.deepEqual((await published).diagnostics, []);
  } finally {
    await client.close();
  }
});

test('always: a PostgreSQL script is checked as PL/SQL (and shows its syntax errors); never: an Oracle .sql is silent', async () => {
  const always = await startClient(server, { rootPath: ws, initializationOptions: { settings: { sqlFiles: 'always' } } });
  try {
    const published = always.nextDiagnostics(fileUri(join(ws, 'tsql-procedures.sql')));
    open(always, 'tsql-procedures.sql', 'sql', readFileSync(join(ws, 'tsql-procedures.sql'), 'utf8'));
    assert.ok((await published).diagnostics.some((d) => d.code === 'syntax-error'));
  } finally {
    await always.close();
  }
  const never = await startClient(server, { rootPath: ws, initializationOptions: { settings: { sqlFiles: 'never' } } });
  try {
    const published = never.nextDiagnostics(fileUri(join(ws, 'oracle-loop.sql')));
    open(never, 'oracle-loop.sql', 'plsql', ORACLE);
    assert.deepEqual((await published).diagnostics, []);
    // Oracle extensions are never affected.
    const pkb = never.nextDiagnostics(fileUri(join(ws, 'loop.pkb')));
    open(never, 'loop.pkb', 'plsql', ORACLE);
    assert.ok((await pkb).diagnostics.some((d) => d.code === 'dml-in-loop'));
  } finally {
    await never.close();
  }
});

test('settings: one setting per rule (plsqlPerf.rule.<id>) wins over the old plsqlPerf.rules object, which is still read; syntax-error can be turned off', async () => {
  const { mergeSettings, defaultSettings } = await import('../../server/src/lsp/settings.ts');
  const merged = mergeSettings(defaultSettings, {
    rules: { 'dml-in-loop': 'error', 'commit-in-loop': 'info' },
    rule: { 'dml-in-loop': 'off', 'commit-in-loop': 'default', 'syntax-error': 'off', 'select-into-in-loop': 'loud' },
  } as never);
  assert.deepEqual(merged.rules, { 'dml-in-loop': 'off', 'commit-in-loop': 'info', 'syntax-error': 'off' });
  // Over the protocol: a T-SQL script checked anyway (sqlFiles always) with syntax-error off shows nothing.
  const client = await startClient(server, { rootPath: ws, initializationOptions: { settings: { sqlFiles: 'always', rule: { 'syntax-error': 'off' } } } });
  try {
    const published = client.nextDiagnostics(fileUri(join(ws, 'tsql-procedures.sql')));
    open(client, 'tsql-procedures.sql', 'sql', readFileSync(join(ws, 'tsql-procedures.sql'), 'utf8'));
    assert.deepEqual((await published).diagnostics.filter((d) => d.code === 'syntax-error'), []);
  } finally {
    await client.close();
  }
});

test('Check workspace and the workspace index leave foreign .sql scripts out, as the editor does', async () => {
  const client = await startClient(server, { rootPath: ws, capabilities: { window: { workDoneProgress: true } } });
  try {
    // Indexing ends with $/progress 'end' (recorded by the client from the start) and indexStatus 'ready'.
    await new Promise<void>((resolve) => {
      client.connection.onNotification('plsqlPerf/indexStatus', (s: { state: string }) => s.state === 'ready' && resolve());
      if (client.progress.some((p) => p.kind === 'end')) resolve();
    });
    const result = (await client.connection.sendRequest('plsqlPerf/checkWorkspace', {})) as { files: { uri: string; findings: { rule: string }[] }[]; filesChecked: number };
    const names = result.files.map((f) => f.uri.slice(f.uri.lastIndexOf('/') + 1));
    assert.deepEqual(names.filter((n) => /^(postgresql|tsql|mysql)/.test(n)), []);
    assert.ok(result.files.some((f) => f.uri.endsWith('/oracle-loop.sql') && f.findings.some((x) => x.rule === 'dml-in-loop')));
    // ansi-plain, oracle-anonymous-block, oracle-loop, oracle-tricky.
    assert.equal(result.filesChecked, 4);
    // Nor are they indexed: their functions are not workspace symbols Oracle calls could resolve to.
    const symbols = async (query: string) => ((await client.connection.sendRequest('workspace/symbol', { query })) as { location: { uri: string } }[]).map((s) => s.location.uri.slice(s.location.uri.lastIndexOf('/') + 1));
    assert.deepEqual(await symbols('refresh_invoice_totals'), []);
    assert.deepEqual([...new Set(await symbols('refresh_totals'))], ['oracle-tricky.sql']);
  } finally {
    await client.close();
  }
});
