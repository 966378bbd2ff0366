create or replace package body order_json_api as

  function parse_order (p_doc in clob) return orders%rowtype is
    l_obj   json_object_t := json_object_t.parse(p_doc);
    l_items json_array_t;
    l_item  json_object_t;
    l_keys  json_key_list;
    l_row   orders%rowtype;
  begin
    l_row.order_id := l_obj.get_number('id');
    l_row.status   := nvl(l_obj.get_string('status'), 'NEW');
    l_row.created  := l_obj.get_date('created');
    if l_obj.has('items') and l_obj.get('items').is_array then
      l_items := treat(l_obj.get('items') as json_array_t);
      for i in 0 .. l_items.get_size - 1 loop
        l_item := treat(l_items.get(i) as json_object_t);
        l_keys := l_item.get_keys;
        for k in 1 .. l_keys.count loop
          dbms_output.put_line(l_keys(k) || '=' || l_item.get_string(l_keys(k)));
        end loop;
      end loop;
    end if;
    return l_row;
  end parse_order;

  function to_json (p_order_id number) return clob is
    l_doc clob;
  begin
    select json_object(
             'id'     value o.order_id,
             'status' value o.status,
             'lines'  value (select json_arrayagg(json_object(l.line_no, l.sku, l.qty absent on null) order by l.line_no returning clob)
                               from order_lines l where l.order_id = o.order_id)
             format json
             returning clob)
      into l_doc
      from orders o
     where o.order_id = p_order_id;
    return l_doc;
  end to_json;

  procedure patch (p_order_id number, p_patch clob) is
  begin
    update orders o
       set o.doc = json_mergepatch(o.doc, p_patch returning clob pretty)
     where o.order_id = p_order_id
       and json_exists(o.doc, '$.status?(@ != "CLOSED")');
    update orders o
       set o.doc = json_transform(o.doc, set '$.updated' = systimestamp, remove '$.draft')
     where o.order_id = p_order_id;
  end patch;

  function status_of (p_doc clob) return varchar2 is
    l_status varchar2(30);
  begin
    l_status := json_value(p_doc, '$.status' returning varchar2(30) default 'UNKNOWN' on error);
    return l_status;
  end status_of;

  procedure load_lines (p_doc clob) is
  begin
    insert into order_lines (order_id, line_no, sku, qty)
    select jt.order_id, jt.line_no, jt.sku, jt.qty
      from json_table(p_doc, '$'
             columns (order_id number path '$.id',
                      nested path '$.lines[*]'
                        columns (line_no for ordinality,
                                 sku varchar2(20) path '$.sku',
                                 qty number path '$.qty' default 1 on empty))) jt;
  end load_lines;

end order_json_api;
/
