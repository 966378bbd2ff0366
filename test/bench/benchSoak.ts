/**
 * Editor soak benchmark: a working day's typing, compressed. A scripted LSP client over stdio opens a workspace
 * with a 7,000-line package body (OM_TAPIGEN.pkb of ../shared/corpus-wide, extended with real subprograms of
 * the corpus's package bodies) and types 2,000 seeded random edits: short inserts, deletes, 50-line pastes,
 * block deletes, a loop pasted in, and an unterminated comment opened and closed at the top; hover, definition
 * and codeAction every 5 edits, documentSymbol every 20, as an editor sends them.
 *
 *   node dist/bench-soak.mjs [--edits N] [--idle S] [--repo DIR]
 *
 * --repo runs another checkout's built server and CLI (DIR/dist/server.cjs, DIR/bin/plsql-perf.mjs): the
 * figures before a change are taken that way, in the same run of the machine.
 *
 * Reported (targets from issue 15): error responses (0); peak server RSS (<= 400 MB); the final version's
 * diagnostics published <= 1,000 ms after the last edit and equal to a fresh `check` of the final text; hover
 * p95 during the burst (<= 50 ms); RSS after the idle time within 50 MB of the RSS after indexing; the load.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node.js';
import { splitPackageBody } from '../../server/src/parser/script/splitPackageBody.ts';
import { fileUri, startClient } from '../lsp/lspClient.ts';
import { corpusRoot, corpusWideRoot, findRepoRoot, loadCorpus } from './corpus.ts';
import { fmtMs, percentile, table } from './stats.ts';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1]! : fallback;
};
const EDITS = Number(arg('--edits', '2000'));
const IDLE_S = Number(arg('--idle', '30'));
const repo = arg('--repo', findRepoRoot());
const BODY_LINES = 7000;

// ---- the workspace: OM_TAPIGEN's spec and body, the body extended to 7,000 lines with real subprograms ----
const source = join(corpusWideRoot(), 'table-api-generator/src');
if (!existsSync(join(source, 'OM_TAPIGEN.pkb'))) throw new Error(`${source}/OM_TAPIGEN.pkb is missing (set PLSQL_PERF_CORPUS_WIDE)`);
const work = mkdtempSync(join(tmpdir(), 'plsql-perf-soak-'));
const ws = join(work, 'ws');
cpSync(source, ws, { recursive: true });
const bodyPath = join(ws, 'OM_TAPIGEN.pkb');
const initialText = extendBody(readFileSync(bodyPath, 'utf8'), BODY_LINES);
writeFileSync(bodyPath, initialText);

function extendBody(text: string, lines: number): string {
  const layout = splitPackageBody(text);
  if (!layout || layout.items.length === 0) throw new Error('OM_TAPIGEN.pkb did not split into items');
  const extra: string[] = [];
  let count = text.split('\n').length;
  for (const file of loadCorpus(corpusRoot())) {
    if (count >= lines) break;
    if (!/\bpackage\s+body\b/i.test(file.text)) continue;
    const fileLayout = splitPackageBody(file.text);
    for (const item of fileLayout?.items ?? []) {
      const code = file.text.slice(item.start, item.end);
      // subprograms only (their declarations do not need types of their own package), one name each
      if (item.kind !== 'declaration' || !/^\s*(procedure|function)\b/i.test(code) || !/\bbegin\b/i.test(code)) continue;
      extra.push(code);
      count += code.split('\n').length + 1;
      if (count >= lines) break;
    }
  }
  const at = layout.items.at(-1)!.end;
  return `${text.slice(0, at)}\n\n${extra.join('\n\n')}${text.slice(at)}`;
}

// ---- the client ----
const rssMb = (pid: number): number => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  } catch {
    return 0;
  }
};
const loadAtStart = loadavg();
const client = await startClient(['node', join(repo, 'dist/server.cjs'), '--stdio'], {
  rootPath: ws,
  capabilities: { window: { workDoneProgress: true }, textDocument: { publishDiagnostics: { relatedInformation: true, versionSupport: true } } },
});
const pid = client.process.pid!;
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 100);
// The workspace is small: indexing may be over before a handler could be registered, so the progress the client
// recorded from the start is what says it ended.
while (!client.progress.some((p) => p.kind === 'end')) await new Promise((resolve) => setTimeout(resolve, 20));
const rssAfterIndex = rssMb(pid);

const uri = fileUri(bodyPath);
const pubs: { at: number; p: PublishDiagnosticsParams }[] = [];
// Every publish for the body, with when it came (a waiter that never accepts sees them all; the client's own
// handler must stay: a second handler would replace it).
void client.nextDiagnostics(uri, (p) => {
  pubs.push({ at: performance.now(), p });
  return false;
});
let text = initialText;
let version = 1;
const opened = client.nextDiagnostics(uri);
client.open(uri, text);
await opened;

let seed = 4242;
const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const randomInt = (n: number) => Math.floor(random() * n);
const lineStarts = () => {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
};
const positionOf = (offset: number) => {
  let line = 0;
  let last = 0;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) { line++; last = i + 1; }
  return { line, character: offset - last };
};
/** Never split a CR LF pair. */
const notInsideCrLf = (o: number) => (o > 0 && text.charCodeAt(o - 1) === 13 && text.charCodeAt(o) === 10 ? o - 1 : o);
function edit(from: number, to: number, insert: string): void {
  from = notInsideCrLf(from);
  to = Math.max(from, notInsideCrLf(to));
  const range = { start: positionOf(from), end: positionOf(to) };
  text = text.slice(0, from) + insert + text.slice(to);
  version++;
  void client.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range, text: insert }] });
}

