/**
 * The editor while a statement is being typed, through the bundled server and a real LSP client: the syntax
 * error sits at the end of the unfinished statement, the findings of the package's other items stay, every
 * publish carries the version it was computed for, and requests sent between keystrokes neither fail nor hold
 * back the diagnostics of the last version.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, repoRoot } from '../cli/buildOnce.ts';
import { fileUri, startClient, type LspClient } from './lspClient.ts';

const server = ['node', join(repoRoot, 'dist/server.cjs'), '--stdio'];

// Line 4 (0-based 3) is where procedure A's statement is typed; procedure B has a finding on line 10 (0-based 9).
const body = `create or replace package body shop as
  procedure a is
  begin
    null;
  end a;
  procedure b is
    x number;
  begin
    for i in 1 .. 1000 loop
      select 1 into x from dual;
    end loop;
  end b;
end shop;
/
`;

describe('editing a package body item by item', () => {
  let ws: string;
  let client: LspClient;
  let uri: string;

  before(async () => {
    ensureBuilt('dist/server.cjs');
    ws = mkdtempSync(join(tmpdir(), 'plsql-perf-feel-'));
    writeFileSync(join(ws, 'shop.pkb'), body);
    uri = fileUri(join(ws, 'shop.pkb'));
    client = await startClient(server, { rootPath: ws, initializationOptions: { settings: { diagnostics: { debounceMs: 50 } } } });
  });
  after(async () => {
    await client.close();
    rmSync(ws, { recursive: true, force: true });
  });

  test('an UPDATE being typed in A: the error is at its end, B keeps its finding', async () => {
    const opened = client.nextDiagnostics(uri, (p) => p.version === 1);
    client.open(uri, body);
    const first = await opened;
    const finding = first.diagnostics.find((d) => d.code === 'select-into-in-loop');
    assert.equal(finding?.range.start.line, 9, 'B has its finding before the edit');

    const typed = client.nextDiagnostics(uri, (p) => p.version === 2);
    // `null;` becomes `update orders` (no SET yet): the next line is `end a;`.
    await client.change(uri, 2, 3, 4, 9, 'update orders');
    const broken = await typed;
    assert.deepEqual(broken.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character, d.range.end.character]), [
      ['syntax-error', 3, 11, 17],
      ['select-into-in-loop', 9, 6, finding!.range.end.character],
    ]);
    assert.match(broken.diagnostics[0]!.message, /not finished after 'orders': expected 'SET'/);
  });

  test('an IF typed in A without its END IF yet: B keeps its finding', async () => {
    const typed = client.nextDiagnostics(uri, (p) => p.version === 3);
    await client.change(uri, 3, 3, 4, 17, 'if x then');
    const broken = await typed;
    const errorLines = broken.diagnostics.filter((d) => d.code === 'syntax-error').map((d) => d.range.start.line);
    assert.ok(errorLines.length > 0 && errorLines.every((line) => line >= 3 && line <= 4), `the errors are in A (lines ${errorLines.join(', ')})`);
    assert.ok(broken.diagnostics.some((d) => d.code === 'select-into-in-loop' && d.range.start.line === 9), 'B keeps its finding');
    // back to the UPDATE being typed, for the next test
    const back = client.nextDiagnostics(uri, (p) => p.version === 4);
    await client.change(uri, 4, 3, 4, 13, 'update orders');
    await back;
  });

  test('keystrokes with requests in between: no error answers, the last version is published, with its version', async () => {
    let version = 4;
    const line = 'update orders';
    const requests: Promise<unknown>[] = [];
    // type ` set n = 1;` one character at a time after `update orders`, asking what an editor asks
    const rest = ' set n = 1;';
    for (let i = 0; i < rest.length; i++) {
      version++;
      await client.change(uri, version, 3, 4 + line.length + i, 4 + line.length + i, rest[i]!);
      const position = { line: 9, character: 8 };
      requests.push(client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position }));
      requests.push(client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri } }));
      requests.push(client.connection.sendRequest('textDocument/definition', { textDocument: { uri }, position }));
    }
    const final = await client.nextDiagnostics(uri, (p) => p.version === version);
    await Promise.all(requests);
    assert.deepEqual(final.diagnostics.map((d) => [d.code, d.range.start.line]), [['select-into-in-loop', 9]]);
    const versions = client.published.filter((p) => p.uri === uri).map((p) => p.version);
    assert.deepEqual([...versions].sort((a, b) => a! - b!), versions, 'versions only go up');
  });
});
