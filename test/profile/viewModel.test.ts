// The pure parts of the profile view: stack trees and sample counts, write-size bins, headline figures, number
// formats, the page shell's escaping, the panel HTML's CSP and the check of messages coming from the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { makeNonce, panelCsp, panelHtml } from '../../extension/src/profile/panelHtml.ts';
import { parsePageMessage } from '../../server/src/profile/contract/panelMessages.ts';
import { formatMs, formatRatio, formatUs, formatWithUnit } from '../../server/src/profile/view/format.ts';
import { jsonForScriptTag, pageShell } from '../../server/src/profile/view/pageShell.ts';
import { profileFacts } from '../../server/src/profile/view/profileFacts.ts';
import { buildFlameTree, nodeAtPath, sampledFunctions } from '../../server/src/profile/view/stacks.ts';
import { dominantBin, writeSizeBins } from '../../server/src/profile/view/writeSizes.ts';
import { exampleDocument, goldenProbeDocument } from './viewFixtures.ts';

const goldenProbe = () => goldenProbeDocument().runs[0]!.probe!;

test('the flame tree adds up the folded stacks along their paths', () => {
  const root = buildFlameTree(goldenProbe().collectors.stacks!.folded);
  assert.equal(root.total, 482);
  const xcal = nodeAtPath(root, ['main', 'ssthrdmain', 'opimai_real', 'opiodr', 'kpoal8', 'opiexe', 'pfrrun', 'pfrrun_no_tool', 'pfrinstr_XCAL'])!;
  assert.equal(xcal.total, 398);
  assert.deepEqual(xcal.children.map((c) => [c.name, c.total, c.self]), [['kgiPinObject', 398, 97]]);
  assert.equal(xcal.children[0]!.children[0]!.self, 301);
  assert.equal(nodeAtPath(root, ['main', 'nothing']), undefined);
  // Widest first.
  const nested = nodeAtPath(root, ['main', 'ssthrdmain', 'opimai_real', 'opiodr', 'kpoal8', 'opiexe', 'pfrrun', 'pfrrun_no_tool'])!;
  assert.deepEqual(nested.children.map((c) => c.name), ['pfrinstr_XCAL', 'kgebse']);
});

test('sampled functions count self on top and total once per sample, also when recursive', () => {
  const golden = sampledFunctions(goldenProbe().collectors.stacks!.folded);
  assert.deepEqual(golden.slice(0, 3).map((f) => [f.name, f.self, f.total]), [['kglpnp', 301, 301], ['kgiPinObject', 97, 398], ['[libc.so.6]', 84, 84]]);
  const recursive = sampledFunctions([{ stack: 'a;b;a', count: 5 }, { stack: 'oracle`a+0x10;c', count: 2 }]);
  assert.deepEqual(recursive.map((f) => [f.name, f.self, f.total]), [['a', 5, 7], ['c', 2, 2], ['b', 0, 5]]);
  assert.equal(buildFlameTree([{ stack: '', count: 3 }, { stack: 'x', count: 0 }]).children.length, 0);
});

test('write sizes become ordered bins; the 4 KB writes dominate the file histogram', () => {
  const [file, socket] = goldenProbe().collectors.syscalls!.writes;
  assert.deepEqual(writeSizeBins(file!).map((b) => [b.min, b.calls, b.exact]), [[4095, 1, true], [4096, 1792, true], [32767, 255, true]]);
  assert.equal(dominantBin(file!)?.min, 4096);
  assert.deepEqual(writeSizeBins(socket!).map((b) => b.label), ['22 B', '48 B', '64 B', '90 B', '120 B', '200 B', '256 B–511 B', '381 B', '700 B', '1 KiB–2 KiB']);
});

test('headline figures come from the runs the document names', () => {
  const f = profileFacts(exampleDocument());
  assert.deepEqual(f.elapsedMs, { value: 2741.3, run: 'timing' });
  assert.deepEqual(f.probedElapsedMs, { value: 4866.2, run: 'probe' });
  assert.deepEqual(f.dbCpuUs, { value: 2698100, run: 'timing' });
  assert.deepEqual(f.waitUs, { value: 415, run: 'timing' });
  assert.equal(f.probe?.run, 'probe');
  const golden = profileFacts(goldenProbeDocument());
  assert.equal(golden.dbCpuUs, undefined, 'no database run, no DB CPU');
  assert.equal(golden.probedElapsedMs, undefined, 'the only run is the elapsed run');
});

