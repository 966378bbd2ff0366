/**
 * A loop over a collection declared outside the code that loops has a known count only when its declaration tells
 * it and nothing writes it afterwards (semantic/knownCounts.ts): a package constant of literals, or an enclosing
 * procedure's local that the procedure only reads; never a package variable (any item of the package may fill it).
 * The editor keeps unchanged package items across edits: each edit below is compared with a from-scratch analysis.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { OpenDocument } from './openDocument.ts';

function body(otherStatement: string, outerStatement: string): string {
  return `create or replace package body status_codes as
  type t_codes is table of varchar2(30);
  g_codes t_codes := t_codes('NEW', 'OPEN', 'DONE');
  c_codes constant t_codes := t_codes('NEW', 'OPEN');

  procedure save_all is
  begin
    for i in 1 .. g_codes.count loop
      insert into codes (code) values (g_codes(i));
    end loop;
    for i in 1 .. c_codes.count loop
      insert into codes (code) values (c_codes(i));
    end loop;
  end save_all;

  procedure other is
  begin
    ${otherStatement}
  end other;

  procedure outer is
    l_names t_codes := t_codes('A', 'B');
    procedure save_names is
    begin
      for i in 1 .. l_names.count loop
        insert into names (name) values (l_names(i));
      end loop;
    end save_names;
  begin
    ${outerStatement}
    save_names;
  end outer;
end status_codes;
/
`;
}

const severities = (result: { findings: readonly { rule: string; line: number; severity: string }[] }) =>
  result.findings.filter((f) => f.rule === 'dml-in-loop').map((f) => `${f.line}:${f.severity}`);

test('outer collection counts: package variables are data-sized, constants and only-read enclosing locals counted, through edits of other items', () => {
  const doc = new OpenDocument(new WorkspaceIndex(), undefined, 'status_codes.pkb');
  const reads = 'dbms_output.put_line(g_codes.count);';
  assert.deepEqual(severities(doc.edit(body(reads, 'null;'), 'opening')), ['9:warning', '12:info', '26:info']);
  assert.deepEqual(severities(doc.edit(body('g_codes.extend(1000);', 'null;'), 'other extends the package variable')), ['9:warning', '12:info', '26:info']);
  assert.deepEqual(severities(doc.edit(body(reads, 'l_names.extend(1000);'), 'outer extends its local')), ['9:warning', '12:info', '26:warning']);
  assert.deepEqual(severities(doc.edit(body(reads, "l_names(3) := 'C';"), 'outer assigns an element')), ['9:warning', '12:info', '26:warning']);
  assert.deepEqual(severities(doc.edit(body(reads, 'dbms_output.put_line(l_names(1));'), 'outer only reads it again')), ['9:warning', '12:info', '26:info']);
});
