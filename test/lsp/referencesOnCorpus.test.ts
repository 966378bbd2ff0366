/**
 * Go to definition and find references agree on real code, over a real LSP client: for the calls of package
 * bodies, type bodies and subprograms of three projects of ../shared/corpus (alexandria, pljson, utPLSQL), each
 * opened as the workspace, the references asked at a call hold the call and every definition go to definition
 * gives, and the references asked at the definition are the same list. Fixtures show the shapes we thought of;
 * this found the ones application code has: calls to a subprogram nested in another one (no definition, or the
 * package member of the same name), static methods of object types and collection methods of package
 * variables (absent from their own references).
 *
 * ../shared/corpus lives outside the repository: missing, it is skipped (under CI=true it fails instead).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import { ensureBuilt, repoRoot } from '../cli/buildOnce.ts';
import { corpusRoot, listCorpus } from '../bench/corpus.ts';
import { fileUri, startClient } from './lspClient.ts';

interface Location { uri: string; range: { start: { line: number; character: number } } }
const place = (l: Location) => `${l.uri.slice(l.uri.lastIndexOf('/') + 1)}:${l.range.start.line + 1}:${l.range.start.character + 1}`;
/** Files per project and calls per file: enough to meet every kind of call, few enough for CI. */
const FILES = 20;
const CALLS = 80;

/** Files where a difference was found (every call of them is asked): besides the first FILES of each project. */
const FOUND_IN: Record<string, string[]> = {
  alexandria: ['ora/ntlm_http_pkg.pkb'], // a nested GET_RESPONSE_BODY and a package-level one
  pljson: ['src/addons/pljson_table_impl.type.impl.sql'], // pljson_object_cache.pljson_element_cache.exists(...)
  utPLSQL: ['source/api/ut_runner.pkb'], // ut_console_reporter_base.set_color_enabled(...), a static type method
};

const root = corpusRoot();
const skip = existsSync(root) ? false : process.env.CI === 'true' ? false : `no corpus at ${root}`;

for (const project of ['alexandria', 'pljson', 'utPLSQL']) {
  test(`${project}: references at a call hold it and its definitions, and equal the references at the definition`, { skip, timeout: 600_000 }, async () => {
    ensureBuilt('dist/server.cjs');
    const ws = join(root, project);
    const client = await startClient(['node', join(repoRoot, 'dist/server.cjs'), '--stdio'], { rootPath: ws });
    const indexed = new Promise<void>((resolve) => client.connection.onNotification('plsqlPerf/indexStatus', (s: { state: string }) => s.state === 'ready' && resolve()));
    const opened = new Set<string>();
    const open = async (uri: string, text: string) => {
      if (opened.has(uri)) return;
      opened.add(uri);
      const published = client.nextDiagnostics(uri);
      client.open(uri, text);
      await published;
    };
    const problems: string[] = [];
    let asked = 0;
    try {
      await indexed;
      const sample = listCorpus(ws).filter((p) => /(package|type)\s+body|create\s+(or\s+replace\s+)?(procedure|function)/i.test(readFileSync(join(ws, p), 'utf8'))).slice(0, FILES);
      const found = FOUND_IN[project]!;
      for (const path of [...found, ...sample.filter((p) => !found.includes(p))]) {
        const text = readFileSync(join(ws, path), 'utf8');
        const uri = fileUri(join(ws, path));
        await open(uri, text);
        const calls = analyzeText(text).semantics.calls;
        for (const call of found.includes(path) ? calls : calls.slice(0, CALLS)) {
          const position = { line: call.nameRange.line - 1, character: call.nameRange.column - 1 };
          const definitions = (await client.connection.sendRequest('textDocument/definition', { textDocument: { uri }, position })) as Location[];
          if (definitions.length === 0) continue;
          asked++;
          const where = `${path}:${call.nameRange.line}:${call.nameRange.column} ${call.name}`;
          const fromCall = ((await client.connection.sendRequest('textDocument/references', { textDocument: { uri }, position, context: { includeDeclaration: true } })) as Location[]).map(place);
          const self = place({ uri, range: { start: position } });
          if (!fromCall.includes(self)) problems.push(`${where}: its references do not hold the call`);
          for (const d of definitions) if (!fromCall.includes(place(d))) problems.push(`${where}: its references do not hold its definition ${place(d)}`);
          const [first] = definitions;
          await open(first!.uri, readFileSync(new URL(first!.uri), 'utf8'));
          const fromDefinition = ((await client.connection.sendRequest('textDocument/references', { textDocument: { uri: first!.uri }, position: first!.range.start, context: { includeDeclaration: true } })) as Location[]).map(place);
          if (JSON.stringify(fromDefinition) !== JSON.stringify(fromCall)) problems.push(`${where}: the references at ${place(first!)} differ: ${fromDefinition.length} against ${fromCall.length}`);
        }
      }
    } finally {
      assert.equal(await client.close(), 0);
    }
    assert.ok(asked > 100, `${project}: ${asked} calls with a definition`);
    assert.deepEqual(problems, []);
  });
}
