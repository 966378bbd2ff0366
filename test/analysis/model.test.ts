import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/analyze.ts';
import type { LoopStatementNode, StatementNode, UnitNode } from '../../server/src/syntax/model/nodes.ts';

const source = `create or replace package body billing as
  g_rate constant number := default_rate();
  cursor c_open is select id from invoices where status = 'OPEN';

  procedure charge(p_id in number, p_amount in out nocopy number) is
    l_total number;
  begin
    for r in c_open loop
      l_total := tax.compute(r.id) + standalone_fee(r.id);
      begin
        select /*+ gather_plan_statistics */ amount into l_total from invoices where id = r.id;
      exception
        when no_data_found or too_many_rows then log_error(sqlerrm);
      end;
    end loop;
    for i in 1 .. 10 loop
      execute immediate 'update invoices set amount = :1' using i;
    end loop;
    while l_total > 0 loop
      ut.expect(l_total).to_equal(0);
      notify;
    end loop;
  end charge;
end billing;
/`;

const lineOf = (text: string) => source.split('\n').findIndex((l) => l.includes(text)) + 1;

function unit(): UnitNode {
  const result = analyzeText(source, { unitCache: false });
  // the model is what is tested here: the sample parses cleanly (its loop does have performance findings)
  assert.deepEqual(result.findings.filter((f) => f.rule === 'syntax-error'), []);
  return result.script.units[0]!.views[0]![0]!;
}

test('units, declarations and subprograms with names and positions', () => {
  const u = unit();
  assert.equal(u.unitKind, 'package-body');
  assert.equal(u.name, 'BILLING');
  assert.deepEqual(u.range, { line: 1, column: 1, endLine: 24, endColumn: 13 });
  assert.deepEqual(u.declarations.map((d) => [d.declarationKind, d.name, d.range.line]), [
    ['constant', 'G_RATE', 2],
    ['cursor', 'C_OPEN', 3],
  ]);
  assert.deepEqual(u.declarations[0]!.calls.map((c) => c.name), ['DEFAULT_RATE']);
  assert.deepEqual(u.declarations[1]!.query!.tables, ['INVOICES']);
  const charge = u.subprograms[0]!;
  assert.equal(charge.name, 'CHARGE');
  assert.deepEqual(charge.parameters.map((p) => [p.name, p.mode, p.nocopy, p.type]), [
    ['P_ID', 'in', false, 'number'],
    ['P_AMOUNT', 'in out', true, 'number'],
  ]);
  assert.equal(charge.nameRange.line, 5);
  assert.equal(charge.nameRange.column, source.split('\n')[4]!.indexOf('charge') + 1);
});

test('loops: kinds, headers and the statements inside them', () => {
  const statements = unit().subprograms[0]!.body!.statements as StatementNode[];
  const loops = statements.filter((s): s is LoopStatementNode => s.statementKind === 'loop');
  assert.deepEqual(loops.map((l) => [l.loopKind, l.range.line]), [
    ['cursor-for', lineOf('for r in c_open')],
    ['numeric-for', lineOf('for i in 1 .. 10')],
    ['while', lineOf('while l_total')],
  ]);
  assert.equal(loops[0]!.cursorName, 'C_OPEN');
  assert.deepEqual(loops[0]!.iterators, ['R']);
  const assignment = loops[0]!.statements[0]!;
  assert.equal(assignment.statementKind, 'assignment');
  assert.deepEqual(assignment.calls.map((c) => [c.name, c.context, c.mayBeCollectionAccess]), [
    ['TAX.COMPUTE', 'expression', false],
    ['STANDALONE_FEE', 'expression', true],
  ]);
  const fee = assignment.calls[1]!;
  assert.equal(fee.nameRange.line, lineOf('standalone_fee'));
  assert.equal(fee.nameRange.column, source.split('\n')[fee.nameRange.line - 1]!.indexOf('standalone_fee') + 1);
  assert.equal(fee.nameRange.endColumn - fee.nameRange.column, 'standalone_fee'.length);
});

test('blocks, exception handlers, SQL with hints, dynamic SQL and call statements', () => {
  const loops = unit().subprograms[0]!.body!.statements as LoopStatementNode[];
  const block = loops[0]!.statements[1]!;
  assert.equal(block.statementKind, 'block');
  if (block.statementKind !== 'block') return;
  const select = block.block.statements[0]!;
  assert.equal(select.statementKind, 'sql');
  if (select.statementKind !== 'sql') return;
  assert.equal(select.sql.sqlKind, 'select');
  assert.deepEqual(select.sql.hints.map((h) => [h.text, h.range.line]), [['gather_plan_statistics', lineOf('gather_plan_statistics')]]);
  assert.deepEqual(select.sql.intoTargets, ['l_total']);
  const handler = block.block.exceptionHandlers[0]!;
  assert.deepEqual(handler.exceptions, ['NO_DATA_FOUND', 'TOO_MANY_ROWS']);
  assert.deepEqual(handler.statements[0]!.calls.map((c) => [c.name, c.context]), [['LOG_ERROR', 'statement']]);

  const dynamic = loops[1]!.statements[0]!;
  assert.equal(dynamic.statementKind, 'execute-immediate');
  if (dynamic.statementKind !== 'execute-immediate') return;
  assert.equal(dynamic.literalText, 'update invoices set amount = :1');
  assert.equal(dynamic.usingCount, 1);

  const [chain, bare] = loops[2]!.statements;
  assert.deepEqual(chain!.calls.map((c) => [c.name, c.context]), [['UT.EXPECT', 'expression'], ['UT.EXPECT().TO_EQUAL', 'statement']]);
  assert.deepEqual(bare!.calls.map((c) => [c.name, c.context, c.argumentCount]), [['NOTIFY', 'statement', 0]]);
});

