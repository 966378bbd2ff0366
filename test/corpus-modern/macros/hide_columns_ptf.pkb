create or replace package body hide_columns_ptf as

  function describe(p_tab in out dbms_tf.table_t, p_cols in dbms_tf.columns_t) return dbms_tf.describe_t is
  begin
    for i in 1 .. p_tab.column.count loop
      for j in 1 .. p_cols.count loop
        if p_tab.column(i).description.name = p_cols(j) then
          p_tab.column(i).for_read := false;
          p_tab.column(i).pass_through := false;
        end if;
      end loop;
    end loop;
    return null;
  end describe;

end hide_columns_ptf;
/
