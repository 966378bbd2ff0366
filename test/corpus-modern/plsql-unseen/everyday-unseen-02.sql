declare
  l_doc    clob := '{"a":1}';
  l_obj    json_object_t;
  l_arr    json_array_t := json_array_t('[1,2]');
  l_dt     date := date '2024-02-29';
  l_ts     timestamp := timestamp '2024-01-01 10:00:00.123';
  l_tsz    timestamp with time zone := systimestamp at time zone 'UTC';
  l_iv     interval day to second;
  l_yr     pls_integer;
  l_set    sys.odcinumberlist := sys.odcinumberlist(1, 2, 2, 3);
  l_set2   sys.odcinumberlist;
  l_bool   boolean;
  l_txt    varchar2(32767);
  type t_nums is table of number;
  l_a      t_nums := t_nums(1, 2, 3);
  l_b      t_nums := t_nums(3, 4);
  l_c      t_nums;
begin
  l_obj := json_object_t.parse(l_doc);
  l_obj.put('b', 2);
  l_txt := l_obj.get_string('a') || l_obj.to_string();
  if l_doc is json then l_txt := 'json'; end if;
  if l_doc is not json then null; end if;
  l_iv := l_ts - timestamp '2023-12-31 00:00:00';
  l_iv := numtodsinterval(90, 'minute') + interval '1' hour;
  l_dt := l_dt + interval '10' day + 1/24;
  l_yr := extract(year from l_dt);
  l_c := l_a multiset union distinct l_b;
  l_c := l_a multiset intersect l_b;
  l_c := l_a multiset except all l_b;
  l_c := set(l_a);
  l_bool := 3 member of l_a;
  l_bool := l_b submultiset of l_a;
  l_bool := l_a is a set;
  l_bool := l_c is empty or l_c is not empty;
  l_yr := cardinality(l_a);
  for r in (select column_value v from table(l_a)) loop
    null;
  end loop;
  select count(*) into l_yr from table(l_a) t where t.column_value > 1;
  l_txt := case when l_bool then 'y' when not l_bool then 'n' else '?' end;
  l_txt := nvl2(l_txt, 'set', 'unset') || decode(l_yr, 1, 'one', 2, 'two', 'many');
  l_bool := l_yr between 1 and 10 and l_txt like 'o%' escape '\';
  l_txt := to_char(l_tsz, 'YYYY-MM-DD"T"HH24:MI:SS.FF3TZH:TZM');
  l_txt := trim(both '"' from l_txt);
  l_txt := cast(l_yr as varchar2(10));
  l_txt := l_txt || chr(10) || q'[line two]';
  l_dt := to_date('2024-01-01' default null on conversion error, 'YYYY-MM-DD');
  l_yr := to_number('x' default -1 on conversion error);
  raise_application_error(-20001, 'stop: ' || l_txt, true);
exception
  when value_error or invalid_number then
    dbms_output.put_line(sqlerrm);
    dbms_output.put_line(dbms_utility.format_error_backtrace);
  when others then
    dbms_output.put_line(utl_call_stack.concatenate_subprogram(utl_call_stack.subprogram(1)));
    raise;
end;
/
