create or replace package body lock_and_move as

  procedure move(p_product_id in number, p_qty in number) is
    l_on_hand product_stock.on_hand%type;
  begin
    select on_hand into l_on_hand
      from product_stock
     where product_id = p_product_id
       for update wait 5;

    if l_on_hand < p_qty then
      raise_application_error(-20200, 'not enough stock for ' || p_product_id);
    end if;

    update product_stock set on_hand = on_hand - p_qty where product_id = p_product_id;
  end move;

  procedure process_queue is
  begin
    for q in (select request_id, product_id, qty
                from move_requests
               where status = 'NEW'
               order by request_id
                 for update skip locked) loop
      move(q.product_id, q.qty);
      update move_requests set status = 'DONE' where request_id = q.request_id;
    end loop;
  end process_queue;

end lock_and_move;
/
