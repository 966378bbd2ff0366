/** The keys read from DDL, and the loop estimate that says when a key made a cursor loop single-row. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keysOfStatement } from '../../server/src/analysis/index/schemaKeys.ts';
import { analyzeText } from '../../server/src/analysis/analyze.ts';

const keys = (ddl: string) => keysOfStatement(ddl, 1).map((k) => `${k.table}:${k.kind}:${k.columns.join('+')}`);

test('keys from CREATE TABLE, ALTER TABLE ADD CONSTRAINT and CREATE UNIQUE INDEX', () => {
  assert.deepEqual(keys('create table app.t (id number primary key, code varchar2(9) unique, a int, b int, constraint t_uk unique (a, b), constraint fk foreign key (a) references u (id))'),
    ['T:primary key:ID', 'T:unique:CODE', 'T:unique:A+B']);
  assert.deepEqual(keys('create table if not exists "Mixed" ("Id" number, constraint pk primary key ("Id"))'), ['Mixed:primary key:Id']);
  assert.deepEqual(keys('alter table t add constraint t_pk primary key (a, b) using index'), ['T:primary key:A+B']);
  assert.deepEqual(keys('alter table t add (constraint t_uk unique (c))'), ['T:unique:C']);
  assert.deepEqual(keys('create unique index t_ix on app.t (lower(x))'), []); // a function-based index: no plain key
  assert.deepEqual(keys('create index t_ix on t (x)'), []);
  assert.deepEqual(keys('alter table t add constraint c check (x > 0)'), []);
});

test('a loop over one keyed row says why it runs at most once', () => {
  const text = `create table orders (id number primary key, status varchar2(9));
create or replace procedure p(p_id number) as
begin
  for o in (select id from orders where id = p_id) loop
    update orders set status = 'X' where id = o.id;
  end loop;
end;
/
`;
  const result = analyzeText(text, { file: 'p.sql' });
  assert.deepEqual(result.findings, []);
  assert.match(result.semantics.loops[0]!.estimate.text, /^at most once \(its query fixes the primary key of ORDERS \(ID, declared at line 1\)\)$/);
});

test('inside another loop, a finding in the keyed loop says why that loop was not counted', () => {
  const text = `create table orders (id number primary key, status varchar2(9));
create or replace procedure p as
begin
  for r in (select order_id from requests) loop
    for o in (select id from orders where id = r.order_id) loop
      update orders set status = 'X' where id = o.id;
    end loop;
  end loop;
end;
/
`;
  const dml = analyzeText(text, { file: 'p.sql' }).findings.find((f) => f.rule === 'dml-in-loop');
  assert.match(dml!.message, /^UPDATE runs once per row of the query at line 4 \(the loop at line 5 reads at most one row: its query fixes the primary key of ORDERS \(ID, declared at line 1\)\)/);
});
