create or replace trigger order_summary_ioi
  instead of insert on order_summary_v
  for each row
declare
  l_order_id number;
begin
  insert into orders (customer_id, status) values (:new.customer_id, 'OPEN')
  returning order_id into l_order_id;
  insert into order_lines (order_id, product_id, quantity)
  values (l_order_id, :new.product_id, :new.quantity);
end;
/
