create or replace package body json_values as

  function amount(p_doc in clob) return number is
  begin
    return json_value(p_doc, '$.amount' returning number default 0 on error default 0 on empty);
  end amount;

  function items(p_doc in clob) return clob is
  begin
    return json_query(p_doc, '$.items' returning clob with conditional array wrapper empty array on empty error on error);
  end items;

  function is_vip(p_doc in clob) return boolean is
  begin
    return json_exists(p_doc, '$.tier?(@ == "VIP")' false on error);
  end is_vip;

  function merge_defaults(p_doc in clob, p_defaults in clob) return clob is
  begin
    return json_mergepatch(p_defaults, p_doc returning clob pretty);
  end merge_defaults;

end json_values;
/
