create or replace package body dyn_pkg is
  function count_rows(p_table in varchar2, p_where in varchar2 default null) return number is
    l_cnt number;
    l_sql varchar2(4000);
  begin
    l_sql := 'select count(*) from ' || dbms_assert.sql_object_name(p_table)
             || case when p_where is not null then ' where ' || p_where end;
    execute immediate l_sql into l_cnt;
    return l_cnt;
  end;

  procedure move_rows(p_from in varchar2, p_id in number, p_rows out number) is
    l_rc sys_refcursor;
    l_id number;
  begin
    execute immediate 'begin move_one(:id, :cnt); end;' using in p_id, out p_rows;
    open l_rc for 'select id from ' || p_from || ' where parent_id = :p' using p_id;
    loop
      fetch l_rc into l_id;
      exit when l_rc%notfound;
      <<inner>>
      for j in 1 .. 3 loop
        continue inner when j = 2;
        goto done;
      end loop inner;
      <<done>>
      null;
    end loop;
    close l_rc;
  end move_rows;

  function pipe_nums(p_n in pls_integer) return sys.odcinumberlist pipelined
    parallel_enable
  is
  begin
    for i in 1 .. p_n loop
      pipe row (i);
    end loop;
    return;
  end;
begin
  null;
end dyn_pkg;
/
