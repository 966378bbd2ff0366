set serveroutput on size unlimited
whenever sqlerror exit failure rollback

declare
  l_deleted pls_integer := 0;
begin
  for r in (select order_id from orders where status = 'CANCELLED' and created_at < add_months(sysdate, -24)) loop
    delete from order_lines where order_id = r.order_id;
    delete from orders where order_id = r.order_id;
    l_deleted := l_deleted + 1;
    if mod(l_deleted, 1000) = 0 then
      commit;
    end if;
  end loop;
  commit;
  dbms_output.put_line(l_deleted || ' cancelled orders removed');
end;
/
