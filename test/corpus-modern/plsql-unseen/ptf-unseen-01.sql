create or replace package upper_ptf as
  function describe (tab in out dbms_tf.table_t, cols in dbms_tf.columns_t)
    return dbms_tf.describe_t;
  procedure fetch_rows;
  function upper_cols (tab table, cols columns)
    return table pipelined row polymorphic using upper_ptf;
end upper_ptf;
/

create or replace package body upper_ptf as

  function describe (tab in out dbms_tf.table_t, cols in dbms_tf.columns_t)
    return dbms_tf.describe_t
  as
    new_cols dbms_tf.columns_new_t;
    col_id   pls_integer := 1;
  begin
    for i in 1 .. tab.column.count loop
      if tab.column(i).description.name member of cols then
        tab.column(i).for_read := true;
        tab.column(i).pass_through := false;
        new_cols(col_id) := dbms_tf.column_metadata_t(
                               name => tab.column(i).description.name,
                               type => dbms_tf.type_varchar2);
        col_id := col_id + 1;
      end if;
    end loop;
    return dbms_tf.describe_t(new_columns => new_cols);
  end describe;

  procedure fetch_rows as
    rowset dbms_tf.row_set_t;
    colcnt pls_integer;
    rowcnt pls_integer;
    env    dbms_tf.env_t := dbms_tf.get_env();
  begin
    dbms_tf.get_row_set(rowset, rowcnt, colcnt);
    for c in 1 .. colcnt loop
      for r in 1 .. rowcnt loop
        rowset(c).tab_varchar2(r) := upper(rowset(c).tab_varchar2(r));
      end loop;
    end loop;
    dbms_tf.put_row_set(rowset);
    dbms_tf.trace(env);
  end fetch_rows;

end upper_ptf;
/

create or replace function split_rows (tab table, n number default 2)
  return table pipelined table polymorphic using split_pkg;
/

select * from upper_ptf.upper_cols(employees, columns(first_name, last_name));
select * from split_rows(tab => scott.emp partition by deptno order by sal, n => 3);
select e.* from split_rows(emp) e where e.deptno = 10;
