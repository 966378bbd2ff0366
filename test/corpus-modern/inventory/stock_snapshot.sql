insert /*+ append */ into stock_snapshots (snap_day, product_id, on_hand)
select trunc(sysdate), product_id, on_hand
  from product_stock;

insert all
  when on_hand = 0 then into out_of_stock (product_id, snap_day) values (product_id, trunc(sysdate))
  when on_hand < 10 then into low_stock (product_id, on_hand) values (product_id, on_hand)
  else into healthy_stock (product_id) values (product_id)
select product_id, on_hand from product_stock;

commit;
