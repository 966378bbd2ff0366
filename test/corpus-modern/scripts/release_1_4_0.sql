set define off
set serveroutput on
whenever sqlerror exit sql.sqlcode rollback
spool release_1_4_0.log

prompt === 1.4.0: order priorities
alter table orders add (priority number(1) default on null 3);

create index if not exists orders_priority_ix on orders (priority, created_at);

@@packages/order_api.pks
@@packages/order_api.pkb

begin
  update orders set priority = 1 where customer_id in (select customer_id from customers where segment = 'ENTERPRISE');
  dbms_output.put_line(sql%rowcount || ' orders prioritised');
  commit;
end;
/

spool off
