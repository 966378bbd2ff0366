create or replace procedure report_orders(p_file utl_file.file_type) as
  l_doc   clob;
  l_seen  integer := 0;
  l_id    number;
  l_big   number(10) := 0;
  l_note  nclob;
  type t_ids is table of number;
  type t_holder is record (ids t_ids := t_ids());
  l_holder t_holder;
  cursor c_batches is select customer_id from customers;
  l_batch t_ids;
begin
  for c in (select customer_id from customers) loop
    l_doc := l_doc || c.customer_id;
    l_doc := l_doc || chr(10);
    dbms_output.put_line(c.customer_id);
    sys.dbms_output.put('.');
    l_seen := l_seen + 1;
    l_big := l_big + 1;
    l_note := l_note || 'x';
    l_holder.ids.extend;
    utl_file.put_line_nchar(p_file, c.customer_id, autoflush => true);
    for o in (select order_id from orders where order_id = c.customer_id and rownum = 1) loop
      l_id := o.order_id;
    end loop;
    for o in (select order_id from orders where customer_id = c.customer_id) loop
      l_id := o.order_id;
    end loop;
  end loop;
  -- one output call in a loop: no count; a cursor loop inside the loop over a batch of a BULK COLLECT LIMIT fetch
  open c_batches;
  loop
    fetch c_batches bulk collect into l_batch limit 100;
    exit when l_batch.count = 0;
    for i in 1 .. l_batch.count loop
      dbms_output.put_line(l_batch(i));
      for o in (select order_id from orders where customer_id = l_batch(i)) loop
        l_id := o.order_id;
      end loop;
    end loop;
  end loop;
  close c_batches;
end report_orders;
/
