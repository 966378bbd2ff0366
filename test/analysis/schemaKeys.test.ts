/** The keys read from DDL, and the loop estimate that says when a key made a cursor loop single-row. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { factsOfStatement, keysOfScript, keysOfStatement, resolveKeys, type SchemaFact } from '../../server/src/analysis/index/schemaKeys.ts';
import { parseScript } from '../../server/src/syntax/parseScript.ts';
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

// Each key as table:kind:columns, with the table's columns and their declared types when CREATE TABLE says them.
const described = (ddl: string) => keysOfStatement(ddl, 1).map((k) => [
  `${k.table}:${k.kind}:${k.columns.join('+')}`,
  ...(k.tableColumns ? [k.tableColumns.join(',')] : []),
  ...(k.columnTypes ? [Object.entries(k.columnTypes).map(([c, t]) => `${c} ${t}`).join(', ')] : []),
].join(' | '));

test('CREATE TABLE (Oracle SQL reference forms): column and out-of-line constraints, constraint states, USING INDEX, comments', () => {
  // Inline constraints with names and states; an out-of-line composite primary key with USING INDEX; FOREIGN KEY
  // and CHECK constraints add no key and no column.
  assert.deepEqual(described(`CREATE TABLE hr.job_history
    ( employee_id   NUMBER(6) CONSTRAINT jhist_employee_nn NOT NULL
    , start_date    DATE      NOT NULL
    , end_date      DATE
    , job_id        VARCHAR2(10 BYTE)
    , salary        NUMBER(8,2) DEFAULT 0
    , notes         CLOB
    , weight        DOUBLE PRECISION
    , CONSTRAINT jhist_date_interval CHECK (end_date > start_date)
    , CONSTRAINT jhist_emp_id_st_date_pk PRIMARY KEY (employee_id, start_date) USING INDEX (CREATE UNIQUE INDEX jhist_ix ON job_history (employee_id, start_date)) ENABLE VALIDATE
    , CONSTRAINT jhist_job_fk FOREIGN KEY (job_id) REFERENCES jobs (job_id) DISABLE NOVALIDATE
    )`), [
    'JOB_HISTORY:primary key:EMPLOYEE_ID+START_DATE | EMPLOYEE_ID,START_DATE,END_DATE,JOB_ID,SALARY,NOTES,WEIGHT'
      + ' | EMPLOYEE_ID NUMBER(6), START_DATE DATE, END_DATE DATE, JOB_ID VARCHAR2(10 BYTE), SALARY NUMBER(8,2), NOTES CLOB, WEIGHT DOUBLE PRECISION',
  ]);
  // Comments between the words, quoted names with spaces and lower case, a schema-qualified quoted table.
  assert.deepEqual(described(`create table "App"."Order Lines" ( -- the lines of an order
    "Order Id" number /* the order */ not null,
    line_no integer,
    constraint "Order Lines PK" primary key ("Order Id", line_no) -- composite
  )`), ['Order Lines:primary key:Order Id+LINE_NO | Order Id,LINE_NO | Order Id NUMBER, LINE_NO INTEGER']);
  // An inline UNIQUE / PRIMARY KEY after a constraint name, with a state; a DESC column in an out-of-line key.
  assert.deepEqual(described(`create table t (
    id number(10) constraint t_pk primary key using index tablespace idx enable,
    code varchar2(20) constraint t_code_uk unique disable,
    a number, b number,
    unique (a desc, b asc)
  )`), [
    'T:primary key:ID | ID,CODE,A,B | ID NUMBER(10), CODE VARCHAR2(20), A NUMBER, B NUMBER',
    'T:unique:CODE | ID,CODE,A,B | ID NUMBER(10), CODE VARCHAR2(20), A NUMBER, B NUMBER',
    'T:unique:A+B | ID,CODE,A,B | ID NUMBER(10), CODE VARCHAR2(20), A NUMBER, B NUMBER',
  ]);
  // A virtual column (AS (...)) has no type here; an identity column has its type; a column without a type
  // (a table created AS SELECT has none) keeps none.
  assert.deepEqual(described(`create table t (id number generated always as identity primary key, total as (a + b), a number, b number)`),
    ['T:primary key:ID | ID,TOTAL,A,B | ID NUMBER, A NUMBER, B NUMBER']);
  // GLOBAL TEMPORARY and other table kinds before TABLE.
  assert.deepEqual(keys('create global temporary table gtt_ids (id number primary key) on commit delete rows'), ['GTT_IDS:primary key:ID']);
  assert.deepEqual(keys('create private temporary table ora$ptt_x (id number, constraint x_pk primary key (id))'), ['ORA$PTT_X:primary key:ID']);
  assert.deepEqual(keys('create immutable table ledger_t (id number primary key) no drop until 31 days idle'), ['LEDGER_T:primary key:ID']);
  // Not a table: an object table or a CREATE TABLE without a column list adds nothing; neither do comments alone.
  assert.deepEqual(keys('create table t as select id from u'), []);
  assert.deepEqual(keys('create table t of person_typ'), []);
  assert.deepEqual(keys('-- create table t (id number primary key)\n/* create table u (id number primary key) */'), []);
  // A key whose list holds an expression or a nested parenthesis is not a plain column key.
  assert.deepEqual(keys('create table t (a number, b number, unique (a, (b)))'), []);
});

test('ALTER TABLE ADD constraints (Oracle SQL reference forms)', () => {
  assert.deepEqual(keys('ALTER TABLE hr.employees ADD CONSTRAINT emp_email_uk UNIQUE (email) USING INDEX ENABLE NOVALIDATE'), ['EMPLOYEES:unique:EMAIL']);
  assert.deepEqual(keys('alter table "Sales"."Orders" add primary key ("Order Id", line_no) disable'), ['Orders:primary key:Order Id+LINE_NO']);
  assert.deepEqual(keys('alter table t add (unique (a, b))'), ['T:unique:A+B']);
  assert.deepEqual(keys('alter table t add constraint t_fk foreign key (a) references u (id)'), []);
  assert.deepEqual(keys('alter table t add (c number)'), []);
  assert.deepEqual(keys('alter table t modify constraint t_pk disable'), []);
  assert.deepEqual(keys('alter table t drop primary key'), []);
  assert.deepEqual(keys('alter table t add primary key ()'), []);
  assert.deepEqual(keys('alter index t add primary key (a)'), []);
  assert.deepEqual(keys('alter table t add primary (a)'), []);
});

test('CREATE UNIQUE INDEX (Oracle SQL reference forms): schema-qualified, quoted, with states and options', () => {
  assert.deepEqual(keys('CREATE UNIQUE INDEX hr.emp_email_ix ON hr.employees (email ASC) TABLESPACE users COMPUTE STATISTICS'), ['EMPLOYEES:unique:EMAIL']);
  assert.deepEqual(keys('create unique index "Ix" on "App"."T" ("Code", region desc) online'), ['T:unique:Code+REGION']);
  assert.deepEqual(keys('create unique index ix on t e (e.id)'), []); // a dotted column is an expression here
  assert.deepEqual(keys('create unique index ix on t x (id)'), ['T:unique:ID']); // a table alias
  assert.deepEqual(keys('create unique index ix on cluster c'), []);
  assert.deepEqual(keys('create unique index ix on t ()'), []);
});

test('keys across a script: only top-level SQL DDL counts, not DDL inside PL/SQL or strings', () => {
  const text = `CREATE TABLE orders (id NUMBER CONSTRAINT orders_pk PRIMARY KEY, note CLOB);
