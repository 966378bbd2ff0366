create edition release_2 as child of ora$base;
alter session set edition = release_2;

create or replace editionable package order_rules as
  function max_lines return pls_integer;
end order_rules;
/

create or replace trigger orders_fwd_xed
  before insert or update on orders_v1
  for each row
  forward crossedition
  disable
begin
  :new.priority := nvl(:new.priority, 3);
end;
/
