declare
  l_total number := 0;
begin
  for r in (
    select jt.*
      from api_responses a,
           json_table(a.body, '$'
             columns (
               order_no    varchar2(20) path '$.orderNo',
               row_no      for ordinality,
               has_items   varchar2(5) exists path '$.items',
               nested path '$.items[*]' columns (
                 sku   varchar2(30) path '$.sku',
                 qty   number       path '$.qty' default 0 on empty,
                 price number(10,2) path '$.price' null on error
               )
             )) jt
     where a.received_at > systimestamp - interval '1' hour
  ) loop
    l_total := l_total + nvl(r.qty, 0) * nvl(r.price, 0);
  end loop;
  dbms_output.put_line(json_value('{"a":[1,2]}', '$.a[1]' returning number error on error));
  dbms_output.put_line(json_query('{"a":[1,2]}', '$.a' with conditional array wrapper));
end;
/
