-- The SQL NESTED clause, JSON_TABLE without a row path, TYPE (STRICT), JSON vectors of options.
select po.id, li.*
  from purchase_orders po
  nested po.doc.lineItems[*]
  columns (item_no number path '$.itemNumber', part varchar2(40) path '$.part.description', qty number path '$.quantity') li;

select po.id, requestor, phone_type, phone_no
  from purchase_orders po
  nested doc columns (requestor,
                      nested shippingInstructions.phone[*] columns (phone_type path '$.type', phone_no path '$.number'));

select po.id, jt.*
  from purchase_orders po,
       json_table(po.doc columns (ref_no path '$.reference', nested lineItems[*] columns (qty number path '$.quantity'))) jt;

select count(*) from purchase_orders po
 where json_exists(po.doc, '$.lineItems?(@.quantity > 5)' type (strict))
   and po.doc is json strict with unique keys;

select json_value(po.doc, '$.total' returning number type (lax) null on error) from purchase_orders po;

declare
  l_cnt pls_integer;
begin
  select count(*)
    into l_cnt
    from purchase_orders po
    nested path po.doc, '$.lineItems[*]' error on error
    columns (qty number path '$.quantity')
   where qty > 10;

  for r in (select po.id, x.part
              from purchase_orders po
              nested po.doc.lineItems[*] columns (part varchar2(100) path '$.part.description') x
             where x.part like 'A%') loop
    null;
  end loop;

  update purchase_orders po
     set po.doc = json_transform(po.doc, remove '$.draft' ignore on missing, set '$.checked' = true)
   where po.doc is json (object, scalar)
     and po.doc is not json validate using '{"type":"array"}';
end;
/
