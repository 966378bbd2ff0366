create or replace trigger order_lines_biu
  before insert or update of quantity, unit_price on order_lines
  referencing old as o new as n
  for each row
  when (n.quantity <= 0 or n.unit_price < 0)
begin
  raise_application_error(-20010, 'quantity and price must be positive for line ' || :n.line_id);
end;
/
