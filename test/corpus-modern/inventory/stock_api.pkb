create or replace package body stock_api as

  procedure apply_moves(p_moves in t_stock_moves) is
  begin
    merge into product_stock s
    using (select m.product_id, sum(m.delta) delta from table(p_moves) m group by m.product_id) m
       on (s.product_id = m.product_id)
     when matched then update set s.on_hand = s.on_hand + m.delta
     when not matched then insert (product_id, on_hand) values (m.product_id, m.delta);

    insert into stock_history (product_id, warehouse, delta, moved_at)
    select product_id, warehouse, delta, moved_at from table(p_moves);
  end apply_moves;

  function low_stock(p_threshold in number default 10) return t_stock_moves is
    l_moves t_stock_moves;
  begin
    select t_stock_move(product_id, 'MAIN', on_hand, systimestamp)
      bulk collect into l_moves
      from product_stock
     where on_hand < p_threshold;
    return l_moves;
  end low_stock;

  procedure restock_all is
  begin
    for m in values of low_stock() loop
      purchasing.request(m.product_id, 100 - m.delta);
    end loop;
  end restock_all;

end stock_api;
/
