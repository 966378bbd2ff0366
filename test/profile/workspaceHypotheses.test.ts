// The profile's hypotheses come from the editor's analysis (the bundled language server with its workspace
// index), not from the document alone: examples/proc_by2.prc calls BY2, a standalone function defined in
// examples/by2.fnc, and only the index knows that. Driven over stdio by a real LSP client, as the extension
// asks it (ProfileHypothesesRequest); the run then puts the card on the right file and line.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chooseBlock, type ProfileTarget } from '../../extension/src/profile/run/blockSelection.ts';
import { ProfileRunner } from '../../extension/src/profile/run/profileRun.ts';
import { findingsForTarget, findingsFromServer, type HypothesesSource } from '../../extension/src/profile/run/staticFindings.ts';
import { ensureBuilt, repoRoot } from '../cli/buildOnce.ts';
import { fileUri, startClient, type LspClient } from '../lsp/lspClient.ts';
import { FakeOracleSession } from './support/fakeOracleSession.ts';

let ws: string;
let client: LspClient;
let server: HypothesesSource;
const procText = readFileSync(join(repoRoot, 'examples/proc_by2.prc'), 'utf8');
/** proc_by2.prc line 6: "    x := by2(i);" inside a loop of 1,000,000 iterations. */
const CALL_LINE = procText.split('\n').findIndex((l) => l.includes('by2(i)')) + 1;

before(async () => {
  ensureBuilt('dist/server.cjs');
  ws = mkdtempSync(join(tmpdir(), 'plsql-perf-hypotheses-'));
  for (const name of ['proc_by2.prc', 'by2.fnc']) cpSync(join(repoRoot, 'examples', name), join(ws, name));
  client = await startClient(['node', join(repoRoot, 'dist/server.cjs'), '--stdio'], { rootPath: ws });
  const indexed = new Promise<void>((resolve) => client.connection.onNotification('plsqlPerf/indexStatus', (s: { state: string }) => s.state === 'ready' && resolve()));
  await indexed;
  server = { sendRequest: (method, params) => client.connection.sendRequest(method, params) };
});
after(async () => {
  assert.equal(await client.close(), 0);
  rmSync(ws, { recursive: true, force: true });
});

function targetAt(text: string, line: number): ProfileTarget {
  const choice = chooseBlock(text, { line, column: 1, endLine: line, endColumn: 1 });
  assert.equal(choice.kind, 'run', JSON.stringify(choice));
  return (choice as Extract<typeof choice, { kind: 'run' }>).target;
}

