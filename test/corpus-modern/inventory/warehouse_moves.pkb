create or replace package body warehouse_moves as

  procedure rebalance(p_from in varchar2, p_to in varchar2) is
    cursor c_excess is
      select product_id, on_hand - target_level as excess
        from warehouse_stock
       where warehouse = p_from
         and on_hand > target_level;
  begin
    for r c_excess%rowtype in c_excess loop
      update warehouse_stock set on_hand = on_hand - r.excess where warehouse = p_from and product_id = r.product_id;
      update warehouse_stock set on_hand = on_hand + r.excess where warehouse = p_to and product_id = r.product_id;
    end loop;
  end rebalance;

  procedure count_down is
  begin
    for i in reverse 1 .. 10 loop
      dbms_output.put_line(i);
    end loop;
    for i in 1 .. 3, reverse 1 .. 3 loop
      dbms_output.put_line(i);
    end loop;
    for x number(5,2) in 0 .. 1 by 0.25 loop
      dbms_output.put_line(x);
    end loop;
  end count_down;

end warehouse_moves;
/
