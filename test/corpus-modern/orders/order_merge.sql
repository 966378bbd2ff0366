merge into product_stock t
using (
  values (101, 5), (102, 12), (103, 0)
) s (product_id, delta)
on (t.product_id = s.product_id)
when matched then
  update set t.on_hand = t.on_hand + s.delta,
             t.updated_at = systimestamp
when not matched then
  insert (product_id, on_hand, updated_at)
  values (s.product_id, s.delta, systimestamp)
log errors into err$_product_stock ('stock load') reject limit unlimited;
