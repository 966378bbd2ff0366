/**
 * Whether a procedure always raises depends on the procedures it calls (leaves.ts, `subprogramAlwaysRaises`).
 * The editor keeps the nodes of unchanged package items across edits (the unit cache), so a verdict kept with
 * the node of `p1` (whose body is `p2;`) must follow an edit of `p2` alone: a handler in a loop that ends by
 * calling `p1` leaves the loop once `p2` always raises, and stays in it again once `p2` returns.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';
import { parseScript } from '../../server/src/syntax/parseScript.ts';
import { OpenDocument } from './openDocument.ts';

function body(p2: string): string {
  return `create or replace package body verdicts as
  procedure p2 is
  begin
    ${p2}
  end p2;
  procedure p1 is
  begin
    p2;
  end p1;
  procedure run is
  begin
    for r in (select id from t) loop
      begin
        update t set done = 'Y' where id = r.id;
      exception
        when others then
          p1;
      end;
    end loop;
  end run;
end verdicts;
/
`;
}

const RETURNS = 'null;';
const RAISES = "raise_application_error(-20001, 'stop');";
const HANDLER_LINE = 16;

function handlerFindings(result: { findings: readonly { rule: string; line: number }[] }): number[] {
  return result.findings.filter((f) => f.rule === 'exception-handler-in-loop').map((f) => f.line);
}

test('always-raises verdicts: a caller kept from the last parse follows its callee that now always raises, and back', () => {
  const doc = new OpenDocument(new WorkspaceIndex(), undefined, 'verdicts.pkb');
  assert.deepEqual(handlerFindings(doc.edit(body(RETURNS), 'opening')), [HANDLER_LINE], 'p1 returns: the handler stays in the loop');
  assert.deepEqual(handlerFindings(doc.edit(body(RAISES), 'p2 now always raises')), [], 'p1 -> p2 always raises: the handler leaves the loop');
  assert.deepEqual(handlerFindings(doc.edit(body(RETURNS), 'p2 returns again')), [HANDLER_LINE]);
});

test('always-raises verdicts: the index entry of the unchanged caller follows its callee through the unit cache', () => {
  const verdictOfP1 = (text: string) => {
    const index = new WorkspaceIndex();
    index.updateFromScript('verdicts.pkb', parseScript(text, { unitCache: true }), text);
    return index.definitions('VERDICTS.P1').map((d) => d.alwaysRaises === true);
  };
  assert.deepEqual(verdictOfP1(body(RETURNS)), [false]);
  assert.deepEqual(verdictOfP1(body(RAISES)), [true]);
  assert.deepEqual(verdictOfP1(body(RETURNS)), [false]);
});

/** The same package with `p2` not written yet (`p1`'s call finds nothing), or typed after `run`: p1 and run keep their lines. */
function withoutP2(p2?: string): string {
  return body(RETURNS).replace(/  procedure p2 is\n  begin\n    null;\n  end p2;\n/, '').replace('end verdicts;', p2 === undefined ? 'end verdicts;' : `  procedure p2 is
  begin
    ${p2}
  end p2;
end verdicts;`);
}

test('always-raises verdicts: a caller whose callee was not written yet follows it once it is typed', () => {
  const doc = new OpenDocument(new WorkspaceIndex(), undefined, 'verdicts.pkb');
  const line = HANDLER_LINE - 4;
  assert.deepEqual(handlerFindings(doc.edit(withoutP2(), 'opening, p2 not written yet')), [line], 'p1 calls nothing it can see: the handler stays in the loop');
  assert.deepEqual(handlerFindings(doc.edit(withoutP2(RAISES), 'p2 typed, always raising')), [], 'p1 -> p2 always raises: the handler leaves the loop');
  assert.deepEqual(handlerFindings(doc.edit(withoutP2(), 'p2 deleted again')), [line]);
});
