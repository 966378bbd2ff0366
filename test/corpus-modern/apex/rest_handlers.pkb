create or replace package body rest_handlers as

  procedure get_order(p_order_id in number) is
    l_doc clob;
  begin
    select json_object('id' value order_id, 'status' value status, 'total' value order_api.order_total(order_id) returning clob)
      into l_doc
      from orders
     where order_id = p_order_id;
    owa_util.mime_header('application/json', true);
    htp.prn(l_doc);
  exception
    when no_data_found then
      owa_util.status_line(404, 'Not Found');
  end get_order;

  procedure list_orders(p_page in pls_integer default 1, p_size in pls_integer default 25) is
  begin
    apex_json.open_array;
    for r in (select order_id, status from orders order by order_id
               offset (p_page - 1) * p_size rows fetch next p_size rows only) loop
      apex_json.open_object;
      apex_json.write('id', r.order_id);
      apex_json.write('status', r.status);
      apex_json.close_object;
    end loop;
    apex_json.close_array;
  end list_orders;

end rest_handlers;
/
