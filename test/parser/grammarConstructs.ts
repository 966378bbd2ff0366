/**
 * PL/SQL constructs the grammar must accept, one small example each, grouped as in the grammar issue.
 * Used by grammar.test.ts; each example must parse with no syntax error.
 */
export interface Construct {
  name: string;
  code: string;
}

export const acceptedConstructs: Construct[] = [
  // ---- units ----
  { name: 'package spec with AUTHID and ACCESSIBLE BY', code: `create or replace editionable package p authid definer accessible by (package q, procedure r) as
  g constant number := 1;
  procedure run(a in number default 1);
  function f return number deterministic result_cache;
end p;` },
  { name: 'package body with initialisation part', code: `create or replace package body p is
  procedure run(a in number default 1) is begin null; end run;
begin
  g_x := 1;
exception when others then raise;
end p;` },
  { name: 'noneditionable procedure', code: 'create or replace noneditionable procedure pr(x out nocopy varchar2) is begin x := \'a\'; end;' },
  { name: 'function PIPELINED PARALLEL_ENABLE', code: `create function f(c sys_refcursor) return t_tab pipelined parallel_enable (partition c by any) is
begin pipe row (t_rec(1)); return; end;` },
  { name: 'polymorphic table function', code: 'create function ptf(tab table) return table pipelined row polymorphic using ptf_pkg;' },
  { name: 'function with SQL_MACRO', code: "create function m(t dbms_tf.table_t) return varchar2 sql_macro is begin return 'select 1 from dual'; end;" },
  { name: 'call specification', code: "create function ext(x number) return number as language java name 'A.b(int) return int';" },
  { name: 'DML trigger FOR EACH ROW WHEN', code: `create or replace trigger trg before insert or update of a on t referencing new as n old as o for each row when (n.a > 0)
begin :n.b := sysdate; end;` },
  { name: 'INSTEAD OF trigger', code: 'create trigger v_trg instead of insert on v for each row begin insert into t values (:new.a); end;' },
  { name: 'compound trigger', code: `create trigger ct for update on t compound trigger
  g number;
  before statement is begin g := 0; end before statement;
  after each row is l number := 1; begin g := g + l; end after each row;
end ct;` },
  { name: 'system trigger', code: 'create or replace trigger logon_trg after logon on database begin null; end;' },
  { name: 'object type spec', code: `create or replace type t_shape force as object (
  id number,
  member function area return number,
  static function make(p_id number default 1) return t_shape,
  map member function sort_key return number,
  constructor function t_shape(self in out nocopy t_shape, id number) return self as result,
  pragma restrict_references(area, wnds)
) not final not instantiable;` },
  { name: 'subtype with UNDER and OVERRIDING FINAL', code: `create type t_circle under t_shape (
  r number,
  overriding final member function area return number,
  not instantiable member procedure draw
) final;` },
  { name: 'object type body with SELF AS and TREAT', code: `create or replace type body t_circle as
  overriding member function area return number is
  begin
    return (self as t_shape).area() + treat(self as t_circle).r;
  end;
  constructor function t_circle(self in out nocopy t_circle) return self as result is
  begin self.r := 1; return; end;
end;` },
  { name: 'collection types', code: 'create or replace type t_list as table of varchar2(4000);' },
  { name: 'varray type', code: 'create type t_arr as varray(10) of number not null;' },
  { name: 'anonymous block with label', code: '<<main>> declare x number; begin <<inner>> begin null; end inner; end main;' },
  { name: 'all pragmas', code: `declare
  pragma autonomous_transaction;
  e exception; pragma exception_init(e, -20001);
  function f(x number) return number is pragma udf; begin return x; end;
  procedure old_p is pragma deprecate(old_p, 'use new_p'); begin null; end;
begin
  pragma inline(f, 'YES');
  x := f(1);
end;` },
  { name: 'SERIALLY_REUSABLE package', code: 'create package s is pragma serially_reusable; x number; end;' },
  // ---- declarations ----
  { name: 'declarations of every kind', code: `declare
  a number(10, 2) not null := 0;
  b constant varchar2(100 char) default 'x';
  c t.col%type;
  d t%rowtype;
  type r_t is record (x number := 1, y date);
  type tab_t is table of r_t index by pls_integer;
  type arr_t is varray(5) of number;
  type rc_t is ref cursor return t%rowtype;
  rc sys_refcursor;
  subtype small is pls_integer range 1 .. 10 not null;
  cursor c1(p_id number default 1) return t%rowtype is select * from t where id = p_id;
  ts timestamp(6) with local time zone;
  iv interval day(3) to second(3);
  dp double precision;
  ln long raw;
  nc national character varying(10);
  nat natural;
  e exception;
  procedure nested(x in out number);
  procedure nested(x in out number) is begin x := x + 1; end;
begin null; end;` },
  // ---- statements ----
  { name: 'IF ELSIF ELSE', code: 'begin if a = 1 then null; elsif a between 2 and 3 then x := 1; else raise; end if; end;' },
  { name: 'CASE statements', code: 'begin case x when 1 then null; else null; end case; case when x > 1 then null; end case lbl; end;' },
  { name: 'loops', code: `begin
  loop exit when x > 10; x := x + 1; end loop;
  while x > 0 loop x := x - 1; continue when mod(x, 2) = 0; end loop;
  for i in 1 .. 10 loop null; end loop;
  for i in reverse 1 .. n loop null; end loop;
  for r in c1(1) loop null; end loop;
  for r in (select a from t) loop null; end loop;
  <<outer>> for i in 1 .. 3 loop exit outer; end loop outer;
end;` },
  { name: '21c iteration controls', code: `begin
  for i in 1 .. 10 by 2, 20 .. 30 loop null; end loop;
  for i in values of v loop null; end loop;
  for i in indices of v loop null; end loop;
  for k, v in pairs of tab loop null; end loop;
  for i in repeat i * 2 while i < 100 loop null; end loop;
end;` },
  { name: 'FORALL variants', code: `begin
  forall i in 1 .. t.count save exceptions insert into x values t(i);
  forall i in indices of t between 1 and 10 update x set a = t(i) where id = i;
  forall i in values of idx delete from x where id = t(i);
  forall i in 1 .. 2 execute immediate 'delete x where id = :1' using t(i);
end;` },
  { name: 'GOTO, labels, RAISE, RETURN, NULL', code: 'begin goto done; <<done>> null; raise no_data_found; raise; return; end;' },
  { name: 'cursors: OPEN FETCH CLOSE', code: `begin
  open c1; fetch c1 into a, b; close c1;
  open c1(10); fetch c1 bulk collect into t limit 100; close c1;
  open rc for select * from t; open rc for l_sql using a, b;
end;` },
  { name: 'EXECUTE IMMEDIATE forms', code: `begin
  execute immediate 'begin null; end;';
  execute immediate l_sql into a using in b, out c, in out d;
  execute immediate l_sql bulk collect into t using 1;
  execute immediate 'update t set a = 1 returning b into :x' returning into x;
end;` },
  { name: 'transaction control', code: `begin
  commit; commit work; rollback; rollback to savepoint sp1; savepoint sp1;
  set transaction read only; lock table t in exclusive mode nowait;
end;` },
  { name: 'call chains and qualified expressions', code: `begin
  ut.expect(l_actual).to_equal(l_expected);
  dbms_output.put_line(a => 1);
  pkg.proc;
  x := t_rec(a => 1, b => 2);
  x := tab_t(1 => 'a', others => 'b');
  l_obj.method().attr := 3;
  :new.col := 1;
  x := sql%rowcount + c%rowcount;
  if c%notfound or sql%bulk_rowcount(1) > 0 then null; end if;
end;` },
  // ---- SQL ----
  { name: 'SELECT with WITH, joins, set operators, analytic functions, hints', code: `begin
  with a as (select /*+ materialize */ id, count(*) over (partition by g order by d rows between unbounded preceding and current row) c from t)
  select /*+ gather_plan_statistics */ a.id, listagg(b.n, ',') within group (order by b.n), max(x) keep (dense_rank first order by y)
  bulk collect into l_tab
  from a join b on a.id = b.id left outer join c using (id) cross join d, e
  where exists (select 1 from f where f.id = a.id) and a.x in (1, 2) and b.y (+) = a.y
  group by a.id having count(*) > 1
  union all
  select 1, null, null from dual
  order by 1 fetch first 10 rows only;
end;` },
  { name: 'hierarchical query and pivot', code: `select level, sys_connect_by_path(n, '/') from t start with p is null connect by nocycle prior id = p order siblings by n;` },
  { name: 'INSERT forms', code: `begin
  insert into t (a, b) values (1, f(2)) returning a into x;
  insert into t select * from u log errors into err$_t reject limit unlimited;
  insert all into t values (1) into u (a) values (2) select * from dual;
  insert first when a > 1 then into t values (a) else into u values (a) select a from v;
  insert into t values r;
end;` },
  { name: 'UPDATE DELETE MERGE', code: `begin
  update t set a = 1, (b, c) = (select 1, 2 from dual) where current of c1;
  update t x set row = r where x.id = 1 returning a bulk collect into l;
  delete from t where id = 1 returning id into x;
  delete t;
  merge into t using (select * from s) s on (t.id = s.id)
    when matched then update set t.v = s.v where s.v > 0 delete where s.v is null
    when not matched then insert (id, v) values (s.id, s.v);
end;` },
  { name: 'SQL functions with keyword syntax', code: `select cast(x as varchar2(10)), cast(multiset(select a from t) as t_list), extract(year from d),
  trim(both ' ' from s), trim(leading '0' from s), to_number(x default 0 on conversion error), count(distinct a), count(*),
  xmlelement(name "a", xmlattributes(b as "c"), d), xmlagg(x order by y).getclobval(),
  json_value(j, '$.a' returning number null on error), json_object('a' value b),
  json_table(j, '$[*]' columns (a number path '$.a')) , treat(o as t_circle).r,
  interval '5' day, date '2024-01-01', timestamp '2024-01-01 00:00:00', q'[it's]', n'x', nq'{y}'
from dual;` },
  { name: 'analytic clauses and keywords that are also names', code: `select lag(x) ignore nulls over (order by d), first_value(x + 1 ignore nulls) over (partition by g),
  min(a) keep (dense_rank last order by d) over (partition by g), bs.keep keep, timestamp, a.time time,
  time '10:00:00', interval :n day, cast(d as interval day(2) to second(6)), (d2 - d1) day(9) to second
from dba_audit_trail bs where x member of l and y not submultiset of m;` },
  { name: 'recursive WITH with SEARCH and CYCLE', code: `with r (id, p) as (select id, p from t where p is null union all select t.id, t.p from t join r on t.p = r.id)
search depth first by id set ord
cycle id set is_cycle to 1 default 0
select * from r;` },
  { name: 'function calls visible inside SQL', code: 'begin select my_pkg.f(a), standalone_f(b) into x, y from t where g(c) = 1; end;' },
  // ---- SQL*Plus and script level ----
  { name: 'SQL*Plus script lines around units', code: `set serveroutput on size unlimited format truncated
prompt Don't forget the slash
spool install.log
define owner = &&1
column v new_value v_ver noprint
whenever sqlerror exit failure rollback
@@other_file.sql arg1
@../up/one_level.pks
create or replace package &&owner..pkg as procedure p; end;
/
show errors
exec &owner..pkg.p
rem a remark
host ls
/` },
  { name: 'substitution variables in code', code: "begin insert into &schema..t values ('&value', &&num); end;" },
  { name: 'plain DDL islands between units', code: `create table t (a number, b varchar2(10));
grant execute on p to public;
alter session set plsql_optimize_level = 2;
comment on table t is 'x';
create or replace procedure p is begin null; end;
/
drop package x;` },
  // ---- conditional compilation ----
  { name: 'conditional compilation in a package spec and mid-declaration', code: `create or replace package cc as
  $if $$debug $then
    procedure trace(p varchar2);
  $end
  function f(a number
    $if dbms_db_version.ver_le_11 $then , b number $end
  ) return number
    $if $$rc $then result_cache relies_on (t) $else result_cache $end;
  $error 'unsupported' $end
end;` },
  { name: 'conditional compilation with $ELSIF/$ELSE and inquiry directives', code: `begin
  $if $$plsql_optimize_level < 2 $then x := 1; $elsif $$x $then x := 2; $else x := 3; $end
  dbms_output.put_line($$plsql_unit || $$plsql_line);
end;` },
  // ---- lexical ----
  { name: 'quoted identifiers and keywords used as names', code: `declare
  "Mixed Case" number; name varchar2(10); result number; value number; type_ number; key varchar2(1);
  limit number; log number; year number; day number; merge number; member number; set_ number; left number;
begin
  name := "Mixed Case"; result := value + limit; left := day; log := year;
  x := a_object.annotations.first; y := t.type; z := r.exception; w := rec.delete;
end;` },
];