const errors: string[] = [];
const latencies = new Map<string, number[]>();
const pending: Promise<unknown>[] = [];
function request(method: string, params: unknown): void {
  const sent = performance.now();
  pending.push(client.connection.sendRequest(method, params).then(
    () => {
      const list = latencies.get(method) ?? [];
      list.push(performance.now() - sent);
      latencies.set(method, list);
    },
    (error: { code?: number; message?: string }) => errors.push(`${method}: ${error.code} ${error.message}`),
  ));
}

const CHARS = "abcdefghijklmnopqrstuvwxyz ;()'\n:=,.0123456789_";
const LOOP = '  for i in 1..1000 loop\n    begin select x into y from t where id = i; exception when no_data_found then null; end;\n  end loop;\n';
let commentOpen = false;
const burstStarted = performance.now();
const publishesBefore = pubs.length;
for (let n = 0; n < EDITS; n++) {
  const k = random();
  if (n % 200 === 100 && !commentOpen) {
    edit(0, 0, '/* ');
    commentOpen = true;
  } else if (n % 200 === 130 && commentOpen) {
    if (text.startsWith('/* ')) edit(0, 3, '');
    commentOpen = false;
  } else if (k < 0.35) {
    const o = randomInt(text.length + 1);
    let s = '';
    for (let j = 0, m = 1 + randomInt(5); j < m; j++) s += CHARS[randomInt(CHARS.length)];
    edit(o, o, s);
  } else if (k < 0.6) {
    const o = randomInt(text.length);
    edit(o, Math.min(text.length, o + 1 + randomInt(20)), '');
  } else if (k < 0.7) {
    const starts = lineStarts();
    const from = randomInt(Math.max(1, starts.length - 51));
    const at = starts[randomInt(starts.length)]!;
    edit(at, at, text.slice(starts[from], starts[from + 50] ?? text.length));
  } else if (k < 0.8) {
    const starts = lineStarts();
    const from = randomInt(starts.length - 1);
    edit(starts[from]!, starts[Math.min(starts.length - 1, from + 5 + randomInt(35))]!, '');
  } else {
    const starts = lineStarts();
    const at = starts[randomInt(starts.length)]!;
    edit(at, at, LOOP);
  }
  if (n % 5 === 0) {
    const textDocument = { uri };
    const position = positionOf(randomInt(text.length + 1));
    request('textDocument/hover', { textDocument, position });
    request('textDocument/definition', { textDocument, position: positionOf(randomInt(text.length + 1)) });
    const diagnostics = (pubs.at(-1)?.p.diagnostics ?? []).slice(0, 2);
    request('textDocument/codeAction', { textDocument, range: { start: position, end: position }, context: { diagnostics } });
    if (n % 20 === 0) request('textDocument/documentSymbol', { textDocument });
  }
  // typing pace, with pauses longer than the diagnostics debounce now and then
  if (n % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 30 + randomInt(120)));
}
if (commentOpen && text.startsWith('/* ')) edit(0, 3, '');
const lastEditAt = performance.now();
const burstMs = lastEditAt - burstStarted;
const finalVersion = version;
const finalPublish = await new Promise<{ at: number; p: PublishDiagnosticsParams } | undefined>((resolve) => {
  const poll = setInterval(() => {
    const found = pubs.find((x) => x.p.version === finalVersion && x.at >= lastEditAt);
    if (found || performance.now() - lastEditAt > 60_000) {
      clearInterval(poll);
      resolve(found);
    }
  }, 5);
});
await Promise.all(pending);
const publishesDuringBurst = pubs.filter((x) => x.at <= lastEditAt).length - publishesBefore;
const rssAfterBurst = rssMb(pid);
await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
const rssIdle = rssMb(pid);
clearInterval(sampler);
const lastPublish = pubs.at(-1)!.p;
await client.close();

