create or replace function top_n(p_tab in dbms_tf.table_t, p_n in number, p_col in dbms_tf.columns_t)
  return varchar2 sql_macro(table)
is
begin
  return q'{select * from p_tab order by p_col fetch first p_n rows only}';
end;
/
create or replace function fmt_money(p_amt number) return varchar2 sql_macro(scalar) is
begin
  return q'! to_char(p_amt, 'FM999G999G990D00') !';
end;
/
select * from top_n(employees, 5, columns(salary));
select fmt_money(salary) from employees;
create or replace function get_emp_json(p_id number) return varchar2
  result_cache
is
  l_doc varchar2(4000);
begin
  select json_serialize(json_object(* returning json) pretty) into l_doc
    from employees where employee_id = p_id;
  return l_doc;
exception
  when no_data_found then
    return null;
end;
/
