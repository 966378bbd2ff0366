/**
 * Kept items and the always-raises verdicts of package members (round 12, itemCache.ts's survivors): an unchanged
 * item whose handler (or path) calls a package member depends on that member's verdict. The verdict it records is
 * the index's (`siblingAlwaysRaises`, decided with the package's members); the one it used must be that one, not
 * one decided again with the callees the caller's scope finds (a forward declaration finds the declaration, the
 * index the body). Each series edits only the member and compares every step with a from-scratch analysis
 * (OpenDocument); the finding of the unchanged item must follow.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AnalysisResult } from '../../server/src/analysis/analyze.ts';
import { OpenDocument } from './openDocument.ts';
import { WorkspaceIndex } from '../../server/src/analysis/index/workspaceIndex.ts';

const handlerCalling = (call: string) => `    for r in (select id from t) loop
      begin
        update t set v = 1 where id = r.id;
      exception
        when others then
          ${call};
      end;
    end loop;`;
const proc = (name: string, body: string) => `  procedure ${name} is\n  begin\n${body}\n  end ${name};\n`;
const raise = (code: number) => `    raise_application_error(-${code}, 'stop');`;
const handlerFindings = (r: AnalysisResult) => r.findings.filter((f) => f.rule === 'exception-handler-in-loop').map((f) => f.line);

/** `a` is never edited; only `x` is, between calling the forward-declared `fail` (which raises) and raising itself. */
function series(a: string, expected: number[]): void {
  const text = (x: string) => `create or replace package body pkg as\n  procedure fail;\n${a}${proc('x', x)}${proc('fail', raise(20001))}end pkg;\n/\n`;
  const doc = new OpenDocument(new WorkspaceIndex());
  const steps: [string, string][] = [['    fail;', 'x calls fail'], [raise(20002), 'x raises itself'], ['    fail;', 'x calls fail again'], ['    null;', 'x returns'], ['    fail;', 'x calls fail once more']];
  const found = steps.map(([x, what]) => handlerFindings(doc.edit(text(x), what)));
  assert.deepEqual(found.map((lines) => lines.length), expected, JSON.stringify(found));
}

test('item reuse: a handler calling a member that calls a forward-declared raising member follows an edit of that member alone', () => {
  // x always raises while it calls fail or raises, and a's handler then leaves the loop: no finding; once x returns, one
  series(proc('a', handlerCalling('x')), [0, 0, 0, 1, 0]);
});

test('item reuse: the same through a procedure nested in the unchanged item', () => {
  // Through a nested procedure the verdict is decided with the callees a's scope finds (`fail` there is the forward
  // declaration, no body: x calling it does not raise); such an item is not kept, and the findings follow every edit.
  series(`  procedure a is\n    procedure nested_p is\n    begin\n      x;\n    end nested_p;\n  begin\n${handlerCalling('nested_p')}\n  end a;\n`, [1, 0, 1, 1, 1]);
});

test('item reuse: the same with the member called by its package-qualified name', () => {
  series(proc('a', handlerCalling('pkg.x')), [0, 0, 0, 1, 0]);
});

test('item reuse: the same with the forward-declared member called by its package-qualified name', () => {
  const text = (x: string) => `create or replace package body pkg as\n  procedure fail;\n${proc('a', handlerCalling('x'))}${proc('x', x)}${proc('fail', raise(20001))}end pkg;\n/\n`;
  const doc = new OpenDocument(new WorkspaceIndex());
  const steps: [string, string][] = [['    pkg.fail;', 'x calls pkg.fail'], [raise(20002), 'x raises itself'], ['    pkg.fail;', 'x calls pkg.fail again'], ['    null;', 'x returns']];
  assert.deepEqual(steps.map(([x, what]) => handlerFindings(doc.edit(text(x), what)).length), [0, 0, 0, 1]);
});

test("item reuse: another package's member of the same name is not the package's own (the verdict resolves `other.fail` to nothing here)", () => {
  const text = (x: string) => `create or replace package body pkg as\n${proc('a', handlerCalling('x'))}${proc('x', x)}${proc('fail', raise(20001))}end pkg;\n/\n`;
  const doc = new OpenDocument(new WorkspaceIndex());
  const steps: [string, string][] = [['    other_pkg.fail;', 'x calls other_pkg.fail'], ['    pkg.fail;', 'x calls pkg.fail'], ['    other_pkg.fail;', 'x calls other_pkg.fail again']];
  assert.deepEqual(steps.map(([x, what]) => handlerFindings(doc.edit(text(x), what)).length), [1, 0, 1]);
});
