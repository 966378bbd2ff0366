set define off
declare
  l_doc clob := q'~{"items":[{"sku":"A-1","qty":2},{"sku":"B-7","qty":1}]}~';
begin
  insert into orders_doc (order_id, doc)
  values (orders_seq.nextval, json(l_doc));

  for r in (select jt.sku, jt.qty
              from json_table(l_doc, '$.items[*]'
                     columns (sku varchar2(30) path '$.sku', qty number path '$.qty')) jt) loop
    dbms_output.put_line(r.sku || ' x ' || r.qty);
  end loop;
  commit;
end;
/
