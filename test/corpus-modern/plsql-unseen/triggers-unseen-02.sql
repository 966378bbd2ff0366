create or replace trigger orders_cmp
  for insert or update or delete on orders
  compound trigger

  type t_ids is table of orders.order_id%type index by pls_integer;
  g_ids t_ids;
  g_started timestamp;

  procedure flush is
  begin
    forall i in 1 .. g_ids.count
      insert into order_changes (order_id, changed_at) values (g_ids(i), systimestamp);
    g_ids.delete;
  end flush;

  before statement is
  begin
    g_started := systimestamp;
  end before statement;

  before each row is
  begin
    if inserting then
      :new.created_at := sysdate;
    end if;
  end before each row;

  after each row is
  begin
    g_ids(g_ids.count + 1) := nvl(:new.order_id, :old.order_id);
    if g_ids.count >= 500 then
      flush;
    end if;
  end after each row;

  after statement is
  begin
    flush;
  end after statement;

end orders_cmp;
/

create or replace trigger v_orders_cmp
  for insert on orders_v
  compound trigger
  instead of each row is
  begin
    insert into orders (order_id, status) values (:new.order_id, 'NEW');
  end instead of each row;
end;
/

create or replace trigger ddl_guard
  before drop or truncate or alter on schema
declare
  l_obj varchar2(128) := ora_dict_obj_name;
begin
  if ora_sysevent = 'DROP' and ora_dict_obj_type = 'TABLE' and l_obj like 'PROD%' then
    raise_application_error(-20500, 'drops of ' || l_obj || ' are not allowed');
  end if;
end;
/

create or replace trigger ddl_log after ddl on database
begin
  insert into ddl_log (evt, owner, obj, changed_on)
  values (ora_sysevent, ora_dict_obj_owner, ora_dict_obj_name, sysdate);
end;
/

create or replace trigger servererror_log
  after servererror on database
  when (ora_login_user <> 'SYS')
declare
  l_sql ora_name_list_t;
  l_n   pls_integer;
begin
  l_n := ora_sql_txt(l_sql);
  for i in 1 .. l_n loop
    null;
  end loop;
end;
/

create or replace trigger logon_set_ctx after logon on database
when (user not in ('SYS', 'SYSTEM'))
begin
  execute immediate 'alter session set nls_date_format = ''YYYY-MM-DD''';
end;
/

create or replace trigger startup_pin after startup on database
begin
  dbms_shared_pool.keep('APP.BIG_PKG');
end;
/

create or replace trigger before_shutdown before shutdown on database begin null; end;
/

create or replace noneditionable trigger t_user_ddl
  after create or alter or drop or grant or revoke or rename or comment or audit or noaudit or analyze or associate statistics on app.schema
begin
  null;
end;
/
