create or replace trigger trg_orders_audit
  for insert or update or delete on orders
  compound trigger

  type t_ids is table of orders.order_id%type;
  g_ids t_ids := t_ids();

  before statement is
  begin
    g_ids.delete;
  end before statement;

  after each row is
  begin
    g_ids.extend;
    g_ids(g_ids.last) := coalesce(:new.order_id, :old.order_id);
  end after each row;

  after statement is
  begin
    forall i in 1 .. g_ids.count
      insert into orders_audit (order_id, changed_at, changed_by)
      values (g_ids(i), systimestamp, sys_context('USERENV', 'SESSION_USER'));
  end after statement;
end trg_orders_audit;
/
create or replace trigger trg_emp_bi
before insert on employees
referencing new as n old as o
for each row
when (n.salary > 10000)
begin
  :n.created_by := coalesce(:n.created_by, user);
  if inserting then
    :n.created_at := sysdate;
  end if;
end;
/
create or replace trigger trg_logon
after logon on database
begin
  execute immediate q'[alter session set nls_date_format = 'YYYY-MM-DD HH24:MI:SS']';
end;
/
