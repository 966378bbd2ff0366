create or replace trigger invoices_bu
  before update of paid_on on invoices
  for each row
  when (old.paid_on is not null and new.paid_on is null)
begin
  raise_application_error(-20102, 'a paid invoice cannot be reopened');
end;
/
