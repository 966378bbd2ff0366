create or replace trigger customers_history
  after update of name, email, segment on customers
  referencing new as new old as old
  for each row
  when (new.segment <> old.segment or new.email <> old.email)
begin
  insert into customers_hist (customer_id, changed_at, old_segment, new_segment, old_email, new_email)
  values (:old.customer_id, systimestamp, :old.segment, :new.segment, :old.email, :new.email);
end;
/
