create or replace function rows_between (
  p_tab    in dbms_tf.table_t,
  p_from   in number,
  p_to     in number
) return varchar2 sql_macro(table)
is
begin
  return q'{
    select * from p_tab
    offset p_from - 1 rows fetch next p_to - p_from + 1 rows only
  }';
end rows_between;
/

create or replace function fmt_money (p_amt number) return varchar2
  sql_macro(scalar)
as
begin
  return q'[to_char(p_amt, 'FM999G999G990D00')]';
end;
/

create or replace function keep_cols (t dbms_tf.table_t, c dbms_tf.columns_t)
  return clob sql_macro
is
begin
  return 'select ' || dbms_tf.column_list(c) || ' from t';
end;
/

create or replace function recent (t dbms_tf.table_t) return varchar2 sql_macro(type => table) is
begin
  return 'select * from t where created > sysdate - 7';
end;
/

select * from rows_between(employees, 11, 20);
select * from keep_cols(departments, columns(department_id, department_name));
select fmt_money(salary) from employees;
select * from table(recent(orders)) o;
select * from recent(t => orders);
with recent_ord as (select * from orders where rownum < 10)
select * from rows_between(recent_ord, 1, 3);
