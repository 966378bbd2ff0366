create or replace package pkg_hard resettable as
  procedure p;
end;
/
create or replace editionable package body pkg_hard as
  procedure p is
    l_v varchar2(100) := q'#it's#' || n'x' || u'y';
    l_b boolean := true;
    l_c varchar2(10);
  begin
    l_c := case
             when l_v is null then 'n'
             when l_v like 'a%' then 'a'
           end;
    case l_v
      when 'a', 'b' then null;
      when is null then null;
      else null;
    end case;
    if l_b and not (l_v is not null) then null; end if;
    select count(*) filter (where x > 1), count(*) into l_c, l_c from t group by all;
    select a, b into l_c, l_c from t qualify row_number() over (partition by a order by b) = 1;
  end;
end;
/
select deptno, count(*) cnt from emp group by deptno having count(*) > 1 window w as (partition by deptno);
select x from t1 cross apply (select y from t2 where t2.id = t1.id) a outer apply (select z from t3) b;
select * from t1, lateral (select * from t2 where t2.id = t1.id) l;
select t.*, vector_distance(v1, v2, cosine) d from vecs t order by d fetch approx first 5 rows only;
update orders o set o.total = s.total from order_sums s where s.id = o.id;
delete from orders o where o.id = 1 returning old total into :x;
create table t_dom (id number, email varchar2(100) domain email_d) annotations (display 'Emails');
select json { 'a' : 1, 'b' : [1,2] } from dual;
select json_object(key 'a' value '[1]' format json) from dual;
declare
  type rec_t is record (a number, b varchar2(10));
  r rec_t := rec_t(a => 1, b => 'x');
  type tab_t is table of varchar2(10) index by pls_integer;
  t tab_t := tab_t(1 => 'a', 2 => 'b', others => 'z');
  t2 tab_t := tab_t(for i in 1..3 index i*2 => to_char(i));
  t3 tab_t := tab_t(for i in 1..3 sequence => to_char(i));
begin
  for r2 in (execute immediate 'select 1 a from dual') loop null; end loop;
  for i in 1..10 while i < 5 loop null; end loop;
  for x number(5,2) in 1.5 .. 3 by 0.5 loop null; end loop;
end;
/
create or replace procedure js_hello(p_name varchar2) as mle language javascript
{{ console.log('hello ' + p_name); }};
/
create or replace and compile java source named "Hello" as
public class Hello {
  public static String hi() { return "/"; }
}
/
