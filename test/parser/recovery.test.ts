import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import type { StatementNode, SubprogramNode } from '../../server/src/syntax/model/nodes.ts';

const body = `create or replace package body billing as
  procedure first_one is
  begin
    load_rates(1);
  end;

  procedure broken is
  begin
    x := 1 +;
    if then null; end if;
  end;

  procedure after_the_error is
  begin
    for r in (select id from invoices) loop
      apply_rate(r.id);
    end loop;
  end;
end billing;
/
create or replace procedure next_unit is
begin
  notify;
end;
/`;

function statementCalls(statements: StatementNode[]): string[] {
  const out: string[] = [];
  for (const s of statements) {
    out.push(...s.calls.map((c) => c.name));
    if (s.statementKind === 'loop') out.push(...statementCalls(s.statements));
  }
  return out;
}

test('an error in the middle of a package body keeps the analysis of what follows', () => {
  const result = analyzeText(body, { unitCache: false });
  const errors = result.findings.filter((f) => f.rule === 'syntax-error');
  assert.ok(errors.length >= 1, 'the error is reported');
  assert.ok(errors.every((e) => e.line >= 9 && e.line <= 11), `errors stay in the broken procedure: ${errors.map((e) => e.line)}`);
  const [pkg, next] = result.script.units;
  const units = pkg!.views[0]!;
  const subprograms: SubprogramNode[] = units[0]!.subprograms;
  assert.deepEqual(subprograms.map((s) => s.name), ['FIRST_ONE', 'BROKEN', 'AFTER_THE_ERROR']);
  const after = subprograms[2]!;
  assert.deepEqual(statementCalls(after.body!.statements), ['APPLY_RATE']);
  const loop = after.body!.statements[0]!;
  assert.equal(loop.statementKind, 'loop');
  assert.equal(loop.range.line, 15);
  // the next unit in the script is untouched
  assert.equal(next!.syntaxErrors.length, 0);
  assert.equal(next!.views[0]![0]!.name, 'NEXT_UNIT');
});

test('a broken unit does not swallow the SQL*Plus commands and units after it', () => {
  const script = 'create or replace package p as\n  procedure q(;\nend;\n/\nshow errors\nbegin p.q; end;\n/\n';
  const result = analyzeText(script, { unitCache: false });
  const errors = result.findings.filter((f) => f.rule === 'syntax-error');
  assert.equal(errors[0]!.line, 2);
  const last = result.script.units[result.script.units.length - 1]!;
  assert.equal(last.syntaxErrors.length, 0);
  assert.equal(last.views[0]![0]!.unitKind, 'anonymous-block');
});