test('number formats', () => {
  assert.equal(formatMs(2741.3), '2,741 ms');
  assert.equal(formatMs(91.3), '91.3 ms');
  assert.equal(formatMs(12_490), '12.5 s');
  assert.equal(formatUs(415), '415 µs');
  assert.equal(formatRatio(0.6), '×0.60');
  assert.equal(formatRatio(4e-6), '×4.0e-6');
  assert.equal(formatRatio(12.34), '×12.3');
  assert.equal(formatRatio(250000), '×250,000');
  assert.equal(formatRatio(undefined), '–');
  assert.equal(formatWithUnit(82.61, '%'), '82.6%');
  assert.equal(formatWithUnit(3, 'calls'), '3 calls');
});

test('JSON in the report cannot close its script element', () => {
  const value = { text: '</script><script>alert(1)</script> & \u2028 <!--' };
  const json = jsonForScriptTag(value);
  assert.doesNotMatch(json, /<|>|&|\u2028/);
  assert.deepEqual(JSON.parse(json), value);
  assert.match(pageShell({ csp: "default-src 'none'", title: '<b>x</b>', head: '', tail: '' }), /<title>&#60;b&#62;x&#60;\/b&#62;<\/title>/);
});

test('the panel HTML allows only its own nonce-carrying script and local styles', () => {
  const nonce = makeNonce();
  assert.notEqual(nonce, makeNonce());
  assert.match(nonce, /^[A-Za-z0-9+/]{22}==$/);
  const html = panelHtml({ cspSource: 'https://x.vscode-cdn.net', nonce, scriptUri: 'https://x.vscode-cdn.net/p.js', styleUri: 'https://x.vscode-cdn.net/p.css', title: 'T' });
  assert.equal(panelCsp('https://x.vscode-cdn.net', nonce), `default-src 'none'; img-src https://x.vscode-cdn.net data:; style-src https://x.vscode-cdn.net; font-src https://x.vscode-cdn.net; script-src 'nonce-${nonce}'`);
  assert.doesNotMatch(html, /unsafe-inline|unsafe-eval/);
  assert.equal((html.match(/<script /g) ?? []).length, 1);
  assert.ok(html.includes(`<script nonce="${nonce}" src="https://x.vscode-cdn.net/p.js"></script>`));
});

test('messages from the page are checked before the extension acts on them', () => {
  assert.deepEqual(parsePageMessage({ type: 'ready', hasView: true }), { type: 'ready', hasView: true });
  assert.deepEqual(parsePageMessage({ type: 'ready' }), { type: 'ready', hasView: false });
  assert.deepEqual(parsePageMessage({ type: 'openSource', target: { file: 'a.sql', line: 3 } }), { type: 'openSource', target: { file: 'a.sql', line: 3 } });
  assert.deepEqual(parsePageMessage({ type: 'openSource', target: { line: 3, extra: 1 } }), { type: 'openSource', target: { line: 3 } });
  assert.equal(parsePageMessage({ type: 'openSource', target: { file: 'a.sql', line: 0 } }), undefined);
  assert.equal(parsePageMessage({ type: 'openSource', target: { file: 'a.sql', line: 1.5 } }), undefined);
  assert.equal(parsePageMessage({ type: 'openSource', target: { file: 3, line: 2 } }), undefined);
  assert.deepEqual(parsePageMessage({ type: 'openRuleDoc', rule: 'standalone-call-in-loop' }), { type: 'openRuleDoc', rule: 'standalone-call-in-loop' });
  assert.equal(parsePageMessage({ type: 'openRuleDoc', rule: '../../etc/passwd' }), undefined);
  assert.equal(parsePageMessage({ type: 'runCommand' }), undefined);
  assert.equal(parsePageMessage('ready'), undefined);
  assert.equal(parsePageMessage(null), undefined);
});

test('the page source never turns strings into markup', () => {
  const dir = new URL('../../media/profile/', import.meta.url);
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  assert.ok(files.length >= 10, `read ${files.length} page files`);
  for (const file of files) {
    const text = readFileSync(new URL(file, dir), 'utf8');
    assert.doesNotMatch(text, /\.innerHTML|\.outerHTML|insertAdjacentHTML|document\.write|new Function|\beval\(/, file);
  }
});
