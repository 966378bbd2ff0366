create or replace package hide_columns_ptf as
  function describe(p_tab in out dbms_tf.table_t, p_cols in dbms_tf.columns_t) return dbms_tf.describe_t;
  function hide(p_tab in table, p_cols in columns)
    return table pipelined row polymorphic using hide_columns_ptf;
end hide_columns_ptf;
/
