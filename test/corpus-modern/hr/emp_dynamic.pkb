create or replace package body emp_dynamic as

  procedure print_table(p_table in varchar2) is
    type t_row is record (id number, name varchar2(100));
  begin
    for r t_row in (execute immediate 'select id, name from ' || dbms_assert.sql_object_name(p_table)) loop
      dbms_output.put_line(r.id || ': ' || r.name);
    end loop;
  end print_table;

  function count_rows(p_table in varchar2, p_where in varchar2 default '1=1') return number is
    l_count number;
  begin
    execute immediate 'select count(*) from ' || dbms_assert.sql_object_name(p_table) || ' where ' || p_where
      into l_count;
    return l_count;
  end count_rows;

end emp_dynamic;
/
