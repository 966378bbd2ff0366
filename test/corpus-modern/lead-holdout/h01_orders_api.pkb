create or replace package body orders_api
as
  type t_order_tab is table of orders%rowtype index by pls_integer;
  g_cache t_order_tab;

  function get_status_label(p_status in orders.status%type) return varchar2
    deterministic
  is
  begin
    return case p_status
             when 'N' then 'New'
             when 'S' then 'Shipped'
             else 'Unknown'
           end;
  end get_status_label;

  procedure archive_old(p_before in date default add_months(trunc(sysdate), -12))
  is
    l_ids sys.odcinumberlist;
  begin
    select o.order_id bulk collect into l_ids
      from orders o
     where o.created_at < p_before
       and not exists (select null from invoices i where i.order_id = o.order_id)
     fetch first 10000 rows only;

    forall i in indices of l_ids save exceptions
      insert into orders_archive
      select * from orders where order_id = l_ids(i);

    forall i in 1 .. l_ids.count
      delete from orders where order_id = l_ids(i)
      returning order_id bulk collect into l_ids;
  exception
    when others then
      if sqlcode = -24381 then
        for j in 1 .. sql%bulk_exceptions.count loop
          logger.log_error('row ' || sql%bulk_exceptions(j).error_index || ': ' ||
                           sqlerrm(-sql%bulk_exceptions(j).error_code));
        end loop;
      else
        raise;
      end if;
  end archive_old;

  function totals_json(p_customer_id in number) return clob
  is
    l_json clob;
  begin
    select json_object(
             'customer' value c.name,
             'orders'   value json_arrayagg(
                                json_object(key 'id' value o.order_id,
                                            'total' value o.total absent on null)
                                order by o.order_id returning clob)
             returning clob)
      into l_json
      from customers c
      join orders o on o.customer_id = c.customer_id
     where c.customer_id = p_customer_id
     group by c.name;
    return l_json;
  end totals_json;

  procedure apply_discount(p_pct in number)
  is
  begin
    merge into order_lines ol
    using (select order_id, sum(amount) as total
             from order_lines
            group by order_id
           having sum(amount) > 1000) big
       on (ol.order_id = big.order_id)
     when matched then
       update set ol.discount = round(ol.amount * p_pct / 100, 2)
       where ol.discount is null
       delete where ol.amount = 0;
  end apply_discount;
end orders_api;
/
