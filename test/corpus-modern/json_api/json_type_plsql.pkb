create or replace package body json_type_demo as

  procedure add_item(p_cart in out json, p_sku in varchar2, p_qty in pls_integer) is
    l_obj json_object_t := json_object_t(p_cart);
    l_items json_array_t;
    l_item json_object_t := json_object_t();
  begin
    l_items := l_obj.get_array('items');
    if l_items is null then
      l_items := json_array_t();
    end if;
    l_item.put('sku', p_sku);
    l_item.put('qty', p_qty);
    l_items.append(l_item);
    l_obj.put('items', l_items);
    p_cart := l_obj.to_json;
  end add_item;

  function total_qty(p_cart in json) return number is
    l_total number;
  begin
    select sum(jt.qty)
      into l_total
      from json_table(p_cart, '$.items[*]' columns (qty number path '$.qty')) jt;
    return l_total;
  end total_qty;

end json_type_demo;
/