test('the call block generated for PROC_BY2 gets the hint inside proc_by2.prc, which the index resolved to by2.fnc', async () => {
  // The user's flow: the cursor in the procedure gives a call block in a new (untitled) editor, profiled there.
  // proc_by2.prc is not open: the server reads it from disk (the next test opens it).
  const choice = chooseBlock(procText, { line: 5, column: 1, endLine: 5, endColumn: 1 });
  assert.equal(choice.kind, 'call-block');
  const callBlock = (choice as Extract<typeof choice, { kind: 'call-block' }>).callBlock;
  const uri = 'untitled:Untitled-1';
  client.open(uri, callBlock, 1);
  const target = targetAt(callBlock, callBlock.split('\n').findIndex((l) => /proc_by2/i.test(l) && !l.startsWith('--')) + 1);
  assert.equal(target.subprogram?.toUpperCase(), 'PROC_BY2');

  const found = await findingsFromServer(server, uri, 1, target);
  assert.ok(found, 'the server answered for version 1');
  const hint = found.findings.find((f) => f.rule === 'standalone-call-in-loop');
  assert.ok(hint, JSON.stringify(found.findings));
  assert.equal(hint.file, 'proc_by2.prc');
  assert.equal(hint.line, CALL_LINE);
  assert.equal(hint.code?.toUpperCase(), 'BY2');
  assert.match(hint.message, /BY2 is a standalone function \(by2\.fnc line 2\)/);
  assert.equal(hint.loop?.iterations, 1_000_000);
  assert.deepEqual(found.units.find((u) => u.name === 'PROC_BY2'), { name: 'PROC_BY2', startLine: 2, endLine: 8, file: 'proc_by2.prc' });
  // An older version of the document is not answered with this one's findings.
  assert.equal(await findingsFromServer(server, uri, 7, target), undefined);

  // The run: the card names proc_by2.prc line 6; HPROF's PROC_BY2 lines land in proc_by2.prc.
  const db = new FakeOracleSession({
    spid: '4242',
    hprofRows: {
      run: { TOTAL_ELAPSED_TIME: 900000 },
      functions: [
        { SYMBOLID: 1, OWNER: '', MODULE: '', TYPE: '', FUNCTION: '__anonymous_block', LINE: 0, NAMESPACE: 'PLSQL', SQL_ID: null, CALLS: 1, FUNCTION_ELAPSED_TIME: 20, SUBTREE_ELAPSED_TIME: 900000 },
        { SYMBOLID: 2, OWNER: 'APP', MODULE: 'PROC_BY2', TYPE: 'PROCEDURE', FUNCTION: 'PROC_BY2', LINE: 1, NAMESPACE: 'PLSQL', SQL_ID: null, CALLS: 1, FUNCTION_ELAPSED_TIME: 400000, SUBTREE_ELAPSED_TIME: 899980 },
        { SYMBOLID: 3, OWNER: 'APP', MODULE: 'BY2', TYPE: 'FUNCTION', FUNCTION: 'BY2', LINE: 1, NAMESPACE: 'PLSQL', SQL_ID: null, CALLS: 1000000, FUNCTION_ELAPSED_TIME: 499980, SUBTREE_ELAPSED_TIME: 499980 },
      ],
      edges: [],
    },
  });
  const doc = await new ProfileRunner({
    target, options: { twoRuns: false, hprof: true, probe: false, transaction: 'rollback', callTimeoutMs: 60000 }, user: 'app',
    staticFindings: found.findings, units: found.units, toolVersion: '0.1.0',
  }, { db }).run();
  const card = doc.cards.find((c) => c.hypothesis.rule === 'standalone-call-in-loop');
  assert.ok(card);
  assert.equal(card.hypothesis.file, 'proc_by2.prc');
  assert.equal(card.hypothesis.line, CALL_LINE);
  assert.equal(card.id, `standalone-call-in-loop:proc_by2.prc:${CALL_LINE}`);
  assert.ok(card.measurements.some((m) => m.label === 'HPROF calls of BY2' && m.value === 1_000_000), JSON.stringify(card.measurements));
  const proc = doc.runs[0]!.hprof!.subprograms.find((s) => s.function === 'PROC_BY2')!;
  assert.deepEqual([proc.file, proc.fileLine], ['proc_by2.prc', 2]);
});

test('lines of proc_by2.prc: the server (with the index) has the BY2 hint; the document alone does not', async () => {
  assert.equal(CALL_LINE, 6);
  const lines = { startLine: 2, endLine: 8, text: procText, kind: 'anonymous-block', executedText: procText } as unknown as ProfileTarget;
  const alone = findingsForTarget(procText, lines, 'proc_by2.prc');
  assert.deepEqual(alone.findings.filter((f) => f.rule === 'standalone-call-in-loop'), []);

  const uri = fileUri(join(ws, 'proc_by2.prc'));
  client.open(uri, procText, 1);
  const found = await findingsFromServer(server, uri, 1, lines);
  assert.ok(found);
  const hint = found.findings.find((f) => f.rule === 'standalone-call-in-loop');
  assert.ok(hint, JSON.stringify(found.findings));
  assert.equal(hint.line, CALL_LINE);
  assert.equal(hint.file, undefined, 'a finding of the profiled file carries no file of its own');
});
