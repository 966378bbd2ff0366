create or replace package body csv_export as

  function orders_csv(p_from in date, p_to in date) return clob is
    l_csv clob;
  begin
    dbms_lob.createtemporary(l_csv, true);
    dbms_lob.append(l_csv, 'order_id;customer;total' || chr(10));
    for r in (select o.order_id, c.name, sum(l.quantity * l.unit_price) total
                from orders o
                join customers c on c.customer_id = o.customer_id
                join order_lines l on l.order_id = o.order_id
               where o.created_at between p_from and p_to
               group by o.order_id, c.name) loop
      dbms_lob.append(l_csv, r.order_id || ';' || replace(r.name, ';', ',') || ';' || to_char(r.total, 'FM999990D00') || chr(10));
    end loop;
    return l_csv;
  end orders_csv;

end csv_export;
/
