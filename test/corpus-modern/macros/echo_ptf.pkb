create or replace package body echo_ptf as

  function describe(p_tab in out dbms_tf.table_t, p_cols in dbms_tf.columns_t) return dbms_tf.describe_t is
    l_new dbms_tf.columns_new_t;
  begin
    for i in 1 .. p_cols.count loop
      l_new(i) := dbms_tf.column_metadata_t(name => 'ECHO_' || trim('"' from p_cols(i)), type => dbms_tf.type_varchar2);
    end loop;
    return dbms_tf.describe_t(new_columns => l_new);
  end describe;

  procedure fetch_rows is
    l_rowset dbms_tf.row_set_t;
    l_rows   pls_integer;
  begin
    dbms_tf.get_row_set(l_rowset, l_rows);
    for c in 1 .. l_rowset.count loop
      dbms_tf.put_col(c, l_rowset(c));
    end loop;
  end fetch_rows;

end echo_ptf;
/
