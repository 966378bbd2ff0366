create or replace trigger orders_defaults
  before insert on orders
  for each row
  precedes orders_validate
begin
  :new.status := coalesce(:new.status, 'OPEN');
  :new.priority := coalesce(:new.priority, 3);
end;
/