test('a cached unit moved down by an edit above it keeps correct positions', () => {
  const first = analyzeText(source).script.units[0]!.views[0]![0]!;
  const shifted = analyzeText(`-- a new comment line\n${source}`).script.units[0]!.views[0]![0]!;
  assert.equal(shifted.range.line, first.range.line + 1);
  assert.equal(shifted.subprograms[0]!.nameRange.line, first.subprograms[0]!.nameRange.line + 1);
  assert.equal(shifted.subprograms[0]!.nameRange.column, first.subprograms[0]!.nameRange.column);
});

test('an edit inside one subprogram of a package body re-parses that subprogram only', async () => {
  const { parseCounters } = await import('../../server/src/syntax/parseScript.ts');
  const body = (n: number) => `create or replace package body big as
  procedure a is begin step_a; end;
  procedure b is begin step_b(${n}); end;
  procedure c is begin step_c; end;
end big;
/`;
  analyzeText(body(1));
  const before = { ...parseCounters };
  const result = analyzeText(body(2));
  const parsed = parseCounters.cacheMisses - before.cacheMisses;
  // the one changed item; the header and the other items come from the cache (a body that splits into items is
  // not looked up whole: only a body whose split was suspect is cached whole)
  assert.equal(parsed, 1);
  assert.equal(parseCounters.cacheHits - before.cacheHits, 3);
  const unit = result.script.units[0]!.views[0]![0]!;
  assert.deepEqual(unit.subprograms.map((s) => s.name), ['A', 'B', 'C']);
  assert.equal(unit.subprograms[1]!.body!.statements[0]!.calls[0]!.range.line, 3);
});

test('calls in SQL: analytic clauses are not calls, nested calls come in text order', () => {
  const text = `begin
  select count(*) over (partition by g), min(a) keep (dense_rank first order by f(d)), nvl(g(x), h(y))
    into a, b, c from t;
  forall i in indices of l between 1 and n
    insert into t values (l(i), k(i));
end;`;
  const result = analyzeText(text);
  const block = result.script.units[0]!.views[0]![0]!.body!;
  const select = block.statements[0]!;
  assert.equal(select.statementKind, 'sql');
  if (select.statementKind !== 'sql') return;
  assert.deepEqual(select.sql.calls.map((c) => [c.name, c.argumentCount, c.range.column]),
    [['COUNT', 1, 10], ['MIN', 1, 42], ['F', 1, 81], ['NVL', 2, 88], ['G', 1, 92], ['H', 1, 98]]);
  const forall = block.statements[1]!;
  assert.equal(forall.statementKind, 'forall');
  if (forall.statementKind !== 'forall') return;
  assert.equal(forall.sql?.sqlKind, 'insert');
  assert.deepEqual(forall.sql?.calls.map((c) => c.name), ['L', 'K']);
});

test('a trigger: its name, timing and level, with header tokens right after the name', () => {
  const text = `create or replace trigger app.trg_bi before insert or update of amount on app.invoices for each row
when (new.amount > 0)
begin
  :new.id := invoice_seq.nextval;
end;
/
`;
  const unit = analyzeText(text).script.units[0]!.views[0]![0]!;
  assert.equal(unit.unitKind, 'trigger');
  assert.equal(unit.name, 'APP.TRG_BI');
  assert.deepEqual(unit.nameRange, { line: 1, column: 27, endLine: 1, endColumn: 37 });
  assert.equal(unit.trigger?.timing, 'before');
  assert.equal(unit.trigger?.rowLevel, true);
});

test('a statement\'s tables leave out the names its WITH clause defines, and keep the tables those subqueries read', () => {
  const result = analyzeText(`create or replace procedure p as
  cursor c is
    with cols as (select column_name from all_tab_cols where table_name = 'T'),
         cons (name) as (select constraint_name from all_constraints)
    select c.column_name from cols c join cons k on k.name = c.column_name join app.cols x on x.id = 1;
begin
  null;
end p;
/
`, { unitCache: false });
  assert.deepEqual(result.findings.filter((f) => f.rule === 'syntax-error'), []);
  const cursor = result.script.units[0]!.views[0]![0]!.declarations[0]!;
  assert.deepEqual(cursor.query!.tables, ['ALL_TAB_COLS', 'ALL_CONSTRAINTS', 'APP.COLS']);
});
