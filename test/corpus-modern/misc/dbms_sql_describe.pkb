create or replace package body sql_describe as

  procedure print_columns(p_query in varchar2) is
    l_cur   integer := dbms_sql.open_cursor;
    l_count integer;
    l_desc  dbms_sql.desc_tab3;
  begin
    dbms_sql.parse(l_cur, p_query, dbms_sql.native);
    dbms_sql.describe_columns3(l_cur, l_count, l_desc);
    for i in 1 .. l_count loop
      dbms_output.put_line(rpad(l_desc(i).col_name, 30) || l_desc(i).col_type);
    end loop;
    dbms_sql.close_cursor(l_cur);
  exception
    when others then
      if dbms_sql.is_open(l_cur) then
        dbms_sql.close_cursor(l_cur);
      end if;
      raise;
  end print_columns;

end sql_describe;
/
