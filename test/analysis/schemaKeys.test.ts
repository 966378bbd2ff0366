/** The keys read from DDL, and the loop estimate that says when a key made a cursor loop single-row. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { factsOfStatement, keysOfStatement } from '../../server/src/analysis/index/schemaKeys.ts';
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

const views = (ddl: string) => factsOfStatement(ddl, 1).map((f) => (f.kind === 'view' ? `${f.table}<-${f.base}:${f.star ? '*' : ''}${f.pairs.map(([v, b]) => `${v}=${b}`).join('+')}` : f.kind));

test('simple views: their columns that are base columns, renamed by alias or by the column list', () => {
  assert.deepEqual(views('create or replace force view app.v (a, b, c) as select t.id, t.code, t.x + 1 from app.t t where t.x > 0 with read only'), ['V<-T:A=ID+B=CODE']);
  assert.deepEqual(views('create view v as select id as order_no, status s, upper(code) as code from t'), ['V<-T:ORDER_NO=ID+S=STATUS']);
  assert.deepEqual(views('create or replace editionable view v as select * from t order by id'), ['V<-T:*']);
  assert.deepEqual(views('create view if not exists "V" as select "Id" from "T"'), ['V<-T:Id=Id']);
});

test('views whose rows are not one base row each have no key: joins, GROUP BY, DISTINCT, set operators, WITH, inline views', () => {
  for (const ddl of [
    'create view v as select a.id from t a join u b on b.id = a.id',
    'create view v as select a.id from t a, u b where b.id = a.id',
    'create view v as select id, count(*) n from t group by id',
    'create view v as select distinct id from t',
    'create view v as select id from t union all select id from u',
    'create view v as with w as (select id from t) select id from w',
    'create view v as select id from (select id from t)',
    'create view v as select id from t@remote',
    'create view v (id, constraint v_pk primary key (id) rely disable novalidate) as select id from t',
    'create view v of person_t with object identifier (id) as select id from t',
    'create view v as select id from t connect by prior id = parent_id',
  ]) assert.deepEqual(views(ddl), [], ddl);
});

test('a loop over a simple view filtered by its base key runs at most once, and says through which view', () => {
  const text = `create table orders (id number primary key, status varchar2(9));
create or replace view orders_v as select id as order_no, status from orders;
create or replace procedure p(p_id number) as
begin
  for r in (select order_no from orders_v where order_no = p_id) loop
    for o in (select id from orders where status = 'X') loop
      null;
    end loop;
  end loop;
end;
/
`;
  const result = analyzeText(text, { file: 'p.sql' });
  assert.deepEqual(result.findings.filter((f) => f.rule === 'nested-cursor-loop'), []);
  assert.equal(result.semantics.loops[0]!.estimate.text,
    'at most once (its query fixes the primary key of ORDERS (ID, declared at line 1) through view ORDERS_V (ORDER_NO, declared at line 2))');
});
