create or replace package body price_changes as

  procedure bump(p_product_id in number, p_pct in number) is
    l_old number;
    l_new number;
  begin
    update products
       set price = round(price * (1 + p_pct / 100), 2)
     where product_id = p_product_id
    returning old price, new price into l_old, l_new;
    insert into price_log (product_id, old_price, new_price, changed_at)
    values (p_product_id, l_old, l_new, systimestamp);
  end bump;

end price_changes;
/
