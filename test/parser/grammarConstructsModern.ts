/**
 * The Oracle 19c-26ai syntax of issue 8, section 1, one group per bullet: forms the grammar must accept (written
 * from the SQL and PL/SQL Language References, in our own code) and, per bullet, one invalid form with the error
 * it must give. Used by grammarModern.test.ts.
 */
import type { Construct } from './grammarConstructs.ts';

export interface RejectedConstruct {
  name: string;
  code: string;
  line: number;
  column: number;
  message: RegExp;
}

export interface ConstructGroup {
  bullet: string;
  accepted: Construct[];
  rejected: RejectedConstruct;
}

export const modernConstructs: ConstructGroup[] = [
  {
    bullet: '21c iteration controls',
    accepted: [
      { name: 'several controls, steps, REVERSE', code: 'begin for i in 1 .. 3, 10 .. 12 by 2, reverse 1 .. 3 loop null; end loop; end;' },
      { name: 'typed iterands', code: `declare cursor c is select 1 a from dual; type t_rec is record (a number);
begin
  for i pls_integer in 1 .. 10 loop null; end loop;
  for r t_rec in c loop null; end loop;
  for r c%rowtype in (select 1 a from dual) loop null; end loop;
end;` },
      { name: 'BY with a non-integer step', code: 'begin for x number(5,2) in 0 .. 1 by 0.25 loop null; end loop; end;' },
      { name: 'WHEN and WHILE filters, REPEAT', code: 'begin for i in 1 .. 100 while i < 50 when mod(i, 2) = 0 loop null; end loop; for i in 1, repeat i * 2 while i < 100 loop null; end loop; end;' },
      { name: 'VALUES OF, INDICES OF, PAIRS OF', code: `declare type t is table of number index by pls_integer; v t;
begin
  for x in values of v loop null; end loop;
  for i in indices of v loop null; end loop;
  for k, x in pairs of v loop null; end loop;
end;` },
      { name: 'cursor variable, dynamic SQL and a query as sources', code: `declare c sys_refcursor; type t_rec is record (a number);
begin
  for r t_rec in values of c loop null; end loop;
  for r t_rec in (execute immediate 'select 1 from dual') loop null; end loop;
  for a in values of (select id from t) loop null; end loop;
end;` },
      { name: 'REVERSE with VALUES OF, INDICES OF, PAIRS OF', code: 'declare type t is table of number index by pls_integer; v t; begin for i in reverse indices of v loop null; end loop; for x in reverse values of v loop null; end loop; for k, x in reverse pairs of v loop null; end loop; end;' },
      { name: 'MUTABLE and IMMUTABLE iterands', code: 'begin for i mutable in 1 .. 10 loop i := i + 1; end loop; for j immutable pls_integer in 1 .. 3 loop null; end loop; end;' },
    ],
    rejected: { name: 'a comma with no control after it', code: 'begin\n  for i in 1 .. 3, loop\n    null;\n  end loop;\nend;', line: 2, column: 20, message: /unexpected 'loop'/ },
  },
  {
    bullet: 'qualified expressions',
    accepted: [
      { name: 'positional, named and OTHERS choices', code: "declare type t is table of varchar2(10) index by pls_integer; v t; begin v := t(1 => 'a', 2 => 'b', others => 'x'); end;" },
      { name: 'record aggregates', code: "declare type r is record (a number, b varchar2(10)); x r; begin x := r(a => 1, b => 'z'); x := r(1, 'z'); end;" },
      { name: 'iterator choices: basic, INDEX, SEQUENCE', code: 'declare type t is table of number index by pls_integer; v t; begin v := t(for i in 1 .. 5 => i * i); v := t(for i in 1 .. 5 index i * 10 => i); v := t(for i in 1 .. 5 sequence => i); end;' },
      { name: 'iterator choice over PAIRS OF', code: 'declare type t is table of number index by varchar2(10); v t; w t; begin w := t(for k, x in pairs of v index k => x + 1); end;' },
    ],
    rejected: { name: 'iterator choice without =>', code: 'declare\n  type t is table of number index by pls_integer;\n  v t;\nbegin\n  v := t(for i in 1 .. 5 i * i);\nend;', line: 5, column: 28, message: /expected '=>'/ },
  },
  {
    bullet: 'SQL/JSON',
    accepted: [
      { name: 'JSON_OBJECT with every clause', code: "select json_object(key 'a' value 1, 'b' value 2, 'c' : 3 format json absent on null returning clob pretty ascii strict with unique keys) from dual;" },
      { name: 'JSON_OBJECT(*), JSON_ARRAY, the aggregates', code: 'select json_object(*), json_object(t.*), json_array(1, 2, null null on null returning json), json_arrayagg(x order by x returning clob), json_objectagg(key k value v absent on null with unique keys returning clob) from t;' },
      { name: 'JSON_SERIALIZE, JSON_MERGEPATCH', code: "select json_serialize(doc returning varchar2(4000) pretty truncate error on error), json_mergepatch(doc, '{\"a\":null}' returning clob pretty) from t;" },
      { name: 'JSON_TRANSFORM operations', code: "select json_transform(doc, set '$.a' = 1, remove '$.b', insert '$.c' = 'x' format json, append '$.arr' = 5, rename '$.d' = 'e', keep '$.f', replace '$.g' = sysdate ignore on missing) from t;" },
      { name: 'JSON_QUERY, JSON_VALUE, JSON_EXISTS with PASSING and error clauses', code: "select json_query(doc, '$.a' returning varchar2(100) with conditional array wrapper empty array on empty null on error), json_value(doc, '$.b' returning number default 0 on error error on empty), json_value(doc, '$.c?(@ > $x)' passing 5 as \"x\") from t where json_exists(doc, '$.d?(@ == $v)' passing 'z' as \"v\" true on error);" },
      { name: 'JSON_TABLE with NESTED PATH, FOR ORDINALITY, EXISTS PATH', code: "select jt.* from t, json_table(t.doc, '$' columns (id number path '$.id', rn for ordinality, has_x varchar2(5) exists path '$.x', nested path '$.items[*]' columns (name varchar2(20) path '$.name'))) jt;" },
      { name: 'dot notation with array steps and item methods', code: 'select t.doc.items[0].name, t.doc.a.b.string(), t.doc.items[*].price.sum(), t.doc."camelCase" from orders t;' },
      { name: '23ai JSON constructors', code: "select json { 'a' : 1, 'b' : t.x }, json [ 1, 2, 3 ], json { t.* } from t;" },
    ],
    rejected: { name: 'an array step that is never closed', code: 'select t.doc.items[0.name\n  from orders t;', line: 2, column: 16, message: /at the end of the unit: expected '\]'/ },
  },
  {
    bullet: 'SQL macros and polymorphic table functions',
    accepted: [
      { name: 'SQL_MACRO(TABLE) with DBMS_TF parameters', code: "create or replace function top_n(t dbms_tf.table_t, n number) return clob sql_macro(table) is begin return 'select * from t fetch first n rows only'; end;" },
      { name: 'SQL_MACRO(SCALAR)', code: "create or replace function fmt_amt(a number) return varchar2 sql_macro(scalar) is begin return q'[to_char(a, '999G990D00')]'; end;" },
      { name: 'PTF package with DESCRIBE and TABLE/COLUMNS parameters', code: 'create or replace package ptf_pkg as function describe(tab in out dbms_tf.table_t, cols in dbms_tf.columns_t) return dbms_tf.describe_t; function hide(t table, c columns) return table pipelined row polymorphic using ptf_pkg; end;' },
      { name: 'a PTF table argument with PARTITION BY and ORDER BY', code: 'select * from split_rows(tab => scott.emp partition by deptno order by sal, n => 3); select * from f(t partition by (a, b));' },
      { name: 'COLUMNS(...) and table functions with and without TABLE()', code: 'select * from ptf_pkg.hide(emp, columns(sal, comm)); select * from table(pipe_f(1)) x, table(pipe_f(2)), top_n(emp, 5);' },
    ],
    rejected: { name: 'SQL_MACRO with its parenthesis never closed', code: "create function m return varchar2 sql_macro(table is\nbegin\n  return 'select 1 from dual';\nend;", line: 4, column: 4, message: /at the end of the unit: expected '\)'/ },
  },
  {
    bullet: '23ai forms',
    accepted: [
      { name: 'VALUES rows in FROM, WITH and INSERT', code: "select * from (values (1, 'a'), (2, 'b')) v(id, name); with s (c) as (values (1), (2)) select * from s; insert into t (a, b) values (1, 'a'), (2, 'b');" },
      { name: 'CREATE ... IF NOT EXISTS for PL/SQL units', code: 'create procedure if not exists p is begin null; end;\n/\ncreate function if not exists f return number is begin return 1; end;\n/\ncreate package if not exists k as x number; end;\n/\ncreate package body if not exists k as end;\n/\ncreate type if not exists o as object (a number);\n/\ncreate trigger if not exists trg before insert on t begin null; end;\n/' },
      { name: 'SELECT without FROM, BOOLEAN in SQL', code: 'select 1, sysdate; select true, false from dual where true;' },
      { name: 'IF [NOT] EXISTS, domains and annotations in DDL', code: "create table if not exists t (a number annotations (pk)) annotations (display 'T'); drop table if exists t purge; create domain if not exists email_d as varchar2(100);" },
      { name: 'GROUP BY aliases and positions', code: "select to_char(d, 'YYYY') yr, count(*) from t group by yr; select a, b, count(*) from t group by 1, 2;" },
      { name: 'UPDATE ... FROM and DELETE ... FROM', code: 'update t set t.a = s.a from s where t.id = s.id; delete t from s where t.id = s.id;' },
      { name: 'RETURNING OLD and NEW', code: 'begin update t set a = a + 1 where id = 1 returning old a, new a into x, y; end;' },
      { name: 'DEFAULT ON NULL FOR INSERT AND UPDATE, vectors', code: "create table t3 (a number default on null for insert and update 0); select vector('[1, 2, 3]', 3, float32), vector_distance(v, :q, cosine) from t order by 2 fetch approx first 5 rows only;" },
    ],
    rejected: { name: 'a trailing comma after the last VALUES row', code: "insert into t (a)\nvalues (1), (2),;", line: 2, column: 17, message: /expected an expression/ },
  },
  {
    bullet: '23.x-26ai: extended CASE, GROUP BY ALL, QUALIFY, FILTER, WINDOW, MLE, RESETTABLE',
    accepted: [
      { name: 'dangling predicates in a CASE statement', code: 'begin case x when < 0, > 100 then null; when is null then null; when 1, 2 then null; when between 3 and 5 then null; else null; end case; end;' },
      { name: 'dangling predicates in a CASE expression', code: "begin y := case x when < 0 then 'neg' when is not null then 'ok' end; end;" },
      { name: 'GROUP BY ALL and QUALIFY', code: 'select dept, job, count(*) from emp group by all; select ename from emp qualify row_number() over (partition by deptno order by sal desc) = 1;' },
      { name: 'aggregate FILTER', code: "select count(*) filter (where sal > 1000), sum(sal) filter (where job = 'X') from emp;" },
      { name: 'WINDOW clause, GROUPS frames, EXCLUDE', code: 'select sum(sal) over w, avg(sal) over (w rows between 1 preceding and current row), sum(sal) over (order by d groups between 1 preceding and 1 following exclude current row) from emp window w as (partition by deptno order by d);' },
      { name: 'inline MLE JavaScript and MLE module call specs', code: "create or replace function js_add(a number, b number) return number as mle language javascript {{ return a + b; }};\n/\ncreate or replace function js_f(a number) return number as mle module m signature 'f(number)';" },
      { name: 'inline MLE code behind any delimiter, or in a string', code: "create function f1(a number) return number as mle language javascript << return a << 1; >>;\n/\ncreate function f2(a number) return number as mle language javascript pure (( return Math.max(a, 0); ));\n/\ncreate function f3(s varchar2) return varchar2 as mle language javascript $$ return s + \"'\"; $$;\n/\ncreate function f4 return number as mle language javascript q'~ return 1; ~';\n/" },
      { name: 'RESETTABLE package', code: 'create or replace package p resettable as x number; end;' },
    ],
    rejected: { name: 'a dangling comparison without its operand', code: 'begin\n  case x\n    when < then null;\n  end case;\nend;', line: 3, column: 12, message: /unexpected 'then'/ },
  },
  {
    bullet: 'analytic and application SQL',
    accepted: [
      { name: 'MATCH_RECOGNIZE', code: 'select * from ticker match_recognize (partition by sym order by ts measures strt.ts as start_ts one row per match after match skip to last up pattern (strt down+ up+) define down as price < prev(price), up as price > prev(price)) mr;' },
      { name: 'MODEL', code: 'select * from sales model partition by (country) dimension by (year) measures (amount a) rules upsert (a[2024] = a[2023] * 1.1) order by 1;' },
      { name: 'PIVOT XML and UNPIVOT INCLUDE NULLS', code: "select * from t pivot xml (sum(x) for y in (any)); select * from t unpivot include nulls (v for k in (a as 'A', b as 'B'));" },
      { name: 'row limiting', code: 'select * from t order by a offset 10 rows fetch next 5 rows with ties; select * from t fetch first 10 percent rows only;' },
      { name: 'LATERAL, CROSS APPLY, OUTER APPLY', code: 'select * from d, lateral (select * from e where e.d = d.id) x cross apply (select 1 from dual) y outer apply (select 2 from dual) z;' },
      { name: 'joins nested without parentheses', code: 'select * from a join b join c on b.id = c.id on a.id = b.id;' },
      { name: 'partition-extended names and a package function as a table', code: 'select * from t partition (p1) x, t subpartition (sp1) y, t partition for (2024) z, pkg.fn(1, 2) f;' },
      { name: 'LOG ERRORS on every DML', code: "insert into t select * from s log errors into err$_t ('load') reject limit unlimited; update t set a = 1 log errors reject limit 10; delete from t log errors into e; merge into t using s on (t.id = s.id) when matched then update set t.a = s.a log errors into e;" },
      { name: 'flashback AS OF and VERSIONS BETWEEN', code: "select * from t as of timestamp systimestamp - interval '1' hour; select * from t versions between scn minvalue and maxvalue;" },
      { name: 'LISTAGG ON OVERFLOW, WITHIN GROUP, KEEP', code: "select listagg(name, ',' on overflow truncate '...' with count) within group (order by name), max(sal) keep (dense_rank first order by d) over (partition by g) from t;" },
      { name: 'hierarchical queries, SEARCH and CYCLE', code: "select connect_by_root ename, sys_connect_by_path(ename, '/') from emp start with mgr is null connect by prior empno = mgr order siblings by ename; with r (id, pid) as (select id, pid from t where pid is null union all select t.id, t.pid from t join r on t.pid = r.id) search breadth first by id set ord cycle id set is_cycle to 'Y' default 'N' select * from r;" },
      { name: 'partitioned outer join', code: 'select * from t partition by (prod) right outer join times using (d);' },
      { name: 'MODEL rules in SEQUENTIAL or AUTOMATIC ORDER', code: 'select * from s model dimension by (y) measures (v) rules upsert sequential order (v[2025] = v[2024] * 2) order by y; select * from s model dimension by (y) measures (v) rules automatic order (v[1] = 0);' },
      { name: 'analytic views: a WITH element and HIERARCHIES', code: "with av2 analytic view as (using sales_av hierarchies (time_hier) add measures (prev_sales as (lag(sales) over (hierarchy time_hier offset 1)))) select time_hier.member_name, sales from av2 hierarchies (time_hier) where time_hier.level_name = 'YEAR';" },
      { name: 'VERSIONS PERIOD FOR, FOR UPDATE before ORDER BY', code: 'select * from t versions period for valid_time between sysdate - 10 and sysdate where id = 1; select a from t for update of a order by a;' },
      { name: 'COLUMNS as a column alias, 23ai JOIN TO ONE', code: "select max(decode(p, 1, c)) columns from t; select e.name, d.name from emp e join to one (dept d, loc l) where e.sal > 100;" },
      { name: 'DML through CONTAINERS()', code: 'insert into containers(app.t) (con_id, x) values (3, 10); update containers(app.t) set x = 1 where con_id = 3; insert into containers (a) values (1);' },
    ],
    rejected: { name: 'FETCH FIRST without ONLY or WITH TIES', code: 'select *\n  from t\n fetch first 5 rows;', line: 3, column: 20, message: /expected 'ONLY' or 'WITH'/ },
  },
  {
    bullet: 'everyday PL/SQL and names',
    accepted: [
      { name: 'object types: UNDER without new attributes, Java call specs in the spec, (type NOT NULL) elements', code: "create type emp_t under person_t not final;\n/\ncreate type j_t as object (id number, member function d return varchar2 as language java name 'J.d() return java.lang.String', constructor function j_t (id number) return self as result as language java name 'J.make(int) return J');\n/\ncreate type nn_list as table of (varchar2(30) not null);\n/\ncreate type nn_arr as varray(10) of (number not null);\n/" },
      { name: 'DML on a nested table column: UPDATE/INSERT INTO TABLE(SELECT ...)', code: "begin update table(select o.addresses from customers o where o.id = 1) a set a.zip = '0' where a.city = 'X'; insert into table(select o.addresses from customers o where o.id = 1) values (address_t('a', 'b', 'c')); end;" },
      { name: 'CLOSE of a host cursor variable', code: 'begin close :rc; end;\n/\nexec close :rc' },
      { name: 'columns named after statement words (OPEN, CLOSE, PACKAGE)', code: "select open, close, close - open body from candles where close > open; begin update candles set close = 1, open = 2; insert into candles (open, close, package) values (1, 2, 'p'); select open into x from candles; close c; end;" },
    ],
    rejected: { name: 'a record type without fields', code: 'declare\n  type r is record ();\nbegin\n  null;\nend;', line: 2, column: 21, message: /at '\)': expected a name/ },
  },
  {
    bullet: 'triggers',
    accepted: [
      { name: 'WHEN without colons, REFERENCING, FOLLOWS', code: "create or replace trigger trg before update on t referencing old as o new as n for each row follows other_trg when (n.sal > o.sal * 1.1) begin :n.flag := 'Y'; end;" },
      { name: 'WHEN on NEW and OLD', code: 'create or replace trigger trg before update on t for each row when (new.paid_on is null and old.paid_on is not null) begin null; end;' },
      { name: 'crossedition, PRECEDES, DISABLE', code: 'create or replace trigger trg before insert on t for each row forward crossedition precedes t2 disable begin null; end;' },
      { name: 'compound trigger with every timing point', code: `create or replace trigger ct for insert or update on t compound trigger
before statement is begin null; end before statement;
before each row is begin null; end before each row;
after each row is begin null; end after each row;
after statement is begin null; end after statement;
end;` },
      { name: 'compound INSTEAD OF EACH ROW', code: 'create or replace trigger ct for insert on v compound trigger instead of each row is begin null; end instead of each row; end ct;' },
    ],
    rejected: { name: 'a timing point section without IS', code: 'create trigger ct for insert on t compound trigger\n  before each row begin null; end before each row;\nend;', line: 2, column: 19, message: /expected 'IS'/ },
  },
  {
    bullet: 'lexical',
    accepted: [
      { name: 'q-quotes with any delimiter, also non-ASCII', code: "begin x := q'£abc'd£'; y := q'#it's#'; z := q'{a}'; w := Q'!x!'; v := nq'[a]'; s := q'xyx'; t := q'§a'b§'; end;" },
      { name: 'a q-quote delimiter outside the BMP (a surrogate pair)', code: "create procedure p is\n  x varchar2(20) := q'😀it's 😀 here😀';\nbegin\n  null;\nend;\n/\nexec p" },
      { name: 'a number ending in its decimal point, next to ranges', code: 'begin x := 1.; y := x / 100. + .5; for i in 1..10 loop null; end loop; for j in 2 .. 3. loop null; end loop; end;' },
      { name: "n'..' and u'..'", code: "begin x := n'abc'; y := u'\\00e9t\\00e9'; end;" },
    ],
    rejected: { name: 'a q-quote that is never closed', code: "begin\n  x := q'£abc;\nend;", line: 2, column: 8, message: /a q-quoted string .* never closed/ },
  },
  {
    bullet: 'scripts',
    accepted: [
      { name: 'EXEC with a whole block or several statements on one line', code: "exec begin null; end;\nexecute declare x number; begin x := 1; end;\nexec :a := 1; :b := 'x';\nexec open :rc for select 1 from dual;\nexec execute immediate :sql\nexec select 1 into :n from dual;" },
      { name: 'names built around substitution variables', code: 'create or replace package &&owner..cfg_&env._pkg as\n  c constant varchar2(30) := \'&owner._TAB\';\nend cfg_&env._pkg;\n/\nexec &owner..cfg_&env._pkg.p' },
      { name: 'EXEC without the final semicolon (SQL*Plus adds it)', code: 'exec null\nexec commit\nexec begin null; end\nexec for i in 1 .. 3 loop null; end loop\nexec if :x > 0 then null; end if' },
      { name: 'EXEC continued over several lines', code: "exec dbms_stats.gather_table_stats(ownname => user, -\n    tabname => 'T', -\n    cascade => true)\nselect 1 from dual;" },
      { name: 'SQL*Plus line continuation', code: "set linesize 200 -\n    pagesize 100\ncolumn name format a30 -\n  heading 'Name'\nselect 1 from dual;" },
      { name: 'a Java source after NOFORCE, DDL islands after FORCE and other words', code: 'create noforce java source named "N" as public class N { int f() { return 1; } }\n/\ncreate or replace force view v as select 1 a from dual;\ncreate global temporary table g (a number) on commit delete rows;\ncreate type body_t as object (a number);\n/\ncreate type body body_t as member function f return number is begin return a; end; end;\n/' },
      { name: 'CREATE AND COMPILE JAVA SOURCE islands with / lines inside', code: 'create or replace and compile java source named "Calc" as\npublic class Calc {\n  static int div(int a, int b) { return a\n/ b; }\n}\n/\nbegin null; end;\n/' },
      { name: 'SQLPREFIX (#) and @ lines inside a statement, buffer edits', code: 'update emp e\nset sal = sal + 1\n#pause\nwhere 1 = 1;\nselect * from t\nwhere x = 1\n@pr\n0 declare\n/' },
    ],
    rejected: { name: 'EXEC of a block that never ends', code: 'exec begin null;', line: 1, column: 16, message: /at the end of the unit: expected 'END'/ },
  },
  // SQL forms found missing by writing unseen code (inside PL/SQL, where a statement cannot end early at an
  // unknown clause as a top-level one can).
  {
    bullet: 'SQL/JSON conditions and JSON_TRANSFORM handlers',
    accepted: [
      { name: 'IS JSON with every option', code: `begin
  for r in (select id from t
             where doc is json strict with unique keys and doc is not json lax
               and doc is json format json allow scalars and doc is json object
               and doc is json (object, scalar) and doc is json validate using '{"type":"object"}') loop
    null;
  end loop;
end;` },
      { name: 'JSON_TRANSFORM: IGNORE ON MISSING after a path, NESTED PATH, KEEP of several paths', code: `begin
  update t
     set doc = json_transform(doc, remove '$.a' ignore on missing,
                              nested path '$.items[*]' (set '@.total' = path '@.qty * @.price'),
                              keep '$.id', '$.items' returning json)
   where id = 1;
end;` },
      { name: 'TYPE (STRICT | LAX) of JSON_EXISTS', code: "begin for r in (select 1 from t where json_exists(doc, '$.a' type(lax)) and json_exists(doc, '$.b' type (strict) error on error)) loop null; end loop; end;" },
      { name: 'the SQL NESTED clause after a table; nested stays a name elsewhere', code: "declare nested number; begin for r in (select t.id, requestor, type from j_purchaseorder t nested data columns (requestor, nested shippinginstructions.phone[*] columns (type, \"number\"))) loop null; end loop; for r in (select id, sku from orders o nested path o.doc, '$.items[*]' error on error columns (sku varchar2(10) path '$.sku') where o.id > 0) loop null; end loop; nested := 1; select json_transform(doc, nested path '$.a[*]' (set '@.b' = 1)) into x from t; select x nested into y from t; end;" },
      { name: "JSON_TRANSFORM's CASE operation; SQL and PL/SQL CASE unchanged", code: "begin update t set doc = json_transform(doc, case when '$.a?(@ > 1)' then (set '$.big' = true, remove '$.small') else (set '$.big' = false) end, set '$.seen' = 1) where id = 1; x := case when a then 'y' else 'n' end; case v when 'a' then null; end case; end;" },
    ],
    rejected: { name: 'IGNORE without ON', code: "begin\n  update t set doc = json_transform(doc, remove '$.a' ignore missing) where id = 1;\nend;", line: 2, column: 62, message: /expected 'ON'/ },
  },
  {
    bullet: 'flashback periods, MODEL ordering, multitable error logging, NTH_VALUE FROM LAST',
    accepted: [
      { name: 'AS OF PERIOD FOR and VERSIONS PERIOD FOR', code: 'declare n number; begin select count(*) into n from t as of period for valid_time sysdate; select count(*) into n from t versions period for valid_time between minvalue and maxvalue; end;' },
      { name: 'RULES SEQUENTIAL ORDER and AUTOMATIC ORDER', code: 'begin for r in (select * from s model dimension by (k) measures (v) rules sequential order (v[1] = 0)) loop null; end loop; for r in (select * from s model dimension by (k) measures (v) rules automatic order (v[1] = 0)) loop null; end loop; end;' },
      { name: 'LOG ERRORS on each INTO of a multitable insert', code: "begin insert all into t1 (a) values (x) log errors into e1 ('t1') reject limit 10 into t2 (a) values (x) log errors reject limit unlimited select x from s; end;" },
      { name: 'NTH_VALUE FROM FIRST | LAST; FIRST and LAST as table names', code: 'declare n number; begin for r in (select nth_value(sal, 2) from last ignore nulls over (order by d) a, nth_value(sal, 1) from first over (order by d) b from emp) loop null; end loop; select count(*) into n from last; select count(*) into n from first f where f.x = 1; end;' },
    ],
    rejected: { name: 'REJECT without LIMIT', code: 'begin\n  delete from t log errors reject 10;\nend;', line: 2, column: 35, message: /expected 'LIMIT'/ },
  },
  {
    bullet: '23ai vector distance operators and GRAPH_TABLE',
    accepted: [
      { name: '<->, <=> and <#>', code: 'begin for r in (select id from docs order by embedding <-> :q fetch first 5 rows only) loop null; end loop; for r in (select embedding <=> :q c, embedding <#> :q d from docs) loop null; end loop; end;' },
      { name: 'GRAPH_TABLE with MATCH patterns; graph_table as a column name', code: "declare n number; begin for r in (select * from graph_table (g match (a is person where a.name = 'X') -[e is knows]->{1,3} (b is person) columns (a.id as a_id, b.id as b_id))) loop null; end loop; select graph_table into n from t; end;" },
      { name: 'partitioned row limits and search PARAMETERS', code: 'begin for r in (select * from docs order by vector_distance(v, :q) fetch approx first 5 partitions by country, 2 partitions by city, 3 rows only) loop null; end loop; for r in (select * from docs order by 1 fetch approx first 5 rows only with target accuracy 90 parameters (efsearch 500)) loop null; end loop; for r in (select * from docs order by 1 fetch approx first 5 rows only with target accuracy parameters (neighbor partition probes 10)) loop null; end loop; end;' },
      { name: 'VECTOR_CHUNKS options', code: 'begin for r in (select c.* from docs d, vector_chunks(d.body by words max 50 overlap 0 split by sentence language american normalize all) c) loop null; end loop; end;' },
    ],
    rejected: { name: 'a distance operator without its right operand', code: 'begin\n  for r in (select id from docs order by embedding <-> fetch first 5 rows only) loop null; end loop;\nend;', line: 2, column: 56, message: /unexpected 'fetch'/ },
  },
  {
    bullet: 'columns named after PL/SQL statement words',
    accepted: [
      { name: 'OPEN, CLOSE and RETURN as columns at top level', code: "select open, high, low, close from prices where close > open order by close; insert into prices (sym, open, close) values ('X', 1, 2); update prices set close = 3, open = 1 where sym = 'X';" },
      { name: 'the same inside PL/SQL, next to the statements of those words', code: "declare n number; c sys_refcursor; begin update prices set close = 3 where sym = 'X' returning close into n; select return into n from portfolio where return > 0.05; open c for select open, close from prices; close c; commit; return; end;" },
      { name: 'OPEN and CLOSE as column aliases (OHLC queries)', code: 'declare c sys_refcursor; begin for r in (select symbol, min(price) keep (dense_rank first order by ts) open, max(price) high, min(price) keep (dense_rank last order by ts) close from ticks group by symbol) loop null; end loop; open c for select 1 open from dual; close c; end;' },
      { name: 'COLUMNS as a column alias and operand; COLUMNS(...) of a PTF', code: "begin for r in (select owner, table_name, listagg(column_name, ', ') within group (order by column_id) columns from all_tab_columns group by owner, table_name order by columns) loop null; end loop; for r in (select * from my_ptf(emp, columns(a, b))) loop null; end loop; for r in (select x.* from t, json_table(t.doc columns (a)) x) loop null; end loop; end;" },
      { name: 'YEAR and DAY as aliases and loop indexes; interval qualifiers unchanged', code: "declare n number; x interval day to second; y interval year(2) to month; begin select extract(year from d) year, extract(day from d) day into n, n from t; x := (b - a) day(9) to second; x := interval '3' day(3); y := interval '1-2' year to month; for day in 1 .. 7 loop null; end loop; end;" },
    ],
    rejected: { name: 'CLOSE of no cursor', code: 'begin\n  close;\nend;', line: 2, column: 8, message: /expected a name/ },
  },
  {
    bullet: 'DEFAULT as a value, XMLATTRIBUTES EVALNAME, 26ai JOIN TO ONE',
    accepted: [
      { name: 'DEFAULT in VALUES, SET and MERGE', code: 'update t set a = default, b = 1 where id = 1; insert into t (a, b) values (default, 2); begin merge into t using s on (t.id = s.id) when matched then update set t.a = default when not matched then insert (a) values (default); end;' },
      { name: 'DEFAULT stays a clause word in declarations and SQL functions', code: "declare x number default 1; procedure p (a number default 2) is begin null; end; begin x := to_number(y default 0 on conversion error); x := json_value(d, '$.a' returning number default 0 on error); end;" },
      { name: 'EVALNAME in XMLELEMENT and XMLATTRIBUTES', code: 'begin for r in (select xmlelement(evalname e.col, e.val) x, xmlattributes(e.v as evalname e.n) from t e) loop null; end loop; end;' },
      { name: 'JOIN TO ONE with a list, joins and outer joins inside', code: 'begin for r in (select * from hr.employees e join to one (hr.departments d, hr.locations l inner join hr.countries c) where e.salary > 15000) loop null; end loop; for r in (select * from sales s join to one (left outer join customers c on c.id = s.cust_id, products p on p.id = s.prod_id) join regions r on r.id = s.region_id) loop null; end loop; end;' },
      { name: 'DML on a nested table through TABLE(subquery)', code: "begin insert into table(select d.emps from depts d where d.id = 1) values (emp_t(1, 'x')); update table(select d.emps from depts d where d.id = 1) e set e.name = 'y' where e.id = 1; delete from table(select d.emps from depts d where d.id = 1) e where e.id = 2; end;" },
    ],
    rejected: { name: 'JOIN TO ONE with an empty list', code: 'begin\n  for r in (select * from e join to one () where 1 = 1) loop null; end loop;\nend;', line: 2, column: 42, message: /at '\)': expected a name/ },
  },
];
