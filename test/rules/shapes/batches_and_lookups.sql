create or replace procedure p(p_id number) is
  l_rows pls_integer;
  l_file utl_file.file_type;
begin
  loop
    delete from big_log where created < sysdate - 30 and rownum <= 10000;
    l_rows := sql%rowcount;
    commit;
    exit when l_rows = 0;
  end loop;
  for i in 1 .. 100 loop
    execute immediate 'insert into t values (:1)' using i;
    if mod(i, 10) = 0 then
      commit;
    end if;
  end loop;
  for r in (select id
              from t) loop
    for s in (select id from u
               where u.id = p_id and rownum = 1) loop
      null;
    end loop;
  end loop;
  l_file := utl_file.fopen('DIR', 'x.txt', 'w');
  for r in (select id from t) loop
    utl_file.put_line(l_file, r.id);
  end loop;
  utl_file.fclose(l_file);
end;
/
