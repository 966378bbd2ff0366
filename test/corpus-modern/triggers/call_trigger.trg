create or replace trigger orders_notify
  after insert on orders
  for each row
  call order_events.on_insert(:new.order_id)
/
