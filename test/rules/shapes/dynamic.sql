create or replace procedure purge(p_id number) as
  l_sql varchar2(400);
  l_cur integer := dbms_sql.open_cursor;
begin
  l_sql := 'delete from orders where customer_id = ' || p_id;
  execute immediate l_sql;
  for i in 1 .. 10 loop
    execute immediate 'delete from order_log where id = ' || i;
    dbms_sql.parse(l_cur, 'select 1 from dual', dbms_sql.native);
  end loop;
end purge;
/
