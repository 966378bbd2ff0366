/**
 * References, document highlights and the call hierarchy over a real LSP client on stdio, by resolution:
 * a standalone function BY2 (by2.fnc) and a package member PRICING.BY2 (pricing.pks/.pkb) are two symbols.
 * Inside PRICING's body an unqualified `by2(1)` is the member, `app.by2(2)` the standalone function (APP is a
 * schema); in caller.prc `by2(3)` is the standalone function, `pricing.by2(4)` the member. Only caller.prc is
 * open: the other files' calls are resolved from disk. nested.prc declares a BY2 of its own inside NESTED_USER,
 * blocky.prc one in a DECLARE block;
 * money_t.tps/.tpb (an object type), counters.pks (a package variable) and wallet.prc (their uses).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, repoRoot } from '../cli/buildOnce.ts';
import { fileUri, startClient, type LspClient } from './lspClient.ts';

const server = ['node', join(repoRoot, 'dist/server.cjs'), '--stdio'];

interface Range { start: { line: number; character: number }; end: { line: number; character: number } }
interface Location { uri: string; range: Range }
interface Item { name: string; kind: number; detail?: string; uri: string; selectionRange: Range; data?: unknown }

describe('references and the call hierarchy by resolution (standalone BY2 vs package member PRICING.BY2)', () => {
  let ws: string;
  let client: LspClient;
  const uri = (name: string) => fileUri(join(ws, name));
  /** The range of `text` on a 1-based line of a file (its first occurrence there). */
  const at = (file: string, line: number, text: string): Location => {
    const lineText = readFileSync(join(ws, file), 'utf8').split('\n')[line - 1]!;
    const character = lineText.indexOf(text);
    assert.ok(character >= 0, `${file}:${line} holds "${text}"`);
    return { uri: uri(file), range: { start: { line: line - 1, character }, end: { line: line - 1, character: character + text.length } } };
  };
  const position = (location: Location) => ({ textDocument: { uri: location.uri }, position: { line: location.range.start.line, character: location.range.start.character + 1 } });
  const opened = new Set<string>();
  /** An editor asks only about open documents: open the one asked about (the others stay on disk). */
  const open = async (file: string) => {
    if (opened.has(file)) return;
    opened.add(file);
    const published = client.nextDiagnostics(uri(file));
    client.open(uri(file), readFileSync(join(ws, file), 'utf8'));
    await published;
  };
  const definition = async (location: Location) => (await open(location.uri.slice(location.uri.lastIndexOf('/') + 1)), client.connection.sendRequest('textDocument/definition', position(location)) as Promise<Location[]>);
  const references = async (location: Location) => (await open(location.uri.slice(location.uri.lastIndexOf('/') + 1)), client.connection.sendRequest('textDocument/references', { ...position(location), context: { includeDeclaration: true } }) as Promise<Location[]>);

  before(async () => {
    ensureBuilt('dist/server.cjs');
    ws = mkdtempSync(join(tmpdir(), 'plsql-perf-refs-'));
    cpSync(join(repoRoot, 'test/fixtures/lsp/refs'), ws, { recursive: true });
    client = await startClient(server, { rootPath: ws });
    const ready = new Promise<void>((resolve) => {
      client.connection.onNotification('plsqlPerf/indexStatus', (s: { state: string }) => s.state === 'ready' && resolve());
    });
    await Promise.all([ready, open('caller.prc')]);
  });
  after(async () => {
    assert.equal(await client.close(), 0);
    rmSync(ws, { recursive: true, force: true });
  });

  test('references of the standalone BY2 list its calls, not the calls that resolve to PRICING.BY2', async () => {
    const expected = [at('by2.fnc', 1, 'by2'), at('caller.prc', 4, 'by2'), at('pricing.pkb', 11, 'app.by2')];
    assert.deepEqual(await references(at('by2.fnc', 1, 'by2')), expected, 'from the definition');
    assert.deepEqual(await references(at('caller.prc', 4, 'by2')), expected, 'from a call');
  });

  test('references of the package member PRICING.BY2 list its calls, not the standalone ones', async () => {
    const expected = [at('pricing.pks', 2, 'by2'), at('pricing.pkb', 2, 'by2'), at('caller.prc', 5, 'pricing.by2'), at('pricing.pkb', 10, 'by2')];
    const sorted = (list: Location[]) => [...list].sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : a.range.start.line - b.range.start.line));
    assert.deepEqual(sorted(await references(at('caller.prc', 5, 'pricing.by2'))), sorted(expected), 'from the qualified call');
    // pricing.pkb is not open: its unqualified call is resolved from disk as the member of its own package
    assert.deepEqual(sorted(await references(at('pricing.pks', 2, 'by2'))), sorted(expected), 'from the declaration in the spec');
    // the unqualified call in its own (open) body carries the member's scope symbol too: still the workspace's symbol
    assert.deepEqual(sorted(await references(at('pricing.pkb', 10, 'by2'))), sorted(expected), 'from the unqualified call in the body');
  });

  test('document highlights: the definition and the calls that resolve to it in this document', async () => {
    await open('pricing.pkb');
    const highlights = (await client.connection.sendRequest('textDocument/documentHighlight', position(at('pricing.pkb', 10, 'by2')))) as { range: Range; kind: number }[];
    assert.deepEqual(highlights, [
      { range: at('pricing.pkb', 2, 'by2').range, kind: 3 },
      { range: at('pricing.pkb', 10, 'by2').range, kind: 2 },
    ]);
    const standalone = (await client.connection.sendRequest('textDocument/documentHighlight', position(at('pricing.pkb', 11, 'app.by2')))) as { range: Range }[];
    assert.deepEqual(standalone.map((h) => h.range), [at('pricing.pkb', 11, 'app.by2').range]);
  });

  test('the call hierarchy: prepare on a call, incoming calls grouped by caller, outgoing calls of a procedure', async () => {
    const [member] = (await client.connection.sendRequest('textDocument/prepareCallHierarchy', position(at('caller.prc', 5, 'pricing.by2')))) as Item[];
    assert.equal(member!.name, 'BY2');
    assert.equal(member!.uri, uri('pricing.pkb'), 'the item is the body, where the code is');
    assert.deepEqual(member!.selectionRange, at('pricing.pkb', 2, 'by2').range);
    const incoming = (await client.connection.sendRequest('callHierarchy/incomingCalls', { item: member })) as { from: Item; fromRanges: Range[] }[];
    assert.deepEqual(incoming.map((c) => [c.from.name, c.from.uri, c.fromRanges]).sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1)), [
      ['CALLER', uri('caller.prc'), [at('caller.prc', 5, 'pricing.by2').range]],
      ['RUN_MEMBER', uri('pricing.pkb'), [at('pricing.pkb', 10, 'by2').range]],
    ]);

    const [standalone] = (await client.connection.sendRequest('textDocument/prepareCallHierarchy', position(at('caller.prc', 4, 'by2')))) as Item[];
    assert.equal(standalone!.uri, uri('by2.fnc'));
    const intoStandalone = (await client.connection.sendRequest('callHierarchy/incomingCalls', { item: standalone })) as { from: Item; fromRanges: Range[] }[];
    assert.deepEqual(intoStandalone.map((c) => [c.from.name, c.fromRanges]).sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1)), [
      ['CALLER', [at('caller.prc', 4, 'by2').range]],
      ['RUN_MEMBER', [at('pricing.pkb', 11, 'app.by2').range]],
    ]);

    const [caller] = (await client.connection.sendRequest('textDocument/prepareCallHierarchy', position(at('caller.prc', 1, 'caller')))) as Item[];
    assert.equal(caller!.name, 'CALLER');
    const outgoing = (await client.connection.sendRequest('callHierarchy/outgoingCalls', { item: caller })) as { to: Item; fromRanges: Range[] }[];
    assert.deepEqual(outgoing.map((c) => [c.to.name, c.to.uri, c.fromRanges]), [
      ['BY2', uri('by2.fnc'), [at('caller.prc', 4, 'by2').range]],
      ['BY2', uri('pricing.pkb'), [at('caller.prc', 5, 'pricing.by2').range]],
      ['RUN_MEMBER', uri('pricing.pkb'), [at('caller.prc', 6, 'pricing.run_member').range]],
    ]);
  });
  test('a subprogram nested in another: definition, references and highlights in its document, not the standalone BY2 of the same name', async () => {
    // nested.prc declares its own BY2 (a forward declaration, then the body) inside NESTED_USER
    const declarations = [at('nested.prc', 8, 'by2'), at('nested.prc', 3, 'by2')];
    const expected = [...declarations, at('nested.prc', 6, 'by2'), at('nested.prc', 13, 'by2')];
    for (const from of [at('nested.prc', 13, 'by2'), at('nested.prc', 6, 'by2'), at('nested.prc', 8, 'by2'), at('nested.prc', 3, 'by2')]) {
      assert.deepEqual(await definition(from), declarations, `definition from line ${from.range.start.line + 1}`);
      assert.deepEqual(await references(from), expected, `references from line ${from.range.start.line + 1}`);
    }
    const highlights = (await client.connection.sendRequest('textDocument/documentHighlight', position(at('nested.prc', 13, 'by2')))) as { range: Range; kind: number }[];
    assert.deepEqual(highlights, [...declarations.map((d) => ({ range: d.range, kind: 3 })), { range: at('nested.prc', 6, 'by2').range, kind: 2 }, { range: at('nested.prc', 13, 'by2').range, kind: 2 }]);
    assert.equal(await client.connection.sendRequest('textDocument/prepareCallHierarchy', position(at('nested.prc', 13, 'by2'))), null, 'no hierarchy item for it (the index does not hold it), not the standalone BY2');
  });

  test('a subprogram declared in a DECLARE block among the statements: its calls, not the standalone BY2', async () => {
    const expected = [at('blocky.prc', 4, 'by2'), at('blocky.prc', 6, 'by2'), at('blocky.prc', 7, 'by2')];
    assert.deepEqual(await definition(at('blocky.prc', 6, 'by2')), [at('blocky.prc', 4, 'by2')]);
    assert.deepEqual(await references(at('blocky.prc', 7, 'by2')), expected);
  });

  test('an object type: its constructor and static method calls are its uses; a static method call is the method\'s', async () => {
    const typeUses = [
      at('money_t.tpb', 1, 'money_t'), at('money_t.tps', 1, 'money_t'),
      at('money_t.tpb', 4, 'money_t'), at('wallet.prc', 4, 'money_t.zero'), at('wallet.prc', 5, 'money_t'),
    ];
    assert.deepEqual(await references(at('money_t.tps', 1, 'money_t')), typeUses, 'from the type');
    // go to definition on `money_t.zero()` lands on the method (body and specification), not the type's header
    const method = [at('money_t.tpb', 2, 'zero'), at('money_t.tps', 3, 'zero')];
    assert.deepEqual(await definition(at('wallet.prc', 4, 'money_t.zero')), method, 'definition of the static method');
    assert.deepEqual(await references(at('wallet.prc', 4, 'money_t.zero')), [...method, at('wallet.prc', 4, 'money_t.zero')], 'from the static method call');
    assert.deepEqual(await references(at('money_t.tps', 3, 'zero')), [...method, at('wallet.prc', 4, 'money_t.zero')], 'from the method in the specification');
    const highlights = (await client.connection.sendRequest('textDocument/documentHighlight', position(at('wallet.prc', 5, 'money_t')))) as { range: Range }[];
    assert.deepEqual(highlights.map((h) => h.range), [at('wallet.prc', 4, 'money_t.zero').range, at('wallet.prc', 5, 'money_t').range]);
    // the call hierarchy of the method: the body's code, called from WALLET
    const [item] = (await client.connection.sendRequest('textDocument/prepareCallHierarchy', position(at('wallet.prc', 4, 'money_t.zero')))) as Item[];
    assert.equal(item!.uri, uri('money_t.tpb'), 'the item is the type body, where the code is');
    const incoming = (await client.connection.sendRequest('callHierarchy/incomingCalls', { item })) as { from: Item; fromRanges: Range[] }[];
    assert.deepEqual(incoming.map((c) => [c.from.name, c.fromRanges]), [['WALLET', [at('wallet.prc', 4, 'money_t.zero').range]]]);
  });

  test('a package variable and a package: the calls that resolve to them or their members', async () => {
    assert.deepEqual(await references(at('counters.pks', 3, 'seen')), [at('counters.pks', 3, 'seen'), at('wallet.prc', 6, 'counters.seen.EXISTS')], 'SEEN.EXISTS(1) is a use of SEEN');
    assert.deepEqual(await references(at('wallet.prc', 6, 'counters.seen.EXISTS')), [at('counters.pks', 3, 'seen'), at('wallet.prc', 6, 'counters.seen.EXISTS')]);
    assert.deepEqual(await references(at('counters.pks', 1, 'counters')), [
      at('counters.pks', 1, 'counters'), at('wallet.prc', 6, 'counters.seen.EXISTS'), at('wallet.prc', 7, 'counters.reset'),
    ], 'every use of a member is a use of the package');
  });
});
