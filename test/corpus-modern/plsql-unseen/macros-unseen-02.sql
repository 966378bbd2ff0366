create or replace function series (
    p_count in number
    , p_names in dbms_tf.columns_t default null
) return varchar2 sql_macro(table)
is
    l_sql varchar2(1000) := '
        select level as ~col~ from dual connect by level <= p_count';
begin
    return replace(l_sql, '~col~', case when p_names is null then 'n' else p_names(1) end);
end series;
/
select * from series(3, columns(k))
/
select s.n from series(10) s where s.n > 5
/

with
    function pretty_iv (p_iv in interval day to second) return varchar2 sql_macro(scalar)
    is
        l_expr varchar2(4000);
    begin
        l_expr := q'~trim(case when extract(day from p_iv) <> 0 then extract(day from p_iv) || 'd ' end
            || case when extract(hour from p_iv) > 0 then extract(hour from p_iv) || 'h' end)~';
        return l_expr;
    end pretty_iv;
    samples as (
        select numtodsinterval(level * 3671, 'second') as iv
             , interval '04:05.123456789' minute to second(9) as fixed_iv
             , interval '2 3' day to hour as dh
             , interval '11' month as mon
             , interval '1-2' year(3) to month as ym
          from dual
       connect by level <= 20
    )
select iv, pretty_iv(iv) as txt, pretty_iv(interval '90' second) as lit
  from samples
/

with function add_vat (p number) return number deterministic is
begin
  return round(p * 1.2, 2);
end;
procedure noop is begin null; end;
select add_vat(amount) from invoices
/

create or replace function csv_cols (t dbms_tf.table_t, keep dbms_tf.columns_t, sep varchar2 := ',')
  return clob sql_macro(table)
as
  l_list varchar2(4000);
begin
  for i in 1 .. keep.count loop
    l_list := l_list || case when i > 1 then ' || ''' || sep || ''' || ' end || keep(i);
  end loop;
  for i in 1 .. t.column.count loop
    if t.column(i).description.type = dbms_tf.type_number then
      null;
    end if;
  end loop;
  return 'select ' || l_list || ' as csv_line from t';
end csv_cols;
/
select * from csv_cols(emp, columns(empno, ename), '|');
select * from csv_cols(t => dept, keep => columns(deptno, dname));
