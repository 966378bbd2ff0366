create or replace package body order_json as

  function order_document(p_order_id in number) return json is
    l_doc json;
  begin
    select json_object(
             'orderId'    value o.order_id,
             'customer'   value json_object('id' value c.customer_id, 'name' value c.name),
             'createdAt'  value o.created_at,
             'lines'      value (select json_arrayagg(
                                          json_object(key 'product' value l.product_id,
                                                      key 'qty'     value l.quantity
                                                      absent on null)
                                          order by l.line_no
                                          returning json)
                                   from order_lines l
                                  where l.order_id = o.order_id)
             returning json)
      into l_doc
      from orders o
      join customers c on c.customer_id = o.customer_id
     where o.order_id = p_order_id;
    return l_doc;
  end order_document;

  function pretty_text(p_order_id in number) return clob is
  begin
    return json_serialize(order_document(p_order_id) returning clob pretty);
  end pretty_text;

end order_json;
/
