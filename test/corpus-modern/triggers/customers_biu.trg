create or replace trigger customers_biu
  before insert or update on customers
  for each row
begin
  :new.email := lower(trim(:new.email));
  if inserting then
    :new.created_at := systimestamp;
    :new.created_by := coalesce(sys_context('apex$session', 'app_user'), user);
  end if;
  :new.updated_at := systimestamp;
end customers_biu;
/
