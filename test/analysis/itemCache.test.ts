/**
 * The questions a kept item compares before it is replayed (analysis/itemCache.ts), each in a scenario where it
 * alone sees the change: the document's text is the same, only the workspace or the settings changed. Every
 * analysis is compared with a from-scratch one (OpenDocument), and each scenario checks that the answer did change,
 * so that equality is not the old result replayed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText, type AnalysisResult, type AnalyzerConfig } from '../../server/src/analysis/analyze.ts';
import { ItemCache } from '../../server/src/analysis/itemCache.ts';
import { WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { OpenDocument, semanticsOf } from './openDocument.ts';

const rulesOf = (result: AnalysisResult) => result.findings.map((f) => `${f.line}:${f.rule}:${f.severity}`);

const BODY = `create or replace package body orders_pkg as
  procedure touch(p_id number) is
  begin
    for r in (select status from orders where order_id = p_id) loop
      update order_log set seen = sysdate where order_id = p_id;
    end loop;
  end touch;

  procedure notify is
  begin
    for r in (select order_id from orders) loop
      send_mail(r.order_id);
    end loop;
  end notify;
end orders_pkg;
/
`;

test('item cache: a key declared in another file makes an unchanged item\'s cursor loop single-row (the keys question)', () => {
  const index = new WorkspaceIndex();
  index.update('orders.sql', 'create table orders (order_id number, status varchar2(10));\n');
  const doc = new OpenDocument(index);
  const looping = doc.edit(BODY, 'no key on ORDERS');
  assert.ok(rulesOf(looping).includes('5:dml-in-loop:warning'), rulesOf(looping).join(' '));
  index.update('orders.sql', 'create table orders (order_id number primary key, status varchar2(10));\n');
  const reused = doc.items.reused;
  const single = doc.edit(BODY, 'ORDER_ID made the primary key');
  assert.ok(!rulesOf(single).some((r) => r.startsWith('5:')), `the loop runs at most once: ${rulesOf(single).join(' ')}`);
  assert.equal(doc.items.reused - reused, 1, 'notify (no key asked of what changed) is replayed');
  const again = doc.edit(BODY, 'the same text, the same key');
  assert.deepEqual(rulesOf(again), rulesOf(single));
  index.update('orders.sql', 'create table orders (order_id number, status varchar2(10));\n');
  assert.ok(rulesOf(doc.edit(BODY, 'the key dropped again')).includes('5:dml-in-loop:warning'));
});

test('item cache: a procedure defined in another file after the item was walked resolves its call (the lookup question)', () => {
  const index = new WorkspaceIndex();
  const doc = new OpenDocument(index);
  const before = doc.edit(BODY, 'send_mail defined nowhere');
  const sendMail = (r: AnalysisResult) => r.semantics.calls.find((c) => c.name === 'SEND_MAIL')?.resolution;
  assert.equal(sendMail(before)?.definition, undefined);
  index.update('send_mail.prc', 'create or replace procedure send_mail(p_id number) as\nbegin\n  null;\nend;\n/\n');
  const after = doc.edit(BODY, 'send_mail defined in another file');
  assert.equal(sendMail(after)?.definition?.file, 'send_mail.prc', 'hover and go-to-definition reach the new file');
});

test('item cache: other settings for the same document drop every kept item', () => {
  const index = new WorkspaceIndex();
  const items = new ItemCache();
  const quiet: AnalyzerConfig = { rules: { 'dml-in-loop': { enabled: false } } };
  const analyse = (config: AnalyzerConfig | undefined, cache?: ItemCache) =>
    analyzeText(BODY, { file: 'orders_pkg.pkb', index, config, unitCache: cache !== undefined, items: cache });
  const first = analyse(undefined, items);
  assert.ok(rulesOf(first).includes('5:dml-in-loop:warning'), rulesOf(first).join(' '));
  const walked = items.walked;
  const other = analyse(quiet, items);
  assert.deepEqual(rulesOf(other), rulesOf(analyse(quiet)));
  assert.deepEqual(semanticsOf(other), semanticsOf(analyse(quiet)));
  assert.ok(!rulesOf(other).some((r) => r.includes('dml-in-loop')), rulesOf(other).join(' '));
  assert.equal(items.walked - walked, 2, 'both items are walked with the new settings');
});

test('item cache: a procedure two calls away starts running SQL: the item\'s two chain questions of one callee are told apart', () => {
  const index = new WorkspaceIndex();
  // helper's own file does not change: its facts are the same object, only the chains through it change
  index.update('helper.prc', 'create or replace procedure helper(p number) as\nbegin\n  helper2(p);\nend;\n/\n');
  const quiet = 'create or replace procedure helper2(p number) as\nbegin\n  null;\nend;\n/\n';
  index.update('helper2.prc', quiet);
  const body = BODY.replace('send_mail(r.order_id);', 'helper(r.order_id);');
  const doc = new OpenDocument(index);
  const hidden = (r: AnalysisResult) => rulesOf(r).filter((f) => f.includes('hidden-sql-in-loop'));
  assert.deepEqual(hidden(doc.edit(body, 'helper2 runs no SQL')), []);
  index.update('helper2.prc', 'create or replace procedure helper2(p number) as\nbegin\n  update t set v = p;\nend;\n/\n');
  assert.deepEqual(hidden(doc.edit(body, 'helper2 runs an UPDATE')), ['12:hidden-sql-in-loop:warning']);
  index.update('helper2.prc', quiet);
  assert.deepEqual(hidden(doc.edit(body, 'helper2 quiet again')), []);
});

test('item cache: a per-loop finding of finish() in an item written on one line stays with that item when another is edited', () => {
  const all: AnalyzerConfig = { rules: { 'output-in-loop': { enabled: true } } };
  const doc = new OpenDocument(new WorkspaceIndex(), all);
  const text = (other: string) => `create or replace package body chatty as
  procedure shout is begin for i in 1 .. 10 loop dbms_output.put_line(i); end loop; end shout;

  procedure other is
  begin
    ${other}
  end other;
end chatty;
/
`;
  const output = (r: AnalysisResult) => rulesOf(r).filter((f) => f.includes('output-in-loop'));
  assert.deepEqual(output(doc.edit(text('null;'), 'the first analysis')), ['2:output-in-loop:info']);
  const reused = doc.items.reused;
  assert.deepEqual(output(doc.edit(text('null; null;'), 'an edit of other')), ['2:output-in-loop:info']);
  assert.equal(doc.items.reused - reused, 1, 'shout is replayed');
  assert.deepEqual(output(doc.edit(text('null; null; null;'), 'other edited again')), ['2:output-in-loop:info']);
});
