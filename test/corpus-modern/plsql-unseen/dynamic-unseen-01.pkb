create or replace package body dyn_report is

  procedure describe_query (p_sql in varchar2) is
    l_cur   integer := dbms_sql.open_cursor;
    l_cols  dbms_sql.desc_tab3;
    l_cnt   integer;
    l_val   varchar2(4000);
    l_rows  integer;
  begin
    dbms_sql.parse(l_cur, p_sql, dbms_sql.native);
    dbms_sql.describe_columns3(l_cur, l_cnt, l_cols);
    for i in 1 .. l_cnt loop
      dbms_sql.define_column(l_cur, i, l_val, 4000);
    end loop;
    l_rows := dbms_sql.execute(l_cur);
    while dbms_sql.fetch_rows(l_cur) > 0 loop
      for i in 1 .. l_cnt loop
        dbms_sql.column_value(l_cur, i, l_val);
        dbms_output.put(rpad(nvl(l_val, ' '), 20));
      end loop;
      dbms_output.new_line;
    end loop;
    dbms_sql.close_cursor(l_cur);
  exception
    when others then
      if dbms_sql.is_open(l_cur) then
        dbms_sql.close_cursor(l_cur);
      end if;
      raise;
  end describe_query;

  function to_refcursor (p_sql varchar2, p_binds sys.odcivarchar2list) return sys_refcursor is
    l_cur integer := dbms_sql.open_cursor(treat_as_client_for_results => true);
    l_ret integer;
  begin
    dbms_sql.parse(l_cur, p_sql, dbms_sql.native);
    for i in 1 .. p_binds.count loop
      dbms_sql.bind_variable(l_cur, ':b' || i, p_binds(i));
    end loop;
    l_ret := dbms_sql.execute(l_cur);
    return dbms_sql.to_refcursor(l_cur);
  end to_refcursor;

  procedure implicit_results is
    rc sys_refcursor;
  begin
    open rc for select table_name from user_tables order by 1;
    dbms_sql.return_result(rc);
    open rc for select sysdate now from dual;
    dbms_sql.return_result(r => rc, to_client => true);
  end implicit_results;

  procedure nested_cursors is
    rc       sys_refcursor;
    l_dept   departments.department_name%type;
    l_emps   sys_refcursor;
    l_name   employees.last_name%type;
  begin
    open rc for
      select d.department_name,
             cursor(select e.last_name from employees e where e.department_id = d.department_id order by 1)
        from departments d;
    loop
      fetch rc into l_dept, l_emps;
      exit when rc%notfound;
      loop
        fetch l_emps into l_name;
        exit when l_emps%notfound;
        dbms_output.put_line(l_dept || ': ' || l_name);
      end loop;
    end loop;
    close rc;
  end nested_cursors;

  procedure overloaded (p number) is begin null; end;
  procedure overloaded (p varchar2) is begin null; end;
  procedure overloaded (p date, q boolean := false) is begin null; end;

  procedure qualified_refs is
  begin
    <<outer_blk>>
    declare
      x number := 1;
    begin
      <<inner_blk>>
      declare
        x number := 2;
      begin
        dbms_output.put_line(outer_blk.x + inner_blk.x);
        dyn_report.overloaded(p => outer_blk.x);
      end inner_blk;
    end outer_blk;
  end qualified_refs;

end dyn_report;
/
