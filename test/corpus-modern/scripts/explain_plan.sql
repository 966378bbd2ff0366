explain plan set statement_id = 'orders_by_customer' for
select o.order_id, sum(l.quantity * l.unit_price)
  from orders o
  join order_lines l on l.order_id = o.order_id
 where o.customer_id = :customer_id
 group by o.order_id;

select * from table(dbms_xplan.display(statement_id => 'orders_by_customer', format => 'TYPICAL'));
