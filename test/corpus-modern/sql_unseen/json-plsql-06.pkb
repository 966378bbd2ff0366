create or replace package body order_json_api as

  -- SQL/JSON inside PL/SQL: cursors, SELECT INTO, FOR loops and DML.
  cursor c_lines (p_id number) is
    select jt.sku, jt.qty, jt.price
      from orders_json o,
           json_table(o.doc, '$.items[*]'
             columns (sku   varchar2(30) path '$.sku',
                      qty   number       path '$.qty',
                      price number       path '$.price')) jt
     where o.id = p_id;

  function order_total (p_id in number) return number is
    l_total number;
  begin
    select json_value(o.doc, '$.total' returning number default 0 on empty)
      into l_total
      from orders_json o
     where o.id = p_id;
    return l_total;
  exception
    when no_data_found then
      return null;
  end order_total;

  function as_document (p_id in number) return clob is
    l_doc clob;
  begin
    select json_object(
             'id'    value o.id,
             'lines' value (select json_arrayagg(
                                     json_object('sku' : l.sku, 'qty' : l.qty absent on null)
                                     order by l.line_no returning clob)
                              from order_lines l
                             where l.order_id = o.id) format json,
             'placed' value to_char(o.placed_at, 'yyyy-mm-dd"T"hh24:mi:ss')
             returning clob)
      into l_doc
      from orders o
     where o.id = p_id;
    return l_doc;
  end as_document;

  procedure ship (p_id in number, p_carrier in varchar2) is
  begin
    update orders_json o
       set o.doc = json_transform(o.doc,
                                  set '$.status' = 'SHIPPED',
                                  set '$.carrier' = p_carrier,
                                  remove '$.draft' ignore on missing
                                  returning json)
     where o.id = p_id
       and json_exists(o.doc, '$?(@.status == "PAID")');
    if sql%rowcount = 0 then
      raise_application_error(-20001, 'order ' || p_id || ' is not paid');
    end if;
  end ship;

  procedure print_lines (p_id in number) is
  begin
    for r in c_lines(p_id) loop
      dbms_output.put_line(r.sku || ' x ' || r.qty);
    end loop;
    for r in (select o.doc.customer.name.string() as cname,
                     json_query(o.doc, '$.tags' with wrapper) as tags
                from orders_json o
               where o.id = p_id) loop
      dbms_output.put_line(r.cname || ' ' || r.tags);
    end loop;
  end print_lines;

  function vip_ids return sys.odcinumberlist is
    l_ids sys.odcinumberlist;
  begin
    select o.id bulk collect into l_ids
      from orders_json o
     where json_exists(o.doc, '$.customer?(@.tier == $t)' passing 'GOLD' as "t")
       and o.doc is json strict;
    return l_ids;
  end vip_ids;

  procedure merge_patch (p_id in number, p_patch in clob) is
    l_doc json;
  begin
    select json_mergepatch(o.doc, p_patch returning json) into l_doc from orders_json o where o.id = p_id;
    update orders_json set doc = l_doc where id = p_id;
  end merge_patch;

end order_json_api;
/
