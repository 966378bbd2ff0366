declare
  type t_num_list is table of number;
  type t_map is table of varchar2(30) index by varchar2(10);
  l_list t_num_list := t_num_list(10, 20, 30);
  l_map  t_map := t_map('a' => 'alpha', 'b' => 'beta');
  l_sq   t_num_list;
  l_key  varchar2(10);
begin
  for i in 1 .. 3, 7 .. 9 loop
    dbms_output.put_line(i);
  end loop;

  for i in reverse 1 .. 10 by 2 loop
    null;
  end loop;

  for v in values of l_list loop
    dbms_output.put_line(v);
  end loop;

  for k, v in pairs of l_map loop
    dbms_output.put_line(k || '=' || v);
  end loop;

  for i pls_integer in 1 .. 10 when mod(i, 2) = 0 loop
    dbms_output.put_line(i);
  end loop;

  l_sq := t_num_list(for i in 1 .. 5 => i * i);

  for r in (select level as n from dual connect by level <= 3) loop
    dbms_output.put_line(r.n);
  end loop;

  l_key := l_map.first;
  while l_key is not null loop
    dbms_output.put_line(l_map(l_key));
    l_key := l_map.next(l_key);
  end loop;
end;
/