// ---- a fresh `check` of the final text, in the same workspace ----
writeFileSync(bodyPath, text);
const output = join(work, 'findings.json');
execFileSync('node', [join(repo, 'bin/plsql-perf.mjs'), 'check', '--format', 'json', '--fail-on', 'never', '--output', output, ws], { stdio: 'pipe' });
const checked = JSON.parse(readFileSync(output, 'utf8')) as { findings: { file: string; rule: string; line: number; column: number }[] };
const fromCheck = new Set(checked.findings.filter((f) => f.file.endsWith('OM_TAPIGEN.pkb')).map((f) => `${f.rule}@${f.line}:${f.column}`));
const fromServer = new Set(lastPublish.diagnostics.map((d) => `${d.code}@${d.range.start.line + 1}:${d.range.start.character + 1}`));
const missing = [...fromCheck].filter((x) => !fromServer.has(x));
const extra = [...fromServer].filter((x) => !fromCheck.has(x));
const same = missing.length === 0 && extra.length === 0 && lastPublish.version === finalVersion;
rmSync(work, { recursive: true, force: true });

const p95 = (method: string) => {
  const list = [...(latencies.get(method) ?? [])].sort((a, b) => a - b);
  return list.length ? `${fmtMs(percentile(list, 50))} / ${fmtMs(percentile(list, 95))}` : 'no answers';
};
const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
const ok = (pass: boolean) => (pass ? 'ok' : 'MISSED');
const finalMs = finalPublish ? finalPublish.at - lastEditAt : Number.NaN;
const hovers = [...(latencies.get('textDocument/hover') ?? [])].sort((a, b) => a - b);
const hoverP95 = hovers.length ? percentile(hovers, 95) : Number.NaN;
console.log(`\n## editor soak: ${EDITS} edits into a ${initialText.split('\n').length}-line package body (${repo === findRepoRoot() ? 'this checkout' : repo})\n`);
console.log(table(['measure', 'value', 'target', ''], [
  ['error responses', String(errors.length) + (errors.length ? ` (${errors.slice(0, 2).join('; ')})` : ''), '0', ok(errors.length === 0)],
  ['server RSS after indexing', `${rssAfterIndex.toFixed(0)} MB`, '', ''],
  ['server RSS peak', `${peakRss.toFixed(0)} MB`, '<= 400 MB', ok(peakRss <= 400)],
  ['server RSS after the burst', `${rssAfterBurst.toFixed(0)} MB`, '', ''],
  [`server RSS after ${IDLE_S} s idle`, `${rssIdle.toFixed(0)} MB (${(rssIdle - rssAfterIndex).toFixed(0)} MB over indexing)`, '<= +50 MB', ok(rssIdle - rssAfterIndex <= 50)],
  ['final diagnostics after the last edit', finalPublish ? fmtMs(finalMs) : 'never (60 s)', '<= 1,000 ms', ok(finalMs <= 1000)],
  ['final diagnostics = fresh check of the final text', same ? `yes (${fromServer.size})` : `no: ${missing.length} missing, ${extra.length} extra, version ${lastPublish.version}/${finalVersion}`, 'yes', ok(same)],
  ['hover p50 / p95 during the burst', p95('textDocument/hover'), 'p95 <= 50 ms', ok(hoverP95 <= 50)],
  ['definition p50 / p95', p95('textDocument/definition'), '', ''],
  ['codeAction p50 / p95', p95('textDocument/codeAction'), '', ''],
  ['documentSymbol p50 / p95', p95('textDocument/documentSymbol'), '', ''],
  ['publishes during the burst', `${publishesDuringBurst} in ${fmtMs(burstMs)}`, '', ''],
  ['load average at start / end (1 5 15 min)', `${load(loadAtStart)} / ${load(loadavg())} on ${cpus().length} cores`, '', ''],
], 'lrll'));
if (!same) console.log(`\nmissing: ${missing.slice(0, 5).join(', ')}\nextra: ${extra.slice(0, 5).join(', ')}`);
process.exit(0);
