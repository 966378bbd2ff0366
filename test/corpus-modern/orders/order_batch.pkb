create or replace package body order_batch as

  procedure close_stale_orders(p_days in pls_integer default 30) is
    type t_ids is table of orders.order_id%type;
    l_ids t_ids;
    cursor c_stale is
      select order_id
        from orders
       where status = 'OPEN'
         and created_at < systimestamp - numtodsinterval(p_days, 'DAY')
         for update skip locked;
  begin
    open c_stale;
    loop
      fetch c_stale bulk collect into l_ids limit 500;
      exit when l_ids.count = 0;
      forall i in 1 .. l_ids.count save exceptions
        update orders set status = 'CLOSED' where order_id = l_ids(i);
      commit;
    end loop;
    close c_stale;
  exception
    when others then
      if sqlcode = -24381 then
        for j in 1 .. sql%bulk_exceptions.count loop
          logger.log_error('order ' || l_ids(sql%bulk_exceptions(j).error_index) || ' failed');
        end loop;
      else
        raise;
      end if;
  end close_stale_orders;

  procedure renumber_lines(p_order_id in number) is
  begin
    for r in (select rowid rid, row_number() over (order by line_id) rn
                from order_lines
               where order_id = p_order_id)
    loop
      update order_lines set line_no = r.rn where rowid = r.rid;
    end loop;
  end renumber_lines;

end order_batch;
/
