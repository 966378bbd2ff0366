create or replace function top_n(p_tab in dbms_tf.table_t, p_n in number, p_order in dbms_tf.columns_t)
  return clob sql_macro(table)
is
begin
  return 'select * from p_tab order by ' || p_order(1) || ' desc fetch first p_n rows only';
end top_n;
/