ALTER TABLE orders ADD CONSTRAINT orders_uk UNIQUE (note);
CREATE UNIQUE INDEX orders_ix ON orders (id, note);
CREATE GLOBAL TEMPORARY TABLE tmp_ids (id NUMBER PRIMARY KEY) ON COMMIT PRESERVE ROWS;
CREATE OR REPLACE FORCE VIEW orders_v AS SELECT id FROM orders;
CREATE OR REPLACE PROCEDURE p AS
BEGIN
  EXECUTE IMMEDIATE 'create table dyn (id number primary key)';
END;
/
CREATE INDEX orders_n1 ON orders (note);
SELECT id FROM orders;
`;
  const facts = keysOfScript(text, parseScript(text)).map((f) => `${f.kind}:${f.table}@${f.line}`);
  assert.deepEqual(facts, ['primary key:ORDERS@1', 'unique:ORDERS@2', 'unique:ORDERS@3', 'primary key:TMP_IDS@4', 'view:ORDERS_V@5']);
});

test('a key through a view over a view resolves, a self-referencing or too deep chain stops', () => {
  const facts = new Map<string, SchemaFact[]>();
  for (const ddl of [
    'create table t (id number primary key, code varchar2(9), constraint t_uk unique (code))',
    'create view v1 as select id, code from t',
    'create view v2 as select id k from v1',
    'create view loop_v as select id from loop_v',
    'create view s as select * from t',
  ]) for (const fact of factsOfStatement(ddl, 1)) facts.set(fact.table, [...(facts.get(fact.table) ?? []), fact]);
  const of = (name: string) => resolveKeys(name, (n) => facts.get(n) ?? []).map((k) => `${k.kind}:${k.columns.join('+')}<-${k.through?.table ?? ''}:${(k.tableColumns ?? []).join(',')}`);
  assert.deepEqual(of('V1'), ['primary key:ID<-T:ID,CODE', 'unique:CODE<-T:ID,CODE']);
  assert.deepEqual(of('V2'), ['primary key:K<-V1:K']); // CODE is not shown by V2
  assert.deepEqual(of('LOOP_V'), []);
  assert.deepEqual(of('S'), ['primary key:ID<-T:ID,CODE', 'unique:CODE<-T:ID,CODE']);
  // Five views deep: the chain is followed four levels, no further.
  const deep = new Map<string, SchemaFact[]>([['T', factsOfStatement('create table t (id number primary key)', 1)]]);
  let below = 'T';
  for (const name of ['D1', 'D2', 'D3', 'D4', 'D5']) {
    deep.set(name, factsOfStatement(`create view ${name} as select id from ${below}`, 1));
    below = name;
  }
  const deepKeys = (name: string) => resolveKeys(name, (n) => deep.get(n) ?? []).length;
  assert.equal(deepKeys('D4'), 1);
  assert.equal(deepKeys('D5'), 0);
});

test('DDL forms that declare no key, or a key only where the reference says so', () => {
  // unnamed out-of-line PRIMARY KEY, FOREIGN KEY and CHECK constraints, and a column after an out-of-line key
  assert.deepEqual(described(`create table order_lines (
    order_id number, line_no number,
    primary key (order_id, line_no),
    foreign key (order_id) references orders (id),
    check (line_no > 0),
    unique (item_desc), item_desc varchar2(40)
  )`), [
    'ORDER_LINES:primary key:ORDER_ID+LINE_NO | ORDER_ID,LINE_NO,ITEM_DESC | ORDER_ID NUMBER, LINE_NO NUMBER, ITEM_DESC VARCHAR2(40)',
    'ORDER_LINES:unique:ITEM_DESC | ORDER_ID,LINE_NO,ITEM_DESC | ORDER_ID NUMBER, LINE_NO NUMBER, ITEM_DESC VARCHAR2(40)',
  ]);
  // a key column named like a sort keyword (DESCRIPTION) is a column
  assert.deepEqual(keys('create unique index ix on t (description)'), ['T:unique:DESCRIPTION']);
  // CREATE TABLE ... AS SELECT with a column list: names and a key, no types
  assert.deepEqual(described('create table t (id primary key, code) as select id, code from u'), ['T:primary key:ID | ID,CODE | ']);
  // a user-defined type whose name starts like a keyword (NOT..., AS...) is a type
  assert.deepEqual(described('create table t (id number primary key, notes notes_tab, asset asset_t) nested table notes store as t_notes'),
    ['T:primary key:ID | ID,NOTES,ASSET | ID NUMBER, NOTES NOTES_TAB, ASSET ASSET_T']);
  // partitions after the column list are not columns
  assert.deepEqual(described(`create table sales (id number primary key, region varchar2(1))
    partition by list (region) (partition p_east values ('E'), partition p_west values ('W'))`),
  ['SALES:primary key:ID | ID,REGION | ID NUMBER, REGION VARCHAR2(1)']);
  // a CTAS whose query says UNIQUE declares no key
  assert.deepEqual(keys('create table t as select * from (select unique id from u)'), []);
  // a bitmap index is not unique; ALTER TABLE DROP UNIQUE and a CHECK over words add no key
  assert.deepEqual(keys('create bitmap index ix on t (status)'), []);
  assert.deepEqual(keys('alter table t drop unique (email) keep index'), []);
  assert.deepEqual(keys('alter table t add constraint t_ck check (a is not null)'), []);
  // a view is no table key
  assert.deepEqual(keys('create view v as select id from t'), []);
});

test('simple views (Oracle SQL reference forms): clauses before AS, UNIQUE/ALL, subqueries in the select list and the WHERE clause', () => {
  assert.deepEqual(views('create or replace view v bequeath definer as select id from t'), ['V<-T:ID=ID']);
  assert.deepEqual(views('create view v sharing = metadata default collation using_nls_comp as select id from t'), ['V<-T:ID=ID']);
  assert.deepEqual(views('create view emp_v of emp_t under person_v as select id from emp'), []);
  assert.deepEqual(views('create view v as select unique id from t'), []);
  assert.deepEqual(views('create view v as select all id, code from t'), ['V<-T:ID=ID+CODE=CODE']);
  assert.deepEqual(views('create view v as select id, (select max(x) from u where u.id = t.id) mx from t'), ['V<-T:ID=ID']);
  assert.deepEqual(views("create view v as select id from t where status = 'A'"), ['V<-T:ID=ID']);
  assert.deepEqual(views('create view v as select id from t where id in (select t_id from u group by t_id having count(*) > 1)'), ['V<-T:ID=ID']);
  assert.deepEqual(views('create view v as select id from t where x > 0 group by id'), []);
  assert.deepEqual(views('create view v (a, b) as select * from t'), []);
  assert.deepEqual(views("create view v as select id, 'A' status, substr(code, 1, 3) code3 from t"), ['V<-T:ID=ID']);
  assert.deepEqual(views('create view v as select status s from status'), ['V<-STATUS:S=STATUS']);
});

test('a view showing only part of a composite key has no key', () => {
  const facts = [
    ...factsOfStatement('create table t (a number, b number, constraint t_pk primary key (a, b))', 1),
    ...factsOfStatement('create view v as select a from t', 2),
    ...factsOfStatement('create view w as select a, b from t', 3),
  ];
  const of = (name: string) => resolveKeys(name, (n) => facts.filter((f) => f.table === n)).map((k) => k.columns.join('+'));
  assert.deepEqual(of('V'), []);
  assert.deepEqual(of('W'), ['A+B']);
});
