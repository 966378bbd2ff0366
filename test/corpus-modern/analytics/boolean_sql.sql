select product_id, in_stock, in_stock and not discontinued as orderable
  from products
 where in_stock = true;

select count(*) filter (where is_active) as active_users from app_users;

update products set discontinued = false where discontinued is null;
