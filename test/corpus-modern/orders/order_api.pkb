create or replace package body order_api as

  function create_order(p_customer_id in number, p_lines in t_lines) return number is
    l_order_id orders.order_id%type;
  begin
    insert into orders (customer_id, status, created_at)
    values (p_customer_id, gc_open, systimestamp)
    returning order_id into l_order_id;

    forall i in indices of p_lines
      insert into order_lines (order_id, product_id, quantity, unit_price)
      values (l_order_id, p_lines(i).product_id, p_lines(i).quantity, p_lines(i).unit_price);

    return l_order_id;
  end create_order;

  procedure ship(p_order_id in number) is
  begin
    update orders o
       set o.status = gc_shipped,
           o.shipped_at = systimestamp
     where o.order_id = p_order_id
    returning old o.status, new o.status into g_old_status, g_new_status;
  end ship;

  function order_total(p_order_id in number) return number deterministic result_cache is
    l_total number;
  begin
    select sum(quantity * unit_price)
      into l_total
      from order_lines
     where order_id = p_order_id;
    return nvl(l_total, 0);
  end order_total;

end order_api;
/
