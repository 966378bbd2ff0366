create or replace procedure by_month as
begin
  for c in (select id from customers) loop
    for m in 1 .. 12 loop
      for o in (select id from orders where customer_id = c.id and extract(month from ordered) = m) loop
        null;
      end loop;
    end loop;
  end loop;
end;
/
