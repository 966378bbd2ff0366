-- 21c iteration controls as a batch job would write them
declare
  type t_num_tab is table of number index by pls_integer;
  type t_name_map is table of varchar2(100) index by varchar2(30);
  l_nums   t_num_tab;
  l_names  t_name_map;
  l_total  number := 0;
begin
  for i in 1 .. 3, 10 .. 12 by 2, reverse 1 .. 3 loop
    l_nums(i) := i * 2;
  end loop;

  FOR i PLS_INTEGER IN 1..10 BY 3 LOOP
    l_total := l_total + i;
  END LOOP;

  for x number(5,2) in 0.5 .. 2.5 by 0.25 loop
    dbms_output.put_line(to_char(x, '0.00'));
  end loop;

  for i in 1..100 while l_total < 500 loop
    l_total := l_total + i;
  end loop;

  for i in 1 .. 20 when mod(i, 2) = 0 loop
    l_nums(i) := i;
  end loop;

  for v in values of l_nums loop
    l_total := l_total + v;
  end loop;

  for idx in indices of l_nums loop
    dbms_output.put_line(idx);
  end loop;

  for k, v in pairs of l_names loop
    dbms_output.put_line(k || ' = ' || v);
  end loop;

  for k varchar2(30), v varchar2(100) in pairs of l_names loop
    null;
  end loop;

  for i in repeat i * 2 while i < 1000 loop
    dbms_output.put_line(i);
  end loop;

  for i in 1, repeat i * 2 while i < 100 loop
    null;
  end loop;

  for i mutable in 1 .. 10 loop
    i := i + 1;  -- allowed with MUTABLE
  end loop;

  for i immutable pls_integer in 1 .. 5 loop
    null;
  end loop;

  for r in (select employee_id, last_name from employees where department_id = 50) loop
    l_names(to_char(r.employee_id)) := r.last_name;
  end loop;

  for r employees%rowtype in (select * from employees fetch first 5 rows only) loop
    dbms_output.put_line(r.last_name);
  end loop;

  for r in (execute immediate 'select object_name from user_objects where rownum <= :n' using 10) loop
    dbms_output.put_line(r.object_name);
  end loop;

  <<outer_loop>>
  for i in 1 .. 3 loop
    <<inner_loop>>
    for j in reverse 1 .. i loop
      exit outer_loop when i * j > 4;
      continue inner_loop when j = 2;
    end loop inner_loop;
  end loop outer_loop;

  for i in -5 .. -1 loop null; end loop;
  for i in l_nums.first .. l_nums.last loop
    if l_nums.exists(i) then l_total := l_total + l_nums(i); end if;
  end loop;
end;
/
